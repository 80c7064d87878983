import type { BillingInterval, PaymentInfo, UserPlan } from '@mergeboard/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../../app-context';
import { memberships } from '../../../db/schema';
import { AppError } from '../../../http/app-error';
import { previewQuantityChange, changePaymentInfo } from '../seats/seat-preview';
import { requireSeatRoom } from '../seats/add-seats';
import {
  liveStripeSubscriptionOfSpace,
  seatItemOf,
  seatPlanOf,
} from '../subscription-change/live-subscription';
import { couponIdOf, idOf } from '../sync/stripe-shapes';
import { priceAtInterval } from './cycle-change';

interface ChangeRequest {
  billingInterval: BillingInterval;
  userUpdates: { userId: string; userPlan: UserPlan }[];
}

/**
 * CHK-044..046, MEM-033: what a change to the space's live subscription costs, for the summary
 * page. A billing-cycle change charges nothing today and the other interval's price from the
 * renewal (it waits in the schedule, see cycle-change.ts); users made paid are seats added now, at
 * a prorated price with the proration date to send back; users made free leave at the renewal.
 */
export async function previewSubscriptionChange(
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

  const ids = body.userUpdates.map((update) => update.userId);
  const members = await db
    .select({ userId: memberships.userId, userPlan: memberships.userPlan })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), inArray(memberships.userId, ids)));
  if (members.length !== new Set(ids).size) {
    const message = 'userUpdates must name members of this space';
    throw new AppError('validation_failed', message, { fields: { 'body.userUpdates': message } });
  }
  const paidNow = new Set(members.filter((m) => m.userPlan !== 'FREE').map((m) => m.userId));
  const upgrades = body.userUpdates.filter((u) => u.userPlan !== 'FREE' && !paidNow.has(u.userId)).length;
  const downgrades = body.userUpdates.filter((u) => u.userPlan === 'FREE' && paidNow.has(u.userId)).length;
  if (upgrades > 0) {
    return previewQuantityChange(stripe, row, subscription, {
      quantity: requireSeatRoom(quantity, upgrades),
      prorate: true,
    });
  }
  return previewQuantityChange(stripe, row, subscription, {
    quantity: Math.max(1, quantity - downgrades),
    prorate: false,
  });
}
