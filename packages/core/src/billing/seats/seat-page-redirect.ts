import { SEAT_TEXTS, type SeatCount } from './seat-changes';

/** The two seat pages of the checkout (SEAT-031). */
export type SeatPage = 'add-seats' | 'remove-seats';

/** Why a seat page sends the person to the billing page (SEAT-005, SEAT-006). */
export type SeatPageRedirectReason =
  'gmail-user' | 'no-subscription' | 'scheduled-removal' | 'unlimited-seats' | 'single-seat';

/**
 * SEAT-005, SEAT-006: the seat pages send the person to the billing page when they cannot be
 * used: a Gmail-type user, no subscription details, a removal already scheduled, unlimited seats
 * (-1), or, for the remove page, a single seat. Answers why, or null when the page may be used.
 */
export function seatPageRedirect(input: {
  page: SeatPage;
  isGmailUser: boolean;
  seats: SeatCount | null;
  hasScheduledRemoval: boolean;
}): SeatPageRedirectReason | null {
  const { seats } = input;
  if (input.isGmailUser) return 'gmail-user';
  if (seats === null) return 'no-subscription';
  if (input.hasScheduledRemoval) return 'scheduled-removal';
  if (seats.totalSeats === -1) return 'unlimited-seats';
  return input.page === 'remove-seats' && seats.totalSeats <= 1 ? 'single-seat' : null;
}

/**
 * Issue 24 (ours): the banner of the billing page reached from a seat page it was sent away from,
 * which says why, so the redirect is not a silent one. The scheduled removal's reason ends with the
 * spec's tooltip (SEAT-025); its banner, right below, holds the way to cancel it (SEAT-026).
 */
export function seatPageRedirectNotice(page: SeatPage, reason: SeatPageRedirectReason) {
  const title = page === 'add-seats' ? 'Seats cannot be added' : 'Seats cannot be removed';
  const messages: Record<SeatPageRedirectReason, string> = {
    'gmail-user':
      'Seats are bought for Google Workspace spaces. A Gmail account’s plan covers its owner only, so it has no seats to change.',
    'no-subscription': 'This space has no subscription whose seats can be changed here.',
    'scheduled-removal': `A seat removal is scheduled, and seats cannot be added or removed until it is cancelled. ${SEAT_TEXTS.cancelDowngradeFirst}`,
    'unlimited-seats': 'Your plan has unlimited seats: there are none to add or remove.',
    'single-seat': 'Your subscription has a single seat, which cannot be removed.',
  };
  return { title, message: messages[reason] };
}

/** The navigation state a seat page sends the person to billing with: the page, and why. */
export const seatPageRedirectState = (page: SeatPage, reason: SeatPageRedirectReason) => ({
  seatPageRedirect: { page, reason },
});

const SEAT_PAGES: readonly string[] = ['add-seats', 'remove-seats'] satisfies SeatPage[];
const REDIRECT_REASONS: readonly string[] = [
  'gmail-user',
  'no-subscription',
  'scheduled-removal',
  'unlimited-seats',
  'single-seat',
] satisfies SeatPageRedirectReason[];

/** The seat page and reason a location's state carries (seatPageRedirectState), or null. */
export function seatPageRedirectOf(
  state: unknown,
): { page: SeatPage; reason: SeatPageRedirectReason } | null {
  const value = (state as { seatPageRedirect?: { page?: unknown; reason?: unknown } } | null)
    ?.seatPageRedirect;
  if (typeof value?.page !== 'string' || typeof value.reason !== 'string') return null;
  if (!SEAT_PAGES.includes(value.page) || !REDIRECT_REASONS.includes(value.reason)) return null;
  return { page: value.page as SeatPage, reason: value.reason as SeatPageRedirectReason };
}
