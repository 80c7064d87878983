import { z } from 'zod';
import type { Db } from '../../db/client';
import {
  itemInput,
  resolveItems,
  subscriptionDiscount,
  subscriptionItems,
  type ItemInput,
  type SubscriptionItem,
} from './billing-items';
import { invoiceDocument } from './invoice-document';
import { SandboxError, invalidParam } from './sandbox-errors';
import { sandboxId } from './sandbox-ids';
import { formBool, formInt, metadataParam } from './sandbox-params';
import { getObject, type StripeObject } from './sandbox-store';

/** One entry of `items[]` in a subscription update or an invoice preview of one. */
export const itemChangeParam = z.strictObject({
  id: z.string().min(1).optional(),
  price: z.string().min(1).optional(),
  quantity: formInt.min(0).max(10_000).optional(),
  tax_rates: z.union([z.array(z.string()).max(5), z.literal('')]).optional(),
  deleted: formBool.optional(),
  metadata: metadataParam,
});
type ItemChange = z.infer<typeof itemChangeParam>;

export const prorationBehaviorParam = z.enum(['always_invoice', 'create_prorations', 'none']);

const itemMissing = (id: string, param: string) =>
  new SandboxError(
    400,
    'invalid_request_error',
    `No such subscription item: '${id}'`,
    'resource_missing',
    param,
  );

const intervalOf = (price: StripeObject) => price.recurring as { interval: string; interval_count: number };

/**
 * The subscription's items after `changes` (by item id: a new quantity, price or tax rates, or
 * deleted), and those that changed. The sandbox changes existing items only and keeps the billing
 * interval: an interval change waits for a period end, through a subscription schedule.
 */
export async function applyItemChanges(
  db: Db,
  subscription: StripeObject,
  changes: ItemChange[],
  param: string,
): Promise<{ items: SubscriptionItem[]; changed: SubscriptionItem[]; deleted: SubscriptionItem[] }> {
  const current = subscriptionItems(subscription);
  let items = [...current];
  const changed: SubscriptionItem[] = [];
  const deleted: SubscriptionItem[] = [];
  for (const [index, change] of changes.entries()) {
    const at = `${param}[${index}]`;
    if (!change.id) {
      throw invalidParam(`${at}[id]`, 'The sandbox changes existing subscription items only: pass their id.');
    }
    const item = items.find((entry) => entry.id === change.id);
    if (!item) throw itemMissing(change.id, `${at}[id]`);
    if (change.deleted) {
      items = items.filter((entry) => entry.id !== item.id);
      deleted.push(item);
      continue;
    }
    const price = change.price ? await getObject(db, 'price', change.price, `${at}[price]`) : item.price;
    if (!price.recurring) {
      throw invalidParam(`${at}[price]`, 'The price must be recurring for a subscription.');
    }
    const before = intervalOf(item.price);
    const after = intervalOf(price);
    if (price.currency !== item.price.currency) {
      throw invalidParam(`${at}[price]`, 'All prices of a subscription must share one currency.');
    }
    if (after.interval !== before.interval || after.interval_count !== before.interval_count) {
      throw invalidParam(
        `${at}[price]`,
        'The sandbox changes the billing interval at a period end only, through a subscription schedule.',
      );
    }
    const taxRates =
      change.tax_rates === undefined
        ? item.tax_rates
        : await Promise.all(
            (change.tax_rates === '' ? [] : change.tax_rates).map((id) =>
              getObject(db, 'tax_rate', id, `${at}[tax_rates]`),
            ),
          );
    const next: SubscriptionItem = {
      ...item,
      price,
      quantity: change.quantity ?? item.quantity,
      tax_rates: taxRates,
    };
    if (next.quantity === 0) {
      throw invalidParam(`${at}[quantity]`, 'The sandbox bills at least one unit: delete the item instead.');
    }
    items = items.map((entry) => (entry.id === item.id ? next : entry));
    changed.push(next);
  }
  if (items.length === 0) {
    throw invalidParam(param, 'A subscription must keep at least one item; cancel it instead.');
  }
  return { items, changed, deleted };
}

/**
 * The proration lines of a change made at `from`: the unused time of each changed or deleted item
 * credited, the remaining time of its new version charged, both to the end of the period.
 */
export function prorationLines(
  before: SubscriptionItem[],
  change: { changed: SubscriptionItem[]; deleted: SubscriptionItem[] },
  from: number,
  period: { start: number; end: number },
): ItemInput[] {
  const lines: ItemInput[] = [];
  const proration = (item: SubscriptionItem, credit: boolean) => ({
    ...itemInput(item),
    proration: { from, period, credit, subscriptionItem: item.id },
  });
  for (const item of [...change.changed, ...change.deleted]) {
    const old = before.find((entry) => entry.id === item.id)!;
    const same =
      old.price.id === item.price.id &&
      old.quantity === item.quantity &&
      old.tax_rates.map((rate) => rate.id).join() === item.tax_rates.map((rate) => rate.id).join();
    if (same && !change.deleted.includes(item)) continue;
    lines.push(proration(old, true));
    if (!change.deleted.includes(item)) lines.push(proration(item, false));
  }
  return lines;
}

/** A proration date must fall in the period it prorates. */
export function checkProrationDate(from: number, period: { start: number; end: number }): void {
  if (from < period.start || from > period.end) {
    throw invalidParam(
      'proration_date',
      `The proration_date must be within the subscription's current billing period (${period.start} to ${period.end}).`,
    );
  }
}

/**
 * An invoice of a subscription, its amounts from the one money rule with the subscription's coupon:
 * a period's renewal (its items, plus the prorations pending from earlier changes) or the
 * prorations of an update invoiced at once. Updates, their previews and renewals all build it here.
 */
export async function subscriptionInvoice(
  db: Db,
  subscription: StripeObject,
  options: {
    id?: string;
    lines: ItemInput[];
    billingReason: 'subscription_cycle' | 'subscription_update' | 'upcoming';
    periodStart: number;
    periodEnd: number;
    now: number;
  },
) {
  const { discountId, discounts } = await subscriptionDiscount(db, subscription);
  const resolved = await resolveItems(db, { items: options.lines, discounts }, 'items');
  const itemIds = subscriptionItems(subscription).map((item) => item.id);
  return invoiceDocument(resolved, {
    id: options.id ?? sandboxId('in'),
    customer: subscription.customer as string,
    subscription: subscription.id,
    subscriptionItems: itemIds,
    discount: discountId,
    periodStart: options.periodStart,
    periodEnd: options.periodEnd,
    billingReason: options.billingReason,
    now: options.now,
    testClock: (subscription.test_clock as string | null) ?? null,
  });
}
