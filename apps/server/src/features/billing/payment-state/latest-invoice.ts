import { paymentStateOf, type LatestInvoice } from '@mergeboard/core';
import type Stripe from 'stripe';
import type { AppContext } from '../../../app-context';
import { AppError } from '../../../http/app-error';
import { invoiceSourceOf } from '../billing-queries';
import { idOf } from '../sync/stripe-shapes';

/**
 * API-034: the latest invoice of one of the space's subscriptions, read live from the provider
 * (our rows lag behind until the webhook's sync has run; the banner must not). A subscription of
 * another space answers 404, as one that does not exist.
 */
export async function latestInvoiceOf(
  context: AppContext,
  options: { workspaceId: string; subscriptionId: string },
): Promise<LatestInvoice> {
  const row = await invoiceSourceOf(context.database.db, options);
  if (!row) throw new AppError('not_found', 'This space has no such subscription.');
  const { stripe } = context.payments;
  const subscription = row.providerSubscriptionId
    ? await stripe.subscriptions.retrieve(row.providerSubscriptionId)
    : null;
  const invoiceId = idOf(subscription?.latest_invoice);
  // A plan our team set up (SUPPORT) is never invoiced through the provider.
  if (!invoiceId) throw new AppError('not_found', 'This subscription has no invoice.');
  return readInvoice(stripe, invoiceId, row.currency);
}

/** One provider invoice with its payment's state, as the banners and a seat purchase read it. */
export async function readInvoice(
  stripe: Stripe,
  invoiceId: string,
  currency: LatestInvoice['currency'],
): Promise<LatestInvoice> {
  // Four levels: the deepest expansion Stripe allows.
  const invoice = await stripe.invoices.retrieve(invoiceId, {
    expand: ['payments.data.payment.payment_intent'],
  });
  const intent = invoice.payments?.data[0]?.payment.payment_intent as Stripe.PaymentIntent | undefined;
  const paid = invoice.status === 'paid';
  const paymentIntent = { status: intent?.status ?? null };
  return {
    invoiceId: invoice.id!,
    status: invoice.status ?? 'draft',
    paid,
    currency,
    amountDue: invoice.amount_due,
    amountPaid: invoice.amount_paid,
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    paymentIntent,
    paymentState: paymentStateOf({ paid, paymentIntent }),
  };
}
