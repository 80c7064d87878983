import type { SandboxContext } from './sandbox-route';
import { resolveItems } from './billing-items';
import { invoiceDocument } from './invoice-document';
import { periodEnd } from './pricing';
import { chargeInvoice, type PendingEvent } from './sandbox-charges';
import { sandboxId } from './sandbox-ids';
import { findObject, listObjects, replaceObject, type StripeObject } from './sandbox-store';

type Item = { price: StripeObject; quantity: number; tax_rates: StripeObject[]; current_period_end: number };

/**
 * One period turn of a subscription at its period end: canceled when it was set to cancel then,
 * otherwise its next period is invoiced and charged off-session to its saved card (paid: active;
 * refused: past_due, the invoice left open).
 */
async function renewOnce(
  context: SandboxContext,
  subscription: StripeObject,
  publicOrigin: string,
): Promise<{ subscription: StripeObject; events: PendingEvent[] }> {
  const items = (subscription.items as { data: Item[] }).data;
  const start = items[0]!.current_period_end;
  if (subscription.cancel_at_period_end) {
    const canceled = await replaceObject(context.db, {
      ...subscription,
      status: 'canceled',
      canceled_at: start,
      ended_at: start,
    });
    return { subscription: canceled, events: [['customer.subscription.deleted', canceled]] };
  }
  const discountId = (subscription.discounts as string[])[0] ?? null;
  const discount = discountId ? await findObject(context.db, 'discount', discountId) : null;
  const couponId = (discount?.source as { coupon?: string } | undefined)?.coupon;
  const resolved = await resolveItems(
    context.db,
    {
      items: items.map((item) => ({
        price: item.price.id,
        quantity: item.quantity,
        tax_rates: item.tax_rates.map((rate) => rate.id),
      })),
      discounts: couponId ? [{ coupon: couponId }] : [],
    },
    'items',
  );
  const recurring = resolved.recurring;
  const end = periodEnd(start, recurring.interval, recurring.interval_count);
  const draft = invoiceDocument(resolved, {
    id: sandboxId('in'),
    customer: subscription.customer as string,
    subscription: subscription.id,
    subscriptionItems: items.map((item) => (item as unknown as { id: string }).id),
    discount: discountId,
    periodStart: start,
    periodEnd: end,
    billingReason: 'subscription_cycle',
    now: start,
    testClock: subscription.test_clock as string | null,
  });
  const card = await findObject(context.db, 'payment_method', subscription.default_payment_method as string);
  if (!card) throw new Error(`subscription ${subscription.id} has no card`);
  const charge = await chargeInvoice(context.db, draft, {
    paymentMethod: card,
    now: start,
    publicOrigin,
    offSession: true,
  });
  const previous = { status: subscription.status, latest_invoice: subscription.latest_invoice };
  const renewed = await replaceObject(context.db, {
    ...subscription,
    status: charge.paid ? 'active' : 'past_due',
    latest_invoice: charge.invoice.id,
    items: {
      ...(subscription.items as object),
      data: items.map((item) => ({ ...item, current_period_start: start, current_period_end: end })),
    },
  });
  return {
    subscription: renewed,
    events: [...charge.events, ['customer.subscription.updated', renewed, previous]],
  };
}

/**
 * Moves the subscriptions of a test clock's customers up to `frozenTime`, one period at a time,
 * as Stripe does while a clock advances.
 */
export async function runClock(
  context: SandboxContext,
  clockId: string,
  frozenTime: number,
  publicOrigin: string,
): Promise<PendingEvent[]> {
  const events: PendingEvent[] = [];
  const subscriptions = await listObjects(context.db, {
    object: 'subscription',
    url: '/v1/subscriptions',
    limit: 100,
    contains: { test_clock: clockId },
    anyOf: { field: 'status', values: ['active', 'past_due', 'trialing'] },
  });
  for (let subscription of subscriptions.data) {
    const periodEndOf = (value: StripeObject) =>
      (value.items as { data: Item[] }).data[0]!.current_period_end;
    while (subscription.status !== 'canceled' && periodEndOf(subscription) <= frozenTime) {
      const turned = await renewOnce(context, subscription, publicOrigin);
      subscription = turned.subscription;
      events.push(...turned.events);
    }
  }
  return events;
}
