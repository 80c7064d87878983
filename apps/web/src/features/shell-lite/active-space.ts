import { PLAN_LABELS } from '@mergeboard/core';
import type { Role, UserWorkspace, WorkspacePlan } from '@mergeboard/core';

/** The space shown as active until the space shell arrives: the sending space, else the first. */
export function activeSpaceOf(spaces: readonly UserWorkspace[] | undefined): UserWorkspace | null {
  if (!spaces?.length) return null;
  return spaces.find((space) => space.isSendingWorkspace) ?? spaces[0] ?? null;
}

export function planLabel(plan: WorkspacePlan): string {
  return PLAN_LABELS[plan];
}

const ROLE_LABELS: Record<Role, string> = { OWNER: 'Owner', ADMIN: 'Admin', MEMBER: 'Member' };

export function roleLabel(role: Role): string {
  return ROLE_LABELS[role];
}
