import { z } from 'zod';
import type { Db } from '../../db/client';
import { currentPeriod, subscriptionItems, type SubscriptionItem } from './billing-items';
import { periodEnd } from './pricing';
import { previousAttributes } from './previous-attributes';
import type { PendingEvent } from './sandbox-charges';
import { invalidParam } from './sandbox-errors';
import { sandboxId } from './sandbox-ids';
import { formInt, metadataParam } from './sandbox-params';
import { getObject, insertObject, replaceObject, type StripeObject } from './sandbox-store';
import { discountDocument } from './subscription-documents';

const phaseDiscountParam = z.strictObject({
  coupon: z.string().min(1).optional(),
  discount: z.string().min(1).optional(),
});

export const phaseParam = z.strictObject({
  items: z
    .array(
      z.strictObject({
        price: z.string().min(1),
        quantity: formInt.min(1).max(10_000).default(1),
        tax_rates: z.union([z.array(z.string()).max(5), z.literal('')]).optional(),
        metadata: metadataParam,
      }),
    )
    .min(1)
    .max(20),
  start_date: z.union([formInt, z.literal('now')]).optional(),
  end_date: z.union([formInt, z.literal('now')]).optional(),
  duration: z
    .strictObject({
      interval: z.enum(['day', 'week', 'month', 'year']),
      interval_count: formInt.min(1).max(36).default(1),
    })
    .optional(),
  proration_behavior: z.enum(['always_invoice', 'create_prorations', 'none']).optional(),
  discounts: z.union([z.array(phaseDiscountParam).max(1), z.literal('')]).optional(),
  metadata: metadataParam,
  billing_cycle_anchor: z.enum(['automatic', 'phase_start']).optional(),
});
type PhaseParam = z.infer<typeof phaseParam>;

interface PhaseItem {
  price: string;
  quantity: number;
  tax_rates: StripeObject[];
}
interface Phase {
  start_date: number;
  end_date: number;
  items: PhaseItem[];
  discounts: { coupon: string | null; discount: string | null; promotion_code: null }[];
}

const intervalOf = (price: StripeObject) => price.recurring as { interval: string; interval_count: number };

/** A phase as Stripe shapes it (2025+: no `iterations`, items carry `price` and the legacy `plan`). */
function phaseDocument(phase: Phase & { currency: string; proration_behavior: string; metadata: object }) {
  return {
    add_invoice_items: [],
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: null,
    billing_thresholds: null,
    collection_method: null,
    currency: phase.currency,
    default_payment_method: null,
    default_tax_rates: [],
    description: null,
    discounts: phase.discounts,
    end_date: phase.end_date,
    invoice_settings: null,
    items: phase.items.map((item) => ({
      billing_thresholds: null,
      discounts: [],
      metadata: {},
      plan: item.price,
      price: item.price,
      quantity: item.quantity,
      tax_rates: item.tax_rates,
    })),
    metadata: phase.metadata,
    on_behalf_of: null,
    proration_behavior: phase.proration_behavior,
    start_date: phase.start_date,
    transfer_data: null,
    trial_end: null,
  };
}

/** The one phase a subscription has when a schedule is made from it: its current period as it is. */
export function currentPhaseOf(subscription: StripeObject) {
  const period = currentPeriod(subscription);
  return phaseDocument({
    start_date: period.start,
    end_date: period.end,
    currency: subscription.currency as string,
    proration_behavior: 'create_prorations',
    metadata: {},
    items: subscriptionItems(subscription).map((item) => ({
      price: item.price.id,
      quantity: item.quantity,
      tax_rates: item.tax_rates,
    })),
    discounts: (subscription.discounts as string[]).map((discount) => ({
      coupon: null,
      discount,
      promotion_code: null,
    })),
  });
}

/** `end` is `start` plus whole billing periods of `price`: the sandbox turns phases at renewals only. */
function isPeriodBoundary(start: number, end: number, price: StripeObject): boolean {
  const { interval, interval_count: count } = intervalOf(price);
  let at = start;
  while (at < end) at = periodEnd(at, interval, count);
  return at === end;
}

const sameItems = (phase: PhaseItem[], items: SubscriptionItem[]) =>
  phase.length === items.length &&
  phase.every(
    (item, index) => item.price === items[index]!.price.id && item.quantity === items[index]!.quantity,
  );

/**
 * The phases of `schedules.update`, checked as the sandbox can run them: the first is the current
 * phase, unchanged (its start and items as the subscription has them: change seats now through
 * the subscription); each next one starts where the one before ends, at a billing period end; a
 * phase without an end lasts one billing period of its price. Tax rates and discounts are the
 * phase's own, as at Stripe: a phase that omits them bills without them.
 */
export async function readPhases(
  db: Db,
  subscription: StripeObject,
  phases: PhaseParam[],
  now: number,
): Promise<ReturnType<typeof phaseDocument>[]> {
  const period = currentPeriod(subscription);
  const documents = [];
  let previousEnd: number | null = null;
  for (const [index, phase] of phases.entries()) {
    const at = `phases[${index}]`;
    const start: number =
      phase.start_date === 'now' ? now : (phase.start_date ?? previousEnd ?? period.start);
    if (index === 0 && start !== period.start) {
      throw invalidParam(`${at}[start_date]`, 'You can not modify the start date of the current phase.');
    }
    if (previousEnd !== null && start !== previousEnd) {
      throw invalidParam(
        `${at}[start_date]`,
        `The start_date of a phase must be the end_date of the phase before it (${previousEnd}).`,
      );
    }
    const items: PhaseItem[] = [];
    const prices: StripeObject[] = [];
    for (const [itemIndex, item] of phase.items.entries()) {
      const price = await getObject(db, 'price', item.price, `${at}[items][${itemIndex}][price]`);
      if (!price.recurring || price.currency !== subscription.currency) {
        throw invalidParam(
          `${at}[items][${itemIndex}][price]`,
          'Each price of a phase must be recurring, in the subscription currency.',
        );
      }
      const taxRates = await Promise.all(
        (item.tax_rates === '' ? [] : (item.tax_rates ?? [])).map((id) =>
          getObject(db, 'tax_rate', id, `${at}[items][${itemIndex}][tax_rates]`),
        ),
      );
      prices.push(price);
      items.push({ price: price.id, quantity: item.quantity, tax_rates: taxRates });
    }
    const first = intervalOf(prices[0]!);
    if (prices.some((price) => intervalOf(price).interval !== first.interval)) {
      throw invalidParam(`${at}[items]`, 'All prices of a phase must share one billing interval.');
    }
    const end: number =
      phase.end_date === 'now'
        ? now
        : (phase.end_date ??
          (phase.duration
            ? periodEnd(start, phase.duration.interval, phase.duration.interval_count)
            : periodEnd(start, first.interval, first.interval_count)));
    if (index === 0 && !sameItems(items, subscriptionItems(subscription))) {
      throw invalidParam(
        `${at}[items]`,
        'The sandbox keeps the current phase as the subscription has it: change seats now by updating the subscription, then rebuild the schedule.',
      );
    }
    if (end <= start || (index < phases.length - 1 && !isPeriodBoundary(start, end, prices[0]!))) {
      throw invalidParam(
        `${at}[end_date]`,
        'The sandbox changes phases at billing period ends only: end_date must be the end of a billing period of the phase.',
      );
    }
    const discounts = [];
    for (const discount of phase.discounts === '' ? [] : (phase.discounts ?? [])) {
      if (discount.coupon) await getObject(db, 'coupon', discount.coupon, `${at}[discounts][0][coupon]`);
      if (discount.discount)
        await getObject(db, 'discount', discount.discount, `${at}[discounts][0][discount]`);
      discounts.push({
        coupon: discount.coupon ?? null,
        discount: discount.discount ?? null,
        promotion_code: null,
      });
    }
    documents.push(
      phaseDocument({
        start_date: start,
        end_date: end,
        items,
        discounts,
        currency: subscription.currency as string,
        proration_behavior: phase.proration_behavior ?? 'create_prorations',
        metadata: phase.metadata ?? {},
      }),
    );
    previousEnd = end;
  }
  return documents;
}

type PhaseDocument = ReturnType<typeof phaseDocument>;

/** A phase's items as subscription items: an item of the same price keeps its id, as at Stripe. */
export async function phaseItems(
  db: Db,
  subscription: StripeObject,
  phase: PhaseDocument,
  period: { start: number; end: number },
): Promise<SubscriptionItem[]> {
  const current = subscriptionItems(subscription);
  const items: SubscriptionItem[] = [];
  for (const item of phase.items) {
    const kept = current.find((entry) => entry.price.id === item.price);
    items.push({
      ...(kept ?? {
        id: sandboxId('si'),
        object: 'subscription_item',
        created: period.start,
        discounts: [],
        metadata: {},
        subscription: subscription.id,
        billing_thresholds: null,
      }),
      price: await getObject(db, 'price', item.price),
      quantity: item.quantity,
      tax_rates: item.tax_rates,
      current_period_start: period.start,
      current_period_end: period.end,
    } as SubscriptionItem);
  }
  return items;
}

/** The schedule phase that starts at `at`, when the subscription has an active schedule. */
export async function phaseStarting(
  db: Db,
  subscription: StripeObject,
  at: number,
): Promise<PhaseDocument | null> {
  if (typeof subscription.schedule !== 'string') return null;
  const schedule = await getObject(db, 'subscription_schedule', subscription.schedule);
  if (schedule.status !== 'active') return null;
  return (schedule.phases as PhaseDocument[]).find((phase) => phase.start_date === at) ?? null;
}

/** The subscription's discounts as a phase names them (an existing discount, or a new one of a coupon). */
async function phaseDiscounts(db: Db, subscription: StripeObject, phase: PhaseDocument, now: number) {
  const ids = [];
  for (const entry of phase.discounts) {
    if (entry.discount) ids.push(entry.discount);
    else if (entry.coupon) {
      const coupon = await getObject(db, 'coupon', entry.coupon);
      const discount = await insertObject(
        db,
        discountDocument({
          coupon,
          customer: subscription.customer as string,
          subscription: subscription.id,
          checkoutSession: null,
          now,
        }),
      );
      ids.push(discount.id);
    }
  }
  return ids;
}

/**
 * A subscription's schedule at the renewal starting at `start`: a schedule whose last phase ends
 * then is released (end_behavior release: the subscription goes on as it is) or cancels the
 * subscription (cancel); the phase starting then gives the subscription its items, discounts and
 * interval for the new period. Returns the subscription as it renews and the events.
 */
export async function turnSchedule(
  db: Db,
  subscription: StripeObject,
  start: number,
): Promise<{ subscription: StripeObject; events: PendingEvent[]; cancel: boolean }> {
  if (typeof subscription.schedule !== 'string') return { subscription, events: [], cancel: false };
  const schedule = await getObject(db, 'subscription_schedule', subscription.schedule);
  if (schedule.status !== 'active') return { subscription, events: [], cancel: false };
  const phases = schedule.phases as PhaseDocument[];
  const last = phases[phases.length - 1]!;
  if (last.end_date <= start) {
    const release = schedule.end_behavior !== 'cancel';
    const ended = await replaceObject(db, {
      ...schedule,
      status: release ? 'released' : 'canceled',
      current_phase: null,
      ...(release ? { released_at: start, released_subscription: subscription.id } : { canceled_at: start }),
    });
    return {
      subscription: { ...subscription, schedule: null },
      events: [[release ? 'subscription_schedule.released' : 'subscription_schedule.canceled', ended]],
      cancel: !release,
    };
  }
  const phase = phases.find((entry) => entry.start_date === start);
  if (!phase) return { subscription, events: [], cancel: false };
  const price = await getObject(db, 'price', phase.items[0]!.price);
  const { interval, interval_count: count } = intervalOf(price);
  const items = await phaseItems(db, subscription, phase, { start, end: periodEnd(start, interval, count) });
  const advanced = await replaceObject(db, {
    ...schedule,
    current_phase: { start_date: phase.start_date, end_date: phase.end_date },
  });
  return {
    subscription: {
      ...subscription,
      items: { ...(subscription.items as object), data: items },
      discounts: await phaseDiscounts(db, subscription, phase, start),
    },
    events: [['subscription_schedule.updated', advanced, previousAttributes(schedule, advanced)]],
    cancel: false,
  };
}
