import type { ResolvedItems } from './billing-items';
import { sandboxId } from './sandbox-ids';

/** Who and what an invoice is for; previews have no id of their own and no subscription yet. */
interface InvoiceFacts {
  id: string;
  customer: string | null;
  subscription: string | null;
  /** The subscription's items, line by line, when the invoice bills one. */
  subscriptionItems: string[];
  discount: string | null;
  periodStart: number;
  periodEnd: number;
  billingReason: string;
  now: number;
  testClock: string | null;
}

/** '15 Jan 2026', as Stripe dates a proration line. */
const dayOf = (unix: number) =>
  new Date(unix * 1000).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * An invoice as the 2025+ API shapes it (lines with `pricing.price_details`, `total_taxes`,
 * `total_discount_amounts`, `parent.subscription_details`), amounts from the one money rule;
 * a draft until it is paid (sandbox-payments).
 */
export function invoiceDocument(resolved: ResolvedItems, facts: InvoiceFacts) {
  const { priced } = resolved;
  const discountAmounts = (amount: number) =>
    facts.discount && amount !== 0 ? [{ amount, discount: facts.discount }] : [];
  const lines = resolved.items.map((item, index) => {
    const line = priced.lines[index]!;
    const product = item.price.product as string;
    const { proration } = item;
    const name = `${item.quantity} × ${item.name}`;
    return {
      id: sandboxId('il'),
      object: 'line_item',
      amount: line.amount,
      subtotal: line.amount,
      currency: resolved.currency,
      description: proration
        ? `${proration.credit ? 'Unused' : 'Remaining'} time on ${name} after ${dayOf(proration.from)}`
        : name,
      discount_amounts: discountAmounts(line.discount),
      discountable: true,
      discounts: [],
      invoice: facts.id,
      livemode: false,
      metadata: {},
      parent: facts.subscription
        ? {
            type: 'subscription_item_details',
            invoice_item_details: null,
            subscription_item_details: {
              invoice_item: null,
              proration: Boolean(proration),
              proration_details: { credited_items: null },
              subscription: facts.subscription,
              subscription_item: proration?.subscriptionItem ?? facts.subscriptionItems[index] ?? null,
            },
          }
        : null,
      period: proration
        ? { start: proration.from, end: proration.period.end }
        : { start: facts.periodStart, end: facts.periodEnd },
      pretax_credit_amounts: [],
      pricing: {
        type: 'price_details',
        price_details: { price: item.price.id, product },
        unit_amount_decimal: String(item.price.unit_amount),
      },
      quantity: item.quantity,
      subscription: facts.subscription,
      taxes: line.taxes.map((tax) => ({
        amount: tax.amount,
        tax_behavior: tax.inclusive ? 'inclusive' : 'exclusive',
        tax_rate_details: { tax_rate: tax.taxRate },
        taxability_reason: 'standard_rated',
        taxable_amount: tax.taxableAmount,
        type: 'tax_rate_details',
      })),
    };
  });
  const totalTaxes = new Map<string, { amount: number; taxable: number; inclusive: boolean }>();
  for (const tax of priced.lines.flatMap((line) => line.taxes)) {
    const sum = totalTaxes.get(tax.taxRate) ?? { amount: 0, taxable: 0, inclusive: tax.inclusive };
    totalTaxes.set(tax.taxRate, {
      ...sum,
      amount: sum.amount + tax.amount,
      taxable: sum.taxable + tax.taxableAmount,
    });
  }
  const exclusiveTax = priced.total - priced.subtotal + priced.discount;
  return {
    id: facts.id,
    object: 'invoice' as const,
    account_country: 'US',
    account_name: 'Stripe sandbox',
    // A net credit (fewer seats at once) is owed to the customer, never charged: nothing is due.
    amount_due: Math.max(0, priced.total),
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: Math.max(0, priced.total),
    amount_shipping: 0,
    attempt_count: 0,
    attempted: false,
    automatic_tax: { enabled: false, disabled_reason: null, liability: null, provider: null, status: null },
    billing_reason: facts.billingReason,
    collection_method: 'charge_automatically',
    created: facts.now,
    currency: resolved.currency,
    customer: facts.customer,
    default_payment_method: null,
    default_tax_rates: [],
    description: null,
    discounts: facts.discount ? [facts.discount] : [],
    due_date: null,
    effective_at: null,
    hosted_invoice_url: null as string | null,
    lines: { object: 'list', data: lines, has_more: false, url: `/v1/invoices/${facts.id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: null as number | null,
    number: null as string | null,
    parent: facts.subscription
      ? {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { metadata: {}, subscription: facts.subscription },
        }
      : null,
    period_start: facts.periodStart,
    period_end: facts.periodEnd,
    status: 'draft' as string,
    status_transitions: {
      finalized_at: null as number | null,
      marked_uncollectible_at: null,
      paid_at: null as number | null,
      voided_at: null,
    },
    subtotal: priced.subtotal,
    subtotal_excluding_tax: priced.subtotal - (priced.tax - exclusiveTax),
    test_clock: facts.testClock,
    total: priced.total,
    total_discount_amounts: discountAmounts(priced.discount),
    total_excluding_tax: priced.total - exclusiveTax,
    total_pretax_credit_amounts: [],
    total_taxes: [...totalTaxes].map(([taxRate, sum]) => ({
      amount: sum.amount,
      tax_behavior: sum.inclusive ? 'inclusive' : 'exclusive',
      tax_rate_details: { tax_rate: taxRate },
      taxability_reason: 'standard_rated',
      taxable_amount: sum.taxable,
      type: 'tax_rate_details',
    })),
    webhooks_delivered_at: null,
  };
}
