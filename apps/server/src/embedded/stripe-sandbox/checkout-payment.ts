import type { SandboxContext } from './sandbox-route';
import type { CardBehaviour } from './cards';
import { resolveItems, type itemParam } from './billing-items';
import { invoiceDocument } from './invoice-document';
import { periodEnd } from './pricing';
import { customerNow } from './sandbox-clock';
import { chargeInvoice, insertCard, type PendingEvent } from './sandbox-charges';
import { sandboxId, unixNow } from './sandbox-ids';
import { findObject, insertObject, lockObject, replaceObject, type StripeObject } from './sandbox-store';
import { discountDocument, subscriptionDocument } from './subscription-documents';
import type { z } from 'zod';

/** What a session keeps to itself about the subscription it will create. */
export interface SessionPurchase {
  _items: z.infer<typeof itemParam>[];
  _discounts: { coupon: string }[];
  _subscription_metadata: Record<string, string>;
}

const isDue = (session: StripeObject) =>
  session.status === 'open' && (session.expires_at as number) <= unixNow();

/** Inside a transaction holding the session's lock. */
async function expireLocked(
  context: SandboxContext,
  session: StripeObject,
): Promise<{ session: StripeObject; events: PendingEvent[] }> {
  if (!isDue(session)) return { session, events: [] };
  const expired: StripeObject = await replaceObject(context.db, { ...session, status: 'expired', url: null });
  return { session: expired, events: [['checkout.session.expired', expired]] };
}

/**
 * A session whose time is up becomes expired the first time anyone looks (Stripe expires them on
 * its own schedule; the sandbox has none), under its lock so a payment finishing meanwhile wins.
 */
export async function expireIfDue(
  context: SandboxContext,
  session: StripeObject,
): Promise<{ session: StripeObject; events: PendingEvent[] }> {
  if (!isDue(session)) return { session, events: [] };
  return context.db.transaction(async (tx) => {
    const locked = await lockObject(tx, 'checkout.session', session.id);
    return expireLocked({ ...context, db: tx }, locked ?? session);
  });
}

export async function sendEvents(context: SandboxContext, events: PendingEvent[]): Promise<void> {
  for (const [type, object, previous] of events) await context.emit(type, object, previous);
}

/**
 * Keeps (or forgets) the card waiting for its authentication step on an open session, under the
 * session's lock: a stale copy must never write a paid or expired session back to open.
 */
export async function setPendingAuthentication(
  context: SandboxContext,
  sessionId: string,
  pending: { brand: string; last4: string; behaviour: CardBehaviour } | null,
): Promise<StripeObject | null> {
  return context.db.transaction(async (tx) => {
    const session = await lockObject(tx, 'checkout.session', sessionId);
    if (session?.status !== 'open') return null;
    return replaceObject(tx, { ...session, _authentication: pending });
  });
}

/**
 * Pays an open subscription-mode session with a card that pays: the card is saved on the customer,
 * the subscription starts now (or at the customer's test clock), its first invoice is charged and
 * paid, the session completes. All in one transaction under a lock on the session, so a session
 * pays once however many times its Pay button is pressed; events go out after the commit.
 */
export async function payCheckoutSession(
  context: SandboxContext,
  options: {
    sessionId: string;
    card: { brand: string; last4: string; behaviour: CardBehaviour };
    publicOrigin: string;
  },
): Promise<{ status: 'complete'; successUrl: string } | { status: 'not_open' }> {
  const outcome = await context.db.transaction(async (tx) => {
    const txContext = { ...context, db: tx };
    const locked = await lockObject(tx, 'checkout.session', options.sessionId);
    if (!locked) return { status: 'not_open' as const, events: [] };
    const { session, events: expiry } = await expireLocked(txContext, locked);
    if (session.status !== 'open') return { status: 'not_open' as const, events: expiry };
    const purchase = session as StripeObject & SessionPurchase;
    const customer = session.customer as string;
    const now = await customerNow(tx, customer);
    const resolved = await resolveItems(
      tx,
      { items: purchase._items, discounts: purchase._discounts },
      'line_items',
    );
    const card = await insertCard(tx, options.card, customer, now);
    const subscriptionId = sandboxId('sub');
    const invoiceId = sandboxId('in');
    const end = periodEnd(now, resolved.recurring.interval, resolved.recurring.interval_count);
    const discount = resolved.coupon
      ? await insertObject(
          tx,
          discountDocument({
            coupon: resolved.coupon,
            customer,
            subscription: subscriptionId,
            checkoutSession: session.id,
            now,
          }),
        )
      : null;
    const testClock = (await findObject(tx, 'customer', customer))?.test_clock ?? null;
    const subscription = subscriptionDocument(resolved, {
      id: subscriptionId,
      customer,
      discount: discount?.id ?? null,
      defaultPaymentMethod: card.id,
      latestInvoice: invoiceId,
      metadata: purchase._subscription_metadata,
      periodStart: now,
      periodEnd: end,
      now,
      testClock: testClock as string | null,
    });
    const itemIds = (subscription.items as { data: { id: string }[] }).data.map((item) => item.id);
    const draft = invoiceDocument(resolved, {
      id: invoiceId,
      customer,
      subscription: subscriptionId,
      subscriptionItems: itemIds,
      discount: discount?.id ?? null,
      periodStart: now,
      periodEnd: now,
      billingReason: 'subscription_create',
      now,
      testClock: testClock as string | null,
    });
    const charge = await chargeInvoice(tx, draft, {
      paymentMethod: card,
      now,
      publicOrigin: options.publicOrigin,
      offSession: false,
      atSetup: true,
    });
    await insertObject(tx, subscription);
    if (resolved.coupon) {
      await replaceObject(tx, {
        ...resolved.coupon,
        times_redeemed: (resolved.coupon.times_redeemed as number) + 1,
      });
    }
    const completed: StripeObject = await replaceObject(tx, {
      ...session,
      status: 'complete',
      payment_status: 'paid',
      subscription: subscriptionId,
      invoice: charge.invoice.id,
      url: null,
      _authentication: null,
    });
    const events: PendingEvent[] = [
      ['customer.subscription.created', subscription],
      ...charge.events,
      ['checkout.session.completed', completed],
    ];
    return { status: 'complete' as const, events, successUrl: completed.success_url as string };
  });
  await sendEvents(context, outcome.events);
  return outcome.status === 'complete'
    ? {
        status: 'complete',
        successUrl: outcome.successUrl!.replaceAll('{CHECKOUT_SESSION_ID}', options.sessionId),
      }
    : { status: 'not_open' };
}
