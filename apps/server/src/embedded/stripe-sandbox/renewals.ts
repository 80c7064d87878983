import type { Db } from '../../db/client';
import type { SandboxContext } from './sandbox-route';
import {
  currentPeriod,
  itemInput,
  subscriptionItems,
  type ItemInput,
  type SubscriptionItem,
} from './billing-items';
import { defaultCard, payOpenInvoice, type PendingUpdate, voidOpenInvoice } from './invoice-settlement';
import { periodEnd } from './pricing';
import { previousAttributes } from './previous-attributes';
import { chargeInvoice, type PendingEvent } from './sandbox-charges';
import { findObject, getObject, listObjects, replaceObject, type StripeObject } from './sandbox-store';
import { phaseItems, phaseStarting, turnSchedule } from './schedule-phases';
import { subscriptionInvoice } from './subscription-changes';

const DAY = 86_400;

/**
 * Automatic retries of a failed renewal, in days after the first failed attempt. Stripe's Smart
 * Retries (its default) try up to 8 times within 2 weeks at times a model picks, and the
 * dashboard's custom schedule offers a few retries at fixed days; the sandbox needs times a test
 * can reach with its clock, so it uses a fixed schedule in the same window: retries on days 3, 7
 * and 14 (4 attempts in all). Each retry charges the subscription's current default card
 * off-session. When the last one fails the subscription is canceled, Stripe's default "cancel the
 * subscription" setting; the invoice stays open.
 */
const RETRY_AFTER_DAYS = [3, 7, 14] as const;

/** What the sandbox keeps about the retries of a subscription's latest (failed) invoice. */
interface RetryState {
  invoice: string;
  firstFailure: number;
  retries: number;
}

const pendingProrations = (subscription: StripeObject) =>
  (subscription._pending_prorations as ItemInput[] | undefined) ?? [];

/** The end of the period starting at `start` for these items (one interval per subscription). */
function periodEndFor(items: SubscriptionItem[], start: number): number {
  const { interval, interval_count: count } = items[0]!.price.recurring as {
    interval: string;
    interval_count: number;
  };
  return periodEnd(start, interval, count);
}

/** The items of the renewal at the end of the current period: a new phase's, if one starts then. */
async function renewalLines(db: Db, subscription: StripeObject, start: number) {
  const phase = await phaseStarting(db, subscription, start);
  const items = phase
    ? await phaseItems(db, subscription, phase, { start, end: start })
    : subscriptionItems(subscription);
  return { items, end: periodEndFor(items, start) };
}

/** The invoice the next renewal would make, as `invoices.createPreview` answers without a change. */
export async function upcomingRenewal(db: Db, subscription: StripeObject, id: string) {
  const start = currentPeriod(subscription).end;
  const { items, end } = await renewalLines(db, subscription, start);
  return subscriptionInvoice(
    db,
    { ...subscription, items: { ...(subscription.items as object), data: items } },
    {
      id,
      lines: [...items.map(itemInput), ...pendingProrations(subscription)],
      billingReason: 'upcoming',
      periodStart: start,
      periodEnd: end,
      now: start,
    },
  );
}

const cancel = (subscription: StripeObject, at: number, reason: string): StripeObject => ({
  ...subscription,
  status: 'canceled',
  canceled_at: subscription.canceled_at ?? at,
  ended_at: at,
  cancellation_details: { comment: null, feedback: null, reason },
  _retry: null,
});

/**
 * One period turn of a subscription at its period end: canceled when it was set to cancel then,
 * otherwise its schedule turns (a phase's items, a release) and its next period is invoiced, with
 * the prorations left from earlier changes, and charged off-session to its card (paid: active;
 * refused: past_due, the invoice open with its first retry planned).
 */
async function renewOnce(
  context: SandboxContext,
  subscription: StripeObject,
  publicOrigin: string,
): Promise<{ subscription: StripeObject; events: PendingEvent[] }> {
  const start = currentPeriod(subscription).end;
  if (subscription.cancel_at_period_end) {
    const canceled = await replaceObject(context.db, cancel(subscription, start, 'cancellation_requested'));
    return { subscription: canceled, events: [['customer.subscription.deleted', canceled]] };
  }
  const turned = await turnSchedule(context.db, subscription, start);
  if (turned.cancel) {
    const canceled = await replaceObject(
      context.db,
      cancel(turned.subscription, start, 'cancellation_requested'),
    );
    return {
      subscription: canceled,
      events: [...turned.events, ['customer.subscription.deleted', canceled]],
    };
  }
  const items = subscriptionItems(turned.subscription);
  const end = periodEndFor(items, start);
  const periodItems = items.map((item) => ({
    ...item,
    current_period_start: start,
    current_period_end: end,
  }));
  const renewing: StripeObject = {
    ...turned.subscription,
    items: { ...(subscription.items as object), data: periodItems },
    _pending_prorations: [],
  };
  const draft = await subscriptionInvoice(context.db, renewing, {
    lines: [...periodItems.map(itemInput), ...pendingProrations(subscription)],
    billingReason: 'subscription_cycle',
    periodStart: start,
    periodEnd: end,
    now: start,
  });
  const card = await defaultCard(context.db, renewing);
  if (!card) throw new Error(`subscription ${subscription.id} has no card`);
  const charge = await chargeInvoice(context.db, draft, {
    paymentMethod: card,
    now: start,
    publicOrigin,
    offSession: true,
    nextAttemptIfFailed: start + RETRY_AFTER_DAYS[0] * DAY,
  });
  const retry: RetryState | null = charge.paid
    ? null
    : { invoice: charge.invoice.id, firstFailure: start, retries: 0 };
  const renewed = await replaceObject(context.db, {
    ...renewing,
    status: charge.paid ? 'active' : 'past_due',
    latest_invoice: charge.invoice.id,
    _retry: retry,
  });
  return {
    subscription: renewed,
    events: [
      ...turned.events,
      ...charge.events,
      ['customer.subscription.updated', renewed, previousAttributes(subscription, renewed)],
    ],
  };
}

/**
 * One automatic retry of the failed renewal invoice, with the subscription's current default card:
 * paid brings the subscription back to active (invoice-settlement); the last one failing cancels
 * it.
 */
async function retryOnce(
  context: SandboxContext,
  subscription: StripeObject,
  at: number,
): Promise<{ subscription: StripeObject; events: PendingEvent[] }> {
  const state = subscription._retry as RetryState;
  const invoice = await getObject(context.db, 'invoice', state.invoice);
  const card = await defaultCard(context.db, subscription);
  const retries = state.retries + 1;
  const following = RETRY_AFTER_DAYS[retries];
  const nextAttempt = following === undefined ? null : state.firstFailure + following * DAY;
  if (invoice.status !== 'open' || !card) {
    const stopped = await replaceObject(context.db, { ...subscription, _retry: null });
    return { subscription: stopped, events: [] };
  }
  const planned = await replaceObject(context.db, { ...invoice, next_payment_attempt: nextAttempt });
  const attempt = await payOpenInvoice(context.db, planned, {
    paymentMethod: card,
    now: at,
    offSession: true,
  });
  const after = await getObject(context.db, 'subscription', subscription.id);
  if (attempt.paid) return { subscription: after, events: attempt.events };
  if (nextAttempt !== null) {
    const waiting = await replaceObject(context.db, { ...after, _retry: { ...state, retries } });
    return { subscription: waiting, events: attempt.events };
  }
  const canceled = await replaceObject(context.db, cancel(after, at, 'payment_failed'));
  return { subscription: canceled, events: [...attempt.events, ['customer.subscription.deleted', canceled]] };
}

/**
 * A pending update not paid within its time is dropped, as at Stripe: the subscription keeps its
 * items. The sandbox voids the unpaid invoice of the update with it, so it can never be paid later
 * for seats that were not given.
 */
async function expirePendingUpdate(
  context: SandboxContext,
  subscription: StripeObject,
  at: number,
): Promise<{ subscription: StripeObject; events: PendingEvent[] }> {
  const events: PendingEvent[] = [];
  const invoice = await findObject(context.db, 'invoice', subscription.latest_invoice as string);
  if (invoice?.status === 'open' && invoice.billing_reason === 'subscription_update') {
    events.push(['invoice.voided', await voidOpenInvoice(context.db, invoice, at)]);
  }
  const expired = await replaceObject(context.db, { ...subscription, pending_update: null });
  events.push(['customer.subscription.updated', expired, { pending_update: subscription.pending_update }]);
  return { subscription: expired, events };
}

type Step = {
  at: number;
  run: (
    context: SandboxContext,
    subscription: StripeObject,
    at: number,
  ) => Promise<{ subscription: StripeObject; events: PendingEvent[] }>;
};

/** What happens next to a subscription, and when: whichever of its due steps comes first. */
function dueSteps(subscription: StripeObject, publicOrigin: string): Step[] {
  if (subscription.status === 'canceled') return [];
  const steps: Step[] = [];
  const pending = subscription.pending_update as PendingUpdate | null;
  if (pending) steps.push({ at: pending.expires_at, run: expirePendingUpdate });
  const retry = subscription._retry as RetryState | null | undefined;
  if (retry) {
    const due = retry.firstFailure + RETRY_AFTER_DAYS[retry.retries]! * DAY;
    steps.push({ at: due, run: retryOnce });
  }
  steps.push({
    at: currentPeriod(subscription).end,
    run: (context, value) => renewOnce(context, value, publicOrigin),
  });
  return steps.sort((a, b) => a.at - b.at);
}

/**
 * Moves the subscriptions of a test clock's customers up to `frozenTime`, step by step in time
 * order (expired pending updates, retries, period turns), as Stripe does while a clock advances.
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
    for (;;) {
      const step = dueSteps(subscription, publicOrigin)[0];
      if (!step || step.at > frozenTime) break;
      const done = await step.run(context, subscription, step.at);
      subscription = done.subscription;
      events.push(...done.events);
    }
  }
  return events;
}
