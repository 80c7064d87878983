import { z } from 'zod';
import { sendEvents } from './checkout-payment';
import { defaultCard, payOpenInvoice, voidOpenInvoice } from './invoice-settlement';
import { customerNow } from './sandbox-clock';
import type { PendingEvent } from './sandbox-charges';
import { SandboxError, invalidParam } from './sandbox-errors';
import { expandParam, formBool, readParams } from './sandbox-params';
import type { SandboxContext } from './sandbox-route';
import { getObject, lockObject, replaceObject, type StripeObject } from './sandbox-store';

const payParams = z.strictObject({
  payment_method: z.string().min(1).optional(),
  off_session: formBool.optional(),
  expand: expandParam,
});

/** The payment intent of an invoice (none when nothing was due). */
export const invoiceIntent = async (context: SandboxContext, invoice: StripeObject) => {
  const payments = invoice.payments as { data: { payment: { payment_intent: string } }[] } | undefined;
  const id = payments?.data[0]?.payment.payment_intent;
  return id ? getObject(context.db, 'payment_intent', id) : null;
};

const notOpen = (invoice: StripeObject) =>
  new SandboxError(
    400,
    'invalid_request_error',
    `Invoice is already ${String(invoice.status)}`,
    'invoice_not_open',
  );

/**
 * `POST /v1/invoices/:id/pay`: charges an open invoice now, on its own payment intent, with the
 * given card or the subscription's default one. Paid: its subscription settles (pending update
 * applied, active again). Not paid: the attempt is kept (as at Stripe) and the answer is Stripe's
 * 402 — card_declined, or invoice_payment_intent_requires_action for a card asking for
 * authentication.
 */
export async function payInvoice(context: SandboxContext, id: string, input: unknown): Promise<StripeObject> {
  const params = readParams(payParams, input);
  const outcome = await context.db.transaction(async (tx) => {
    const invoice = (await lockObject(tx, 'invoice', id)) ?? (await getObject(tx, 'invoice', id));
    if (invoice.status !== 'open') throw notOpen(invoice);
    const subscriptionId = (invoice.parent as { subscription_details?: { subscription?: string } } | null)
      ?.subscription_details?.subscription;
    const subscription = subscriptionId ? await getObject(tx, 'subscription', subscriptionId) : null;
    const card = params.payment_method
      ? await getObject(tx, 'payment_method', params.payment_method, 'payment_method')
      : subscription
        ? await defaultCard(tx, subscription)
        : null;
    if (!card) {
      throw invalidParam(
        'payment_method',
        'This invoice has no payment method to charge.',
        'resource_missing',
      );
    }
    const now = await customerNow(tx, invoice.customer as string);
    return payOpenInvoice(tx, invoice, { paymentMethod: card, now, offSession: params.off_session ?? false });
  });
  await sendEvents(context, outcome.events);
  if (outcome.paid) return outcome.invoice;
  const intent = await invoiceIntent(context, outcome.invoice);
  if (intent?.status === 'requires_action') {
    throw new SandboxError(
      402,
      'invalid_request_error',
      'This payment requires additional user action before it can be completed successfully. Payment can be completed using the PaymentIntent associated with the invoice. For more details see: https://stripe.com/docs/billing/subscriptions/overview#requires-action',
      'invoice_payment_intent_requires_action',
      undefined,
      { payment_intent: { id: intent.id, status: intent.status } },
    );
  }
  throw new SandboxError(402, 'card_error', 'Your card was declined.', 'card_declined', undefined, {
    decline_code: 'generic_decline',
    ...(intent ? { payment_intent: { id: intent.id, status: intent.status } } : {}),
  });
}

/**
 * The hosted invoice page's authentication step (card 3155 on an on-session charge, such as seats
 * bought now): completed, the invoice is paid and its subscription settles; failed, the payment
 * intent waits for another payment method, as Stripe's does.
 */
export async function authenticateInvoice(
  context: SandboxContext,
  options: { invoiceId: string; complete: boolean },
): Promise<{ paid: boolean } | null> {
  const outcome = await context.db.transaction(async (tx) => {
    const invoice = await lockObject(tx, 'invoice', options.invoiceId);
    if (invoice?.status !== 'open') return null;
    const intent = await invoiceIntent({ ...context, db: tx }, invoice);
    if (intent?.status !== 'requires_action') return null;
    const card = await getObject(tx, 'payment_method', intent.payment_method as string);
    const now = await customerNow(tx, invoice.customer as string);
    if (options.complete) {
      return payOpenInvoice(tx, invoice, {
        paymentMethod: card,
        now,
        offSession: false,
        authenticated: true,
      });
    }
    const failed = await replaceObject(tx, {
      ...intent,
      status: 'requires_payment_method',
      next_action: null,
      last_payment_error: {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message:
          'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
      },
    });
    const events: PendingEvent[] = [
      ['payment_intent.payment_failed', failed],
      ['invoice.payment_failed', invoice],
    ];
    return { invoice, paid: false, events };
  });
  if (!outcome) return null;
  await sendEvents(context, outcome.events);
  return { paid: outcome.paid };
}

/**
 * `POST /v1/invoices/:id/void`: an open invoice is no longer due. A subscription update waiting on
 * it (pending_if_incomplete) is dropped with it, as at Stripe: the subscription keeps its items.
 */
export async function voidInvoice(
  context: SandboxContext,
  id: string,
  input: unknown,
): Promise<StripeObject> {
  readParams(z.strictObject({ expand: expandParam }), input);
  const outcome = await context.db.transaction(async (tx) => {
    const invoice = (await lockObject(tx, 'invoice', id)) ?? (await getObject(tx, 'invoice', id));
    if (invoice.status !== 'open') throw notOpen(invoice);
    const now = await customerNow(tx, invoice.customer as string);
    const voided = await voidOpenInvoice(tx, invoice, now);
    const events: PendingEvent[] = [['invoice.voided', voided]];
    const subscriptionId = (invoice.parent as { subscription_details?: { subscription?: string } } | null)
      ?.subscription_details?.subscription;
    const subscription = subscriptionId ? await lockObject(tx, 'subscription', subscriptionId) : null;
    if (subscription?.pending_update && subscription.latest_invoice === invoice.id) {
      const kept = await replaceObject(tx, { ...subscription, pending_update: null });
      events.push(['customer.subscription.updated', kept, { pending_update: subscription.pending_update }]);
    }
    return { voided, events };
  });
  await sendEvents(context, outcome.events);
  return outcome.voided;
}
