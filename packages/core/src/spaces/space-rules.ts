import type { MemberStatus, Role, SeatType } from '../constants/domain';

/** The URL slug of a space name: lowercase words joined by dashes (the {workspaceSlug} of urlPrefix). */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'space';
}

export function urlPrefixOf(workspace: { id: string; slug: string }): string {
  return `/${workspace.id}/${workspace.slug}`;
}

/** The name of the FREE space every new account gets: "{Name}'s space", at least 5 characters. */
export function personalSpaceName(userName: string): string {
  const first = userName.trim().split(/\s+/)[0] ?? '';
  const name = `${first}'s space`.trim();
  return first && name.length >= 5 ? name.slice(0, 255) : 'My space';
}

/** 001 §5, §6, §8: the ownership transfer texts ('YAMM' is the product name). */
export const TRANSFER_TEXTS = {
  required: 'Please fill in this field.',
  tooManySpaces: 'This user already owns too many spaces.',
  free: 'Transferring ownership is not available in free plan.',
  legacy: (productName: string) => `Transferring ownership is only available to new ${productName} plans.`,
} as const;

/**
 * SPACE-025, SPACE-026: who may become the owner, never the current one. Per-seat spaces: members
 * holding a seat (ADDED_YAMM_USER) who are not on a free trial; otherwise ACTIVE or ACCEPTED
 * members. Either way the membership must be live: a PENDING or DISABLED member cannot receive a
 * space.
 */
export function canBecomeOwner(
  member: { role: Role; status: MemberStatus; seatType: SeatType },
  isPerSeat: boolean,
): boolean {
  if (member.role === 'OWNER') return false;
  if (isPerSeat) {
    return (
      member.seatType === 'ADDED_YAMM_USER' &&
      member.status !== 'FREE_TRIAL' &&
      member.status !== 'PENDING' &&
      member.status !== 'DISABLED'
    );
  }
  return member.status === 'ACTIVE' || member.status === 'ACCEPTED';
}
