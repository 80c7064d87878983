import type { BillingInterval, PaymentInfo, UserPlan } from '@mergeboard/core';
import type { AppContext } from '../../../app-context';
import { previewQuantityChange, changePaymentInfo } from '../seats/seat-preview';
import { requireSeatRoom } from '../seats/add-seats';
import {
  liveStripeSubscriptionOfSpace,
  seatItemOf,
  seatPlanOf,
} from '../subscription-change/live-subscription';
import { plannedNextPeriod } from '../subscription-change/next-phase';
import { couponIdOf, idOf } from '../sync/stripe-shapes';
import { priceAtInterval } from './cycle-change';
import { previewedPaidUserChange, seatsAfterRenewal } from './paid-users';

interface ChangeRequest {
  billingInterval: BillingInterval;
  userUpdates: { userId: string; userPlan: UserPlan }[];
}

/**
 * CHK-044 CHK-045 CHK-046, MEM-033: what a change to the space's live subscription costs, for the summary
 * page. A billing-cycle change charges nothing today and the other interval's price from the
 * renewal (it waits in the schedule, see cycle-change.ts); users made paid are seats added now, at
 * a prorated price with the proration date to send back; users made free leave at the renewal.
 */
export async function previewSubscriptionChange(
  context: AppContext,
  workspaceId: string,
  body: ChangeRequest,
): Promise<PaymentInfo> {
  const info = await previewOf(context, workspaceId, body);
  // CHK-070: the price names the users paid under it after the change (the per-seat model sells
  // one seat plan per subscription), so the summary sends them back as the update's user plans.
  const paid = body.userUpdates.filter((update) => update.userPlan !== 'FREE').map((update) => update.userId);
  return { ...info, stripePlans: info.stripePlans.map((plan) => ({ ...plan, userIds: paid })) };
}

async function previewOf(
  context: AppContext,
  workspaceId: string,
  body: ChangeRequest,
): Promise<PaymentInfo> {
  const { db } = context.database;
  const { stripe } = context.payments;
  const row = await liveStripeSubscriptionOfSpace(db, workspaceId);
  const { plan } = await seatPlanOf(db, row.id);
  const subscription = await stripe.subscriptions.retrieve(row.providerSubscriptionId, {
    expand: ['discounts'],
  });
  const item = seatItemOf(subscription);
  const quantity = item.quantity ?? 1;

  if (body.billingInterval !== row.billingInterval) {
    const priceId = await priceAtInterval(db, plan, body.billingInterval);
    const couponId = couponIdOf(subscription);
    const renewal = await stripe.invoices.createPreview({
      customer: idOf(subscription.customer)!,
      currency: row.currency.toLowerCase(),
      ...(couponId ? { discounts: [{ coupon: couponId }] } : {}),
      subscription_details: {
        items: [{ price: priceId, quantity, tax_rates: (item.tax_rates ?? []).map((rate) => rate.id) }],
      },
    });
    return changePaymentInfo(
      row,
      { chargedToday: 0, renewal, prorationDate: null },
      { priceId, quantity, billingInterval: body.billingInterval },
      null,
    );
  }

  // The same seats as the update (paid-users.ts): upgrades beyond the unused seats are bought now
  // at this proration date; downgrades drop seats from the renewal on.
  const change = await previewedPaidUserChange(db, {
    workspaceId,
    subscriptionId: row.id,
    userUpdates: body.userUpdates,
  });
  if (change.seatsToBuy > 0) {
    return previewQuantityChange(stripe, row, subscription, {
      quantity: requireSeatRoom(quantity, change.seatsToBuy),
      prorate: true,
    });
  }
  // As downgradeAtRenewal: seats leave the next period, which may already sell fewer.
  const next = await plannedNextPeriod(stripe, subscription);
  return previewQuantityChange(stripe, row, subscription, {
    quantity: seatsAfterRenewal(change, next.quantity),
    prorate: false,
  });
}
