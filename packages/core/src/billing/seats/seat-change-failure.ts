import { SEATS } from '../../constants/limits';
import { SEAT_TEXTS } from './seat-changes';
import { CHECKOUT_FAILURE_TEXTS, SERVER_ERROR_KEY } from '../checkout/session-failure';

/** SEAT-018: what a failed seat change shows, by the server's error code (its key). */
export interface SeatChangeFailure {
  key: string;
  message: string;
}

/**
 * SEAT-018, SEAT-022, SEAT-025: the banner of a refused seat change. The codes the server gives
 * a seat change keep their own message (the paid-user maximum, seats still in use, a removal
 * already scheduled, a declined card, no live subscription); anything else is the checkout's
 * 'An error occurred. Please try again.' under the key server-error (C16).
 */
export function seatChangeFailure(code: string | undefined): SeatChangeFailure {
  switch (code) {
    case 'max_users_reached':
      return { key: code, message: `Your current plan allows a maximum of ${SEATS.maximum} paid users.` };
    case 'seats_in_use':
      return { key: code, message: SEAT_TEXTS.removeMembersFirst };
    case 'seat_removal_scheduled':
      return { key: code, message: SEAT_TEXTS.cancelDowngradeFirst };
    case 'payment_failed':
      return { key: code, message: 'Your last payment attempt failed' };
    case 'subscription_not_active':
      return { key: code, message: 'Your subscription is not active.' };
    default:
      return { key: SERVER_ERROR_KEY, message: CHECKOUT_FAILURE_TEXTS.tryAgain };
  }
}
