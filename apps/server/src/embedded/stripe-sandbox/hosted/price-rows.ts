import type { Db } from '../../../db/client';
import {
  itemInput,
  resolveItems,
  subscriptionDiscount,
  subscriptionItems,
  type ItemInput,
  type ResolvedItems,
} from '../billing-items';
import { findObject, type StripeObject } from '../sandbox-store';
import { html, money, type Html } from './page-layout';

/**
 * A price broken down as the hosted pages show it — each product, the discount, each tax rate,
 * the total — so the checkout, the portal and an invoice say the same thing in the same words as
 * the app's order summary ('Volume discount (30% off)'), and their totals visibly add up.
 */
export interface PriceRows {
  currency: string;
  items: { name: string; detail: string | null; amount: number }[];
  discount: { label: string; amount: number } | null;
  taxes: { label: string; amount: number }[];
  total: { label: string; amount: number };
}

const seats = (quantity: number) => `${quantity} ${quantity === 1 ? 'seat' : 'seats'}`;

/** The coupon's name (its id when it has none) and what it takes off: 'Volume discount (30% off)'. */
export function couponLabel(coupon: StripeObject): string {
  const name = typeof coupon.name === 'string' && coupon.name ? coupon.name : coupon.id;
  return coupon.percent_off ? `${name} (${String(coupon.percent_off)}% off)` : name;
}

const taxLabel = (rate: StripeObject | null | undefined, fallback: string) =>
  rate
    ? `${String(rate.display_name)} (${String(rate.percentage)}%${rate.inclusive ? ', included' : ''})`
    : fallback;

/**
 * The rows of priced items (a checkout's, or what a subscription costs each period), from the
 * sandbox's one money rule: each line, the coupon's share, the tax of each rate.
 */
function resolvedRows(
  resolved: ResolvedItems,
  options: { totalLabel: string; perPeriod: boolean },
): PriceRows {
  const { priced, currency, recurring } = resolved;
  const taxes = new Map<string, { label: string; amount: number }>();
  resolved.items.forEach((item, index) => {
    for (const tax of priced.lines[index]!.taxes) {
      const rate = item.taxRates.find((candidate) => candidate.id === tax.taxRate);
      const sum = taxes.get(tax.taxRate) ?? { label: taxLabel(rate, tax.taxRate), amount: 0 };
      taxes.set(tax.taxRate, { ...sum, amount: sum.amount + tax.amount });
    }
  });
  const per = options.perPeriod ? ` per ${recurring.interval}` : '';
  return {
    currency,
    items: resolved.items.map((item, index) => ({
      name: item.name,
      detail: `${seats(item.quantity)} × ${money(item.price.unit_amount as number, currency)}${per}`,
      amount: priced.lines[index]!.amount,
    })),
    discount:
      resolved.coupon && priced.discount !== 0
        ? { label: couponLabel(resolved.coupon), amount: priced.discount }
        : null,
    taxes: [...taxes.values()],
    total: { label: options.totalLabel, amount: priced.total },
  };
}

/** What a checkout session charges today: the items and coupon it was created with. */
export async function checkoutRows(db: Db, session: StripeObject): Promise<PriceRows> {
  const resolved = await resolveItems(
    db,
    { items: session._items as ItemInput[], discounts: session._discounts as { coupon: string }[] },
    'line_items',
  );
  return resolvedRows(resolved, { totalLabel: 'Total due today', perPeriod: false });
}

/** What the subscription costs each period now: its items, with its discount and tax rates. */
export async function subscriptionRows(db: Db, subscription: StripeObject): Promise<PriceRows> {
  const { discounts } = await subscriptionDiscount(db, subscription);
  const resolved = await resolveItems(
    db,
    { items: subscriptionItems(subscription).map(itemInput), discounts },
    'items',
  );
  return resolvedRows(resolved, {
    totalLabel: `Total per ${resolved.recurring.interval}`,
    perPeriod: true,
  });
}

/** What an invoice billed, from its own lines, discount amounts and taxes (prices may have moved on). */
export async function invoiceRows(db: Db, invoice: StripeObject): Promise<PriceRows> {
  const lines = (invoice.lines as { data: StripeObject[] }).data;
  const discounted = (invoice.total_discount_amounts as { amount: number; discount: string }[]).reduce(
    (sum, entry) => sum + entry.amount,
    0,
  );
  const discountId = (invoice.discounts as string[])[0];
  const discount = discountId ? await findObject(db, 'discount', discountId) : null;
  const couponId = (discount?.source as { coupon?: string } | undefined)?.coupon;
  const coupon = couponId ? await findObject(db, 'coupon', couponId) : null;
  const taxes = [];
  for (const tax of invoice.total_taxes as { amount: number; tax_rate_details: { tax_rate: string } }[]) {
    const rateId = tax.tax_rate_details.tax_rate;
    taxes.push({ label: taxLabel(await findObject(db, 'tax_rate', rateId), rateId), amount: tax.amount });
  }
  return {
    currency: invoice.currency as string,
    items: lines.map((line) => ({
      name: String(line.description),
      detail: null,
      amount: line.amount as number,
    })),
    discount:
      discounted !== 0 ? { label: coupon ? couponLabel(coupon) : 'Discount', amount: discounted } : null,
    taxes,
    total: { label: 'Total', amount: invoice.total as number },
  };
}

/**
 * The breakdown as a table: the items, the discount taken off, the subtotal and the taxes when
 * there is anything between the items and the total, then the total.
 */
export function priceTable(rows: PriceRows, caption: string | null): Html {
  const { currency } = rows;
  const itemsSum = rows.items.reduce((sum, item) => sum + item.amount, 0);
  const between = rows.discount !== null || rows.taxes.length > 0;
  return html`<table>
    ${
      caption
        ? html`<caption class="hint">
            ${caption}
          </caption>`
        : ''
    }
    <thead>
      <tr>
        <th scope="col">Item</th>
        <th scope="col" class="amount">Amount</th>
      </tr>
    </thead>
    <tbody>
      ${rows.items.map(
        (item) =>
          html`<tr>
            <td>${item.name}${item.detail ? html`<br /><span class="hint">${item.detail}</span>` : ''}</td>
            <td class="amount">${money(item.amount, currency)}</td>
          </tr>`,
      )}
      ${
        rows.discount
          ? html`<tr>
              <td>${rows.discount.label}</td>
              <td class="amount">−${money(rows.discount.amount, currency)}</td>
            </tr>`
          : ''
      }
      ${
        between
          ? html`<tr>
              <td>Subtotal</td>
              <td class="amount">${money(itemsSum - (rows.discount?.amount ?? 0), currency)}</td>
            </tr>`
          : ''
      }
      ${rows.taxes.map(
        (tax) =>
          html`<tr>
            <td>${tax.label}</td>
            <td class="amount">${money(tax.amount, currency)}</td>
          </tr>`,
      )}
    </tbody>
    <tfoot>
      <tr class="total">
        <th scope="row">${rows.total.label}</th>
        <td class="amount">${money(rows.total.amount, currency)}</td>
      </tr>
    </tfoot>
  </table>`;
}
