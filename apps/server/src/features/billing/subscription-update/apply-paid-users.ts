import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../../app-context';
import { AppError } from '../../../http/app-error';
import { makeMembersPaid, markMembersForDowngrade, settleScheduledDowngrades } from '../seats/paid-seats';
import { addSeats } from '../seats/add-seats';
import { withChangeLease } from '../subscription-change/change-lease';
import { type SubscriptionRow } from '../subscription-change/live-subscription';
import { pendingSeatRemovalOf } from '../subscription-change/subscription-queries';
import { plannedNextPeriod, setNextPeriod } from '../subscription-change/next-phase';
import { syncBillingCustomer } from '../sync/billing-sync';
import { idOf } from '../sync/stripe-shapes';
import { seatsAfterRenewal, type PaidUserChange } from './paid-users';

type LiveRow = SubscriptionRow & { providerSubscriptionId: string };

/**
 * MEM-033 upgrade: the members fit in the seats paid and unused, or the missing seats are bought
 * now exactly as Add seats buys them (prorated at the previewed date, applied once paid). The
 * members are made paid only once the invoice is paid: a declined card answers 402 payment_failed
 * (addSeats voids the invoice), a card asking for confirmation answers 402
 * payment_requires_confirmation with the invoice's page and the members stay free. Once that
 * invoice is paid, the seats are there (the sync follows the provider), and sending the same
 * change again assigns them without a new charge.
 */
async function upgradeNow(
  context: AppContext,
  row: LiveRow,
  change: PaidUserChange,
  prorationDate: number | undefined,
): Promise<void> {
  const { db } = context.database;
  if (change.seatsToBuy > 0) {
    const purchase = await addSeats(context, {
      workspaceId: row.workspaceId,
      subscriptionId: row.id,
      seatPlans: [{ userPlan: change.userPlan, quantity: change.seatsToBuy }],
      prorationDate,
    });
    if (!purchase.latestInvoice.paid) {
      throw new AppError(
        'payment_requires_confirmation',
        `Confirm the payment on ${purchase.latestInvoice.hostedInvoiceUrl ?? 'the invoice page'}, then make the users paid again: they stay free until it is paid.`,
      );
    }
  } else if (await pendingSeatRemovalOf(db, row.id)) {
    // The seats the members would take are those the renewal removes (SEAT-025).
    throw new AppError(
      'seat_removal_scheduled',
      'A seat removal is scheduled: cancel it before adding paid users.',
    );
  }
  await makeMembersPaid(db, {
    workspaceId: row.workspaceId,
    userIds: change.upgraded,
    userPlan: change.userPlan,
  });
}

/**
 * MEM-033 downgrade: the members keep their seats until the renewal, marked; the schedule's next
 * phase sells that many seats fewer (never fewer than the members still paid then), which is the
 * scheduled seat removal the billing page shows, and the sync after the phase change makes them
 * free (settleScheduledDowngrades). Cancelling that removal keeps them paid.
 */
async function downgradeAtRenewal(context: AppContext, row: LiveRow, change: PaidUserChange): Promise<void> {
  const { db } = context.database;
  const { stripe } = context.payments;
  await withChangeLease(db, row.id, async () => {
    const subscription = await stripe.subscriptions.retrieve(row.providerSubscriptionId, {
      expand: ['discounts'],
    });
    const next = await plannedNextPeriod(stripe, subscription);
    const quantity = seatsAfterRenewal(change, next.quantity);
    if (quantity < next.quantity) {
      await setNextPeriod(
        stripe,
        subscription,
        { ...next, quantity },
        `paid-users-down:${row.id}:${randomUUID()}`,
      );
    }
    await syncBillingCustomer(db, stripe, row.providerCustomerId ?? idOf(subscription.customer)!);
    await markMembersForDowngrade(db, { workspaceId: row.workspaceId, userIds: change.downgraded });
    if (quantity >= next.quantity && !(await pendingSeatRemovalOf(db, row.id))) {
      // No paid seat is left to remove for them (more paid members than seats): free them now.
      await settleScheduledDowngrades(db, { workspaceId: row.workspaceId, applied: true });
    }
  });
}

/** MEM-033: upgrades apply now (charged first), downgrades wait for the renewal. */
export async function applyPaidUserChange(
  context: AppContext,
  row: LiveRow,
  change: PaidUserChange,
  prorationDate: number | undefined,
): Promise<void> {
  if (change.upgraded.length > 0) await upgradeNow(context, row, change, prorationDate);
  if (change.downgraded.length > 0) await downgradeAtRenewal(context, row, change);
}
