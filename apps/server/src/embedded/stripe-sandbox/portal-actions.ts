import type { CardBehaviour } from './cards';
import { sendEvents } from './checkout-payment';
import { customerNow } from './sandbox-clock';
import { payOpenInvoice } from './invoice-settlement';
import { insertCard, type PendingEvent } from './sandbox-charges';
import type { SandboxContext } from './sandbox-route';
import { findObject, listObjects, lockObject, replaceObject, type StripeObject } from './sandbox-store';

/** A subscription still billed: its card and its cancellation can change. */
const LIVE = ['active', 'past_due', 'unpaid', 'trialing', 'incomplete'];

export function liveSubscriptions(context: SandboxContext, customer: string) {
  return listObjects(context.db, {
    object: 'subscription',
    url: '/v1/subscriptions',
    limit: 100,
    contains: { customer },
    anyOf: { field: 'status', values: LIVE },
  });
}

/**
 * The portal's "Update card": the card becomes the customer's and its subscriptions' default, and
 * every open latest invoice is charged to it at once (as Stripe retries on a new card). A paid
 * invoice brings a past_due subscription back to active and applies a pending update. Answers
 * how many charges still failed.
 */
export async function updatePortalCard(
  context: SandboxContext,
  options: { customer: string; card: { brand: string; last4: string; behaviour: CardBehaviour } },
): Promise<{ unpaid: number }> {
  const outcome = await context.db.transaction(async (tx) => {
    const customer = await lockObject(tx, 'customer', options.customer);
    if (!customer) return { unpaid: 0, events: [] as PendingEvent[] };
    const now = await customerNow(tx, customer.id);
    const card = await insertCard(tx, options.card, customer.id, now);
    const updatedCustomer = await replaceObject(tx, {
      ...customer,
      invoice_settings: { ...(customer.invoice_settings as object), default_payment_method: card.id },
    });
    const events: PendingEvent[] = [
      ['payment_method.attached', card],
      ['customer.updated', updatedCustomer],
    ];
    let unpaid = 0;
    for (const listed of (await liveSubscriptions({ ...context, db: tx }, customer.id)).data) {
      const subscription = (await lockObject(tx, 'subscription', listed.id)) ?? listed;
      const updated = await replaceObject(tx, { ...subscription, default_payment_method: card.id });
      events.push([
        'customer.subscription.updated',
        updated,
        { default_payment_method: subscription.default_payment_method },
      ]);
      const invoice = await findObject(tx, 'invoice', subscription.latest_invoice as string);
      if (invoice?.status !== 'open') continue;
      const retry = await payOpenInvoice(tx, invoice, { paymentMethod: card, now, offSession: false });
      events.push(...retry.events);
      if (!retry.paid) unpaid += 1;
    }
    return { unpaid, events };
  });
  await sendEvents(context, outcome.events);
  return { unpaid: outcome.unpaid };
}

/** The portal's "Cancel at period end": the subscription runs to its period end, then stops. */
export async function cancelAtPeriodEnd(
  context: SandboxContext,
  options: { customer: string; subscription: string },
): Promise<StripeObject | null> {
  const outcome = await context.db.transaction(async (tx) => {
    const subscription = await lockObject(tx, 'subscription', options.subscription);
    if (subscription?.customer !== options.customer || !LIVE.includes(subscription.status as string)) {
      return null;
    }
    if (subscription.cancel_at_period_end) return { subscription, events: [] as PendingEvent[] };
    const end = (subscription.items as { data: { current_period_end: number }[] }).data[0]!
      .current_period_end;
    const updated = await replaceObject(tx, {
      ...subscription,
      cancel_at_period_end: true,
      cancel_at: end,
      canceled_at: await customerNow(tx, options.customer),
      cancellation_details: { comment: null, feedback: null, reason: 'cancellation_requested' },
    });
    const previous = {
      cancel_at_period_end: false,
      cancel_at: subscription.cancel_at ?? null,
      canceled_at: null,
    };
    return {
      subscription: updated,
      events: [['customer.subscription.updated', updated, previous]] as PendingEvent[],
    };
  });
  if (!outcome) return null;
  await sendEvents(context, outcome.events);
  return outcome.subscription;
}
