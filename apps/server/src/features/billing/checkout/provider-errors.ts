import Stripe from 'stripe';
import { AppError } from '../../../http/app-error';

/**
 * A refusal or outage of the payment provider is not our bug: the caller gets 502
 * payment_provider_error with the provider's message (never a 500, never a card number — Stripe's
 * messages carry none). Our own AppErrors pass through untouched.
 */
export async function fromProvider<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      throw new AppError('payment_provider_error', `The payment provider refused: ${error.message}`);
    }
    throw error;
  }
}
