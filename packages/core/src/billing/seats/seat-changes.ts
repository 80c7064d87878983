import type { PaymentSource, Role, WorkspacePlan } from '../../constants/domain';
import { SEATS } from '../../constants/limits';

/**
 * The seat screens' texts (000 §2, §4, 001 §4), word for word where the spec quotes them; those
 * marked "ours" are worded by us because the spec names the message but not its text.
 */
export const SEAT_TEXTS = {
  /** SEAT-012. */
  taxesIncluded: 'All displayed prices include applicable taxes.',
  /** SEAT-022. */
  removeMembersFirst: 'You need to remove members before removing seats.',
  /** SEAT-029. */
  downgradeCancelled: 'You successfully cancelled the previously scheduled downgrade.',
  /**
   * SEAT-025: the tooltip of the seat controls while a removal is scheduled, the spec's words
   * ('tooltip: cancel the downgrade first', 001 §4) written as a sentence.
   */
  cancelDowngradeFirst: 'Cancel the downgrade first.',
  /** SEAT-014 (ours): the notice at the maximum. */
  maximumReached: `You have reached the maximum of ${SEATS.maximum} seats for a space.`,
  /** SEAT-015 (ours): the step after a purchase whose payment needs the payer's confirmation. */
  confirmPaymentTitle: 'Confirm your payment',
  confirmPaymentText:
    'Your bank asks you to confirm this payment. Open the invoice, confirm the payment there, then come back to this page. The seats are added once the payment is confirmed.',
  /** Ours: the re-check after confirming finds the invoice still unpaid. */
  stillUnconfirmed: 'The payment is not confirmed yet. Confirm it on the invoice page, then try again.',
} as const;

const seats = (n: number) => `${n} ${n === 1 ? 'seat' : 'seats'}`;

/** SEAT-013: the add button names the seats it adds ('Add N seats'; 'Add 1 seat' for one). */
export const addSeatsLabel = (n: number) => `Add ${seats(n)}`;

/** SEAT-022: the remove button names the seats it removes ('Remove N seats'). */
export const removeSeatsLabel = (n: number) => `Remove ${seats(n)}`;

/** SEAT-026 (ours): the scheduled downgrade banner, from its target seat count and date. */
export const scheduledRemovalText = (targetSeats: number, date: string) =>
  `Your subscription is scheduled to go down to ${seats(targetSeats)} on ${date}.`;

/**
 * SEAT-026, SEAT-027 (decision C1): who sees the scheduled downgrade banner: the owner and the
 * admins of a PRO space. Members never do (their lookup would not run anyway, SEAT-024).
 */
export const seesScheduledRemoval = (input: { workspacePlan: WorkspacePlan; role: Role }) =>
  input.workspacePlan === 'PRO' && input.role !== 'MEMBER';

/**
 * SEAT-024: the scheduled-removal lookup runs only for a PRO space, a user above MEMBER, and a
 * subscription paid through neither SUPPORT nor OFFLINE (those are changed by hand, not here).
 */
export const looksUpScheduledRemoval = (input: {
  workspacePlan: WorkspacePlan;
  role: Role;
  paymentSource: PaymentSource;
}) => seesScheduledRemoval(input) && input.paymentSource !== 'SUPPORT' && input.paymentSource !== 'OFFLINE';

/** SEAT-028: only the owner cancels a scheduled downgrade; an admin is told to ask the owner. */
export const cancelsScheduledRemoval = (role: Role) => role === 'OWNER';

/** The seats of the live subscription a seat page works on; null when it has none. */
export interface SeatCount {
  totalSeats: number;
  assignedSeats: number;
}

/** SEAT-007: the seats still to add: the paid-user maximum minus the current seats. */
export const seatsLeftToAdd = (totalSeats: number) => Math.max(0, SEATS.maximum - totalSeats);

/**
 * SEAT-019, SEAT-022: the totals the remove page offers, from total − 1 down to the assigned
 * seats (never below 1). Empty when every seat is used: members must go before seats do.
 */
export function removableSeatTotals({ totalSeats, assignedSeats }: SeatCount): number[] {
  const lowest = Math.max(assignedSeats, 1);
  const totals: number[] = [];
  for (let total = totalSeats - 1; total >= lowest; total -= 1) totals.push(total);
  return totals;
}

/**
 * SEAT-016: a purchase is in once the subscription holds the seats it was expected to; until
 * then the page reads the subscription again (after 2 s, and once more after 2 s).
 */
export const seatPurchaseSettled = (expectedTotalSeats: number, totalSeats: number | null) =>
  totalSeats === null || totalSeats >= expectedTotalSeats;

/**
 * SEAT-017, SEAT-023 (decisions C7, C8): the billing page's query after a seat change:
 * checkout=success and the seats added or removed, as parseCheckoutReturn reads them.
 */
export function seatChangeReturnQuery(change: 'added' | 'removed', count: number): string {
  const name = change === 'added' ? 'addedSeats' : 'removedSeats';
  return `?${new URLSearchParams({ checkout: 'success', [name]: String(count) })}`;
}

/**
 * SEAT-009: what one seat costs per month at the next renewal, from the prorated preview's next
 * payment (tax and volume coupon included) spread over the seats it pays for.
 */
export function perSeatPerMonth(input: {
  nextPayment: number;
  seats: number;
  interval: 'MONTHLY' | 'YEARLY';
}): number {
  const perSeat = input.nextPayment / Math.max(input.seats, 1);
  return Math.round(input.interval === 'YEARLY' ? perSeat / 12 : perSeat);
}

/**
 * SEAT-030: the navigation state that opens the cancel-downgrade dialog on arrival: from the
 * Users page's seat actions (user assignment) or from the billing page itself.
 */
export type CancelDowngradeOrigin = 'users' | 'billing';

export const cancelDowngradeState = (origin: CancelDowngradeOrigin) => ({ cancelDowngrade: origin });

/** The origin a location's state asks the dialog for, or null. */
export function cancelDowngradeOrigin(state: unknown): CancelDowngradeOrigin | null {
  const value = (state as { cancelDowngrade?: unknown } | null)?.cancelDowngrade;
  return value === 'users' || value === 'billing' ? value : null;
}
