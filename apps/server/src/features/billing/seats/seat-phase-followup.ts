import type Stripe from 'stripe';
import type { Db } from '../../../db/client';
import { withChangeLease } from '../subscription-change/change-lease';
import { plannedNextPeriod, setNextPeriod } from '../subscription-change/next-phase';
import { pendingSeatPhaseOf, setPendingSeatPhase, subscriptionsWithPendingSeatPhase } from './seat-queries';

/** The next phase of a schedule gains the seats its invoice paid for, under one key per invoice. */
export async function addSeatsToNextPhase(
  stripe: Stripe,
  subscription: Stripe.Subscription,
  invoiceId: string,
  seats: { nextBefore: number; added: number },
): Promise<void> {
  const next = await plannedNextPeriod(stripe, subscription);
  // Already there (a repeated follow-up), or changed since by the owner: leave it as it is.
  if (next.quantity !== seats.nextBefore) return;
  await setNextPeriod(
    stripe,
    subscription,
    { ...next, quantity: seats.nextBefore + seats.added },
    `seats-phase:${invoiceId}`,
  );
}

/**
 * Seats bought while a schedule held the next period, with a card that asked for confirmation
 * (add-seats.ts): once their invoice is paid, the next phase sells them too, so the renewal does
 * not drop them. A voided or uncollectible invoice bought nothing; an open one keeps waiting. Runs
 * in the sync job, under each subscription's change lease, before the sync reads the provider.
 */
export async function followPendingSeatPhases(db: Db, stripe: Stripe, customerId: string): Promise<void> {
  const waiting = await subscriptionsWithPendingSeatPhase(db, customerId);
  for (const { id } of waiting) {
    await withChangeLease(db, id, async () => {
      const row = await pendingSeatPhaseOf(db, id);
      const pending = row?.pending;
      if (!pending || !row.providerSubscriptionId) return;
      const invoice = await stripe.invoices.retrieve(pending.invoiceId);
      if (invoice.status === 'open' || invoice.status === 'draft') return;
      if (invoice.status === 'paid') {
        const subscription = await stripe.subscriptions.retrieve(row.providerSubscriptionId, {
          expand: ['discounts'],
        });
        if (subscription.schedule)
          await addSeatsToNextPhase(stripe, subscription, pending.invoiceId, pending);
      }
      await setPendingSeatPhase(db, id, null);
    });
  }
}
