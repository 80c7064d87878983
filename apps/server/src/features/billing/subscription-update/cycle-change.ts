import type { BillingInterval } from '@mergeboard/core';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../../app-context';
import type { Db } from '../../../db/client';
import type { paymentPlans } from '../../../db/schema';
import { AppError } from '../../../http/app-error';
import { withChangeLease } from '../subscription-change/change-lease';
import type { SubscriptionRow } from '../subscription-change/live-subscription';
import { currentPlanOf, plannedNextPeriod, setNextPeriod } from '../subscription-change/next-phase';
import { activePriceAtInterval, subscriptionById } from '../subscription-change/subscription-queries';
import { syncBillingCustomer } from '../sync/billing-sync';
import { idOf } from '../sync/stripe-shapes';

/** The price of the same seats billed at the other interval: same plan, user plan and currency. */
export async function priceAtInterval(
  db: Db,
  plan: typeof paymentPlans.$inferSelect,
  billingInterval: BillingInterval,
): Promise<string> {
  const other = await activePriceAtInterval(db, plan, billingInterval);
  if (!other) {
    throw new AppError(
      'price_not_available',
      `No ${plan.workspacePlan} ${billingInterval.toLowerCase()} price in ${plan.currency} for these seats`,
    );
  }
  return other.stripePriceId;
}

async function freshRow(db: Db, id: string) {
  return (await subscriptionById(db, id))!;
}

/**
 * CHK-044, CHK-045, BILL-013: the billing cycle changes at the end of the current one, both ways:
 * the schedule's next phase sells the seats at the other interval's price. Stripe would reset the
 * billing cycle and prorate if the price were swapped on the subscription itself; held in the
 * schedule, yearly→monthly keeps the year that was paid, and monthly→yearly charges the year at the
 * renewal, so nothing is charged today either way and 'Starting {date}' shows what comes.
 * BILL-027: refused while any change waits in the schedule (the billing page's
 * cannot-change-billing-cycle-when-scheduled).
 */
export async function scheduleCycleChange(
  context: AppContext,
  row: SubscriptionRow & { providerSubscriptionId: string },
  plan: typeof paymentPlans.$inferSelect,
  billingInterval: BillingInterval,
): Promise<void> {
  const { db } = context.database;
  const { stripe } = context.payments;
  if (billingInterval === row.billingInterval) {
    throw new AppError(
      'nothing_to_change',
      `The subscription is billed ${billingInterval.toLowerCase()} already.`,
    );
  }
  const priceId = await priceAtInterval(db, plan, billingInterval);
  await withChangeLease(db, row.id, async () => {
    const subscription = await stripe.subscriptions.retrieve(row.providerSubscriptionId, {
      expand: ['discounts'],
    });
    if (subscription.schedule || (await freshRow(db, row.id)).providerScheduleId) {
      throw new AppError(
        'billing_cycle_change_scheduled',
        'A change is already scheduled for the end of this billing cycle; cancel it first.',
      );
    }
    await setNextPeriod(
      stripe,
      subscription,
      { priceId, quantity: currentPlanOf(subscription).quantity },
      `cycle-change:${row.id}:${randomUUID()}`,
    );
    await syncBillingCustomer(db, stripe, idOf(subscription.customer)!);
  });
}

/** BILL-014: drops the waiting billing-cycle change; a schedule left with no change is released. */
export async function cancelCycleChange(
  context: AppContext,
  row: SubscriptionRow & { providerSubscriptionId: string },
): Promise<void> {
  const { db } = context.database;
  const { stripe } = context.payments;
  await withChangeLease(db, row.id, async () => {
    if (!(await freshRow(db, row.id)).scheduledBillingInterval) {
      throw new AppError('nothing_to_change', 'No billing-cycle change is scheduled.');
    }
    const subscription = await stripe.subscriptions.retrieve(row.providerSubscriptionId, {
      expand: ['discounts'],
    });
    const next = await plannedNextPeriod(stripe, subscription);
    await setNextPeriod(
      stripe,
      subscription,
      { priceId: currentPlanOf(subscription).priceId, quantity: next.quantity },
      `cycle-change-cancel:${row.id}:${randomUUID()}`,
    );
    await syncBillingCustomer(db, stripe, idOf(subscription.customer)!);
  });
}
