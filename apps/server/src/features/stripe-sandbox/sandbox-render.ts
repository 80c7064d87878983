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

async function resolve(db: Db, field: string, value: unknown): Promise<unknown> {
  const kind = REFERENCED[field];
  if (!kind) return value;
  if (typeof value === 'string') {
    const found = await findObject(db, kind, value);
    return found ? publicView(found, []) : value;
  }
  if (Array.isArray(value)) return Promise.all(value.map((entry) => resolve(db, field, entry)));
  return value;
}

async function expandPath(db: Db, value: unknown, path: string[]): Promise<unknown> {
  if (Array.isArray(value)) return Promise.all(value.map((entry) => expandPath(db, entry, path)));
  if (!isObject(value) || path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  if (!(head in value)) return value;
  const resolved = await resolve(db, head, value[head]);
  return { ...value, [head]: rest.length === 0 ? resolved : await expandPath(db, resolved, rest) };
}

/**
 * An answer as Stripe renders it: private keys dropped, includable fields only when asked for,
 * and each `expand[]` path (`discounts`, `data.latest_invoice`, `payments.data.payment`, …)
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
  const included = expand.map((path) => path.split('.')[0]!);
  let rendered: unknown = publicView(answer as StripeObject, included);
  for (const path of expand) rendered = await expandPath(db, rendered, path.split('.'));
  return rendered;
}
