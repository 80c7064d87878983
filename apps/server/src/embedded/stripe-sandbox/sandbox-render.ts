import type { Db } from '../../db/client';
import { findObject, type StripeList, type StripeObject } from './sandbox-store';

/**
 * Fields Stripe leaves out of an object unless the request expands them by name ("includable"):
 * an invoice's payments and confirmation secret, a session's line items.
 */
const INCLUDABLE: Record<string, string[]> = {
  invoice: ['payments', 'confirmation_secret'],
  'checkout.session': ['line_items'],
};

/** The kind of object a reference field holds, by the field's name, as Stripe names them. */
const REFERENCED: Record<string, string> = {
  customer: 'customer',
  product: 'product',
  price: 'price',
  coupon: 'coupon',
  discounts: 'discount',
  latest_invoice: 'invoice',
  invoice: 'invoice',
  subscription: 'subscription',
  schedule: 'subscription_schedule',
  payment_intent: 'payment_intent',
  default_payment_method: 'payment_method',
  payment_method: 'payment_method',
  test_clock: 'test_clock',
  tax_rates: 'tax_rate',
  default_tax_rates: 'tax_rate',
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What the sandbox keeps beside Stripe's fields: keys starting with `_` (the saved card of a
 * session waiting for authentication, …). Never answered.
 */
export function publicView(object: Record<string, unknown>, included: string[]): Record<string, unknown> {
  const hidden = INCLUDABLE[String(object.object)] ?? [];
  return Object.fromEntries(
    Object.entries(object).filter(
      ([key]) => !key.startsWith('_') && (!hidden.includes(key) || included.includes(key)),
    ),
  );
}

type ExpandTree = { [field: string]: ExpandTree };

/** `a.b`, `a.c` → { a: { b: {}, c: {} } }: one object expanded once, with all it must include. */
function expandTree(paths: string[]): ExpandTree {
  const tree: ExpandTree = {};
  for (const path of paths) {
    let node = tree;
    for (const field of path.split('.')) node = node[field] ??= {};
  }
  return tree;
}

/** A reference replaced by its object (with the includable fields asked for), or left as it is. */
async function resolve(db: Db, field: string, value: unknown, tree: ExpandTree): Promise<unknown> {
  const kind = REFERENCED[field];
  if (Array.isArray(value)) return Promise.all(value.map((entry) => resolve(db, field, entry, tree)));
  if (!kind || typeof value !== 'string') return expandFields(db, value, tree);
  const found = await findObject(db, kind, value);
  return found ? expandFields(db, publicView(found, Object.keys(tree)), tree) : value;
}

async function expandFields(db: Db, value: unknown, tree: ExpandTree): Promise<unknown> {
  if (Array.isArray(value)) return Promise.all(value.map((entry) => expandFields(db, entry, tree)));
  if (!isObject(value)) return value;
  const expanded = { ...value };
  for (const [field, subtree] of Object.entries(tree)) {
    if (field in expanded) expanded[field] = await resolve(db, field, expanded[field], subtree);
  }
  return expanded;
}

/**
 * An answer as Stripe renders it: private keys dropped, includable fields only when asked for,
 * and each `expand[]` path (`discounts`, `data.latest_invoice`, `latest_invoice.payments`, …)
 * replaced by the object it names.
 */
export async function renderAnswer(
  db: Db,
  answer: StripeObject | StripeList,
  expand: string[],
): Promise<unknown> {
  if (answer.object === 'list') {
    const list = answer as StripeList;
    const inner = expand.filter((path) => path.startsWith('data.')).map((path) => path.slice(5));
    return { ...list, data: await Promise.all(list.data.map((item) => renderAnswer(db, item, inner))) };
  }
  const tree = expandTree(expand);
  return expandFields(db, publicView(answer as StripeObject, Object.keys(tree)), tree);
}
