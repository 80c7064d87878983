import { SEATS } from '../../constants/limits';

/** CHK-007: a team buys 2 to 100 seats; above that it contacts support. */
export const TEAM_SEATS = { min: SEATS.teamMinimum, max: SEATS.maximum } as const;

export const SEAT_CONTACT_TEXT = `Contact us if you need more than ${SEATS.maximum} seats`;

/** CHK-002, CHK-003: what each answer to 'just for yourself or for a team?' sets. */
export const SEAT_CHOICES = {
  myself: { label: 'For myself', seats: 1 },
  team: { label: 'For a team', seats: SEATS.teamMinimum },
} as const;
export type SeatChoice = keyof typeof SEAT_CHOICES;

export const seatChoiceOf = (seats: number): SeatChoice => (seats > 1 ? 'team' : 'myself');

/** CHK-008: typing or pasting into the spinner keeps the digits only. */
export const digitsOnly = (text: string) => text.replace(/\D/g, '');

/** CHK-009: the spinner's message for a value outside its bounds; null when it is fine. */
export function seatRangeError(
  value: number | null,
  { min, max }: { min: number; max: number },
): string | null {
  if (value !== null && Number.isInteger(value) && value >= min && value <= max) return null;
  return min === max ? `The only allowed number is ${min}.` : `The number must be between ${min} and ${max}.`;
}

/** CHK-005: the contact box shows once the team reaches the maximum. */
export const showsSeatContact = (seats: number) => seats >= SEATS.maximum;

/** CHK-010: Next waits for a valid seat count and a loaded price. */
export const canLeaveSeatPage = (input: { seatError: string | null; priceLoading: boolean }) =>
  input.seatError === null && !input.priceLoading;

/** CHK-011: no seat price lines for zero seats. */
export const showsSeatPrice = (seats: number) => seats > 0;

/** CHK-071: a v2 price preview is asked for only when every seat plan has a number of seats. */
export const canPreviewSeats = (seatPlans: readonly { quantity: number | null | undefined }[]) =>
  seatPlans.length > 0 &&
  seatPlans.every((plan) => typeof plan.quantity === 'number' && Number.isFinite(plan.quantity));

/** CHK-089: the legacy users step pays 1 to the Pro plan's allowed user count. */
export const legacyUsersError = (selected: number, allowedUserCount: number) =>
  seatRangeError(selected, { min: 1, max: allowedUserCount });
