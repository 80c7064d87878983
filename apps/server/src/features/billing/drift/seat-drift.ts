import Stripe from 'stripe';
import type { Db } from '../../../db/client';
import { liveStripeSeatCounts } from '../billing-queries';

/** One live subscription whose seats disagree (RELIABILITY: seats usable always equal seats paid). */
interface SeatDrift {
  workspaceId: string;
  subscriptionId: string;
  /** The quantity the provider bills; null when the provider has no such subscription. */
  seatsPaid: number | null;
  /** Seats our rows say were bought. */
  seatsRecorded: number;
  /** Seats assigned to members. */
  seatsUsed: number;
}

async function seatsPaidOf(stripe: Stripe, id: string): Promise<number | null> {
  try {
    const provider = await stripe.subscriptions.retrieve(id);
    return provider.items.data.reduce((sum, item) => sum + (item.quantity ?? 1), 0);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') {
      return null;
    }
    throw error;
  }
}

/**
 * Every live Stripe subscription whose seats used exceed the seats paid, or whose recorded seats
 * differ from what the provider bills (a missed webhook, a change made in the provider's
 * dashboard). Reads only: the sync corrects what it can, people decide about the rest.
 */
export async function findSeatDrift(db: Db, stripe: Stripe): Promise<SeatDrift[]> {
  const live = await liveStripeSeatCounts(db);
  const drift: SeatDrift[] = [];
  for (const row of live) {
    const seatsPaid = await seatsPaidOf(stripe, row.providerSubscriptionId!);
    if (seatsPaid === null || row.seatsUsed > seatsPaid || row.seatsRecorded !== seatsPaid) {
      drift.push({
        workspaceId: row.workspaceId,
        subscriptionId: row.subscriptionId,
        seatsPaid,
        seatsRecorded: row.seatsRecorded,
        seatsUsed: row.seatsUsed,
      });
    }
  }
  return drift;
}
