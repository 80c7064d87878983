import type { Db } from '../../db/client';
import { subscriptionItems, type SubscriptionItem } from './billing-items';
import { previousAttributes } from './previous-attributes';
import { retryInvoice, type PendingEvent } from './sandbox-charges';
import { mergeMetadata } from './sandbox-params';
import { findObject, lockObject, replaceObject, type StripeObject } from './sandbox-store';

/** Stripe's pending_update, as the sandbox keeps it: the changed items replace theirs by id. */
export interface PendingUpdate {
  expires_at: number;
  subscription_items: SubscriptionItem[];
  metadata: Record<string, string> | null;
}

/** The subscription with its pending update applied (items replaced by id, metadata merged). */
function withPendingUpdate(subscription: StripeObject): StripeObject {
  const pending = subscription.pending_update as PendingUpdate | null;
  if (!pending) return subscription;
  const items = subscriptionItems(subscription).map(
    (item) => pending.subscription_items.find((changed) => changed.id === item.id) ?? item,
  );
  return {
    ...subscription,
    items: { ...(subscription.items as object), data: items },
    metadata: pending.metadata
      ? mergeMetadata(subscription.metadata as Record<string, string>, pending.metadata)
      : subscription.metadata,
    pending_update: null,
  };
}

/**
 * What paying a subscription's latest invoice after the fact does to the subscription, as at
 * Stripe: its pending update is applied (the seats bought become usable only now), and a past_due
 * subscription is active again, its automatic retries stopped.
 */
async function settleSubscription(db: Db, invoice: StripeObject): Promise<PendingEvent[]> {
  const subscriptionId = (invoice.parent as { subscription_details?: { subscription?: string } } | null)
    ?.subscription_details?.subscription;
  if (!subscriptionId || invoice.status !== 'paid') return [];
  const subscription = await lockObject(db, 'subscription', subscriptionId);
  if (!subscription || subscription.latest_invoice !== invoice.id) return [];
  const applied = withPendingUpdate(subscription);
  const reactivated = ['past_due', 'unpaid', 'incomplete'].includes(subscription.status as string);
  const next = { ...applied, status: reactivated ? 'active' : applied.status, _retry: null };
  const previous = previousAttributes(subscription, next);
  if (Object.keys(previous).length === 0) return [];
  const updated = await replaceObject(db, next);
  return [['customer.subscription.updated', updated, previous]];
}

/**
 * Charges an open invoice again (a new card saved, an automatic retry, an authentication
 * completed), and settles its subscription when it is paid.
 */
export async function payOpenInvoice(
  db: Db,
  invoice: StripeObject,
  options: Parameters<typeof retryInvoice>[2],
): Promise<{ invoice: StripeObject; paid: boolean; events: PendingEvent[] }> {
  const retry = await retryInvoice(db, invoice, options);
  if (!retry.paid) return retry;
  return { ...retry, events: [...retry.events, ...(await settleSubscription(db, retry.invoice))] };
}

/** The card a subscription's invoices are charged to: its own default, else its customer's. */
export async function defaultCard(db: Db, subscription: StripeObject): Promise<StripeObject | null> {
  const customer = await findObject(db, 'customer', subscription.customer as string);
  const id =
    (subscription.default_payment_method as string | null) ??
    (customer?.invoice_settings as { default_payment_method?: string | null } | undefined)
      ?.default_payment_method;
  return id ? findObject(db, 'payment_method', id) : null;
}

/** An open invoice made void at `at`: nothing more is due or retried. */
export async function voidOpenInvoice(db: Db, invoice: StripeObject, at: number): Promise<StripeObject> {
  return replaceObject(db, {
    ...invoice,
    status: 'void',
    amount_remaining: 0,
    next_payment_attempt: null,
    status_transitions: { ...(invoice.status_transitions as object), voided_at: at },
  });
}
