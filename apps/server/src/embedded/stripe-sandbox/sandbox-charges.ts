import type { Db } from '../../db/client';
import type { CardBehaviour } from './cards';
import { sandboxId } from './sandbox-ids';
import { hostedInvoicePath } from './sandbox-paths';
import { getObject, insertObject, replaceObject, type StripeObject } from './sandbox-store';

/** An event to send once the writes that caused it are committed. */
export type PendingEvent = [type: string, object: StripeObject, previous?: Record<string, unknown>];

/** The card a person typed, kept as Stripe keeps a payment method (never the full number). */
export function insertCard(
  db: Db,
  card: { brand: string; last4: string; behaviour: CardBehaviour },
  customer: string,
  now: number,
): Promise<StripeObject> {
  return insertObject(db, {
    id: sandboxId('pm'),
    object: 'payment_method',
    type: 'card',
    created: now,
    livemode: false,
    customer,
    card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2034, funding: 'credit' },
    billing_details: { address: null, email: null, name: null, phone: null },
    metadata: {},
    _behaviour: card.behaviour,
  });
}

/**
 * Finalises an invoice and charges it to a card through a payment intent, as Stripe does for a
 * subscription: paid when the card pays, left open (and the intent waiting for another payment
 * method) when it does not. Returns whether it was paid and the events to send.
 */
/**
 * What a test card does with a charge. The payment that saves the card (the checkout page, where
 * 3155 was authenticated) pays; later off-session charges (renewals, retries) pay without
 * authentication, except 0341, which fails every later charge; a later on-session charge (the
 * customer is there, e.g. buying seats now) asks 3155 for authentication again, as Stripe's test
 * card does for every payment it was not set up with.
 */
function chargeOutcome(
  behaviour: CardBehaviour,
  options: { offSession: boolean; atSetup: boolean },
): 'succeeded' | 'requires_action' | 'requires_payment_method' {
  if (behaviour === 'declined') return 'requires_payment_method';
  if (behaviour === 'fails-later') return options.atSetup ? 'succeeded' : 'requires_payment_method';
  if (behaviour === 'authenticate' && !options.offSession && !options.atSetup) return 'requires_action';
  return 'succeeded';
}

const DECLINED = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' };
const AUTHENTICATE = { type: 'use_stripe_sdk', use_stripe_sdk: {} };

export async function chargeInvoice(
  db: Db,
  draft: StripeObject,
  options: {
    paymentMethod: StripeObject;
    now: number;
    publicOrigin: string;
    offSession: boolean;
    /** The payment that saves the card, on the checkout page (see chargeOutcome). */
    atSetup?: boolean;
    /** When an automatic retry will charge the invoice again if this charge fails (renewals). */
    nextAttemptIfFailed?: number;
  },
): Promise<{ invoice: StripeObject; paid: boolean; events: PendingEvent[] }> {
  const { paymentMethod, now } = options;
  const amount = draft.amount_due as number;
  // Nothing due (a net credit) is paid at finalisation, without a payment.
  const status =
    amount === 0
      ? 'succeeded'
      : chargeOutcome(paymentMethod._behaviour as CardBehaviour, {
          offSession: options.offSession,
          atSetup: options.atSetup ?? false,
        });
  const paid = status === 'succeeded';
  const intentId = sandboxId('pi');
  const clientSecret = `${intentId}_secret_${sandboxId('s').slice(2)}`;
  const intent = await insertObject(db, {
    id: intentId,
    object: 'payment_intent',
    amount,
    amount_received: paid ? amount : 0,
    currency: draft.currency,
    customer: draft.customer,
    client_secret: clientSecret,
    created: now,
    description:
      draft.billing_reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
    last_payment_error: status === 'requires_payment_method' ? DECLINED : null,
    livemode: false,
    metadata: {},
    next_action: status === 'requires_action' ? AUTHENTICATE : null,
    payment_method: paymentMethod.id,
    payment_method_types: ['card'],
    status,
  });
  const invoiceId = draft.id;
  const invoice = await insertObject(db, {
    ...draft,
    status: paid ? 'paid' : 'open',
    number: `SBX-${String(now).slice(-6)}-${invoiceId.slice(-4).toUpperCase()}`,
    hosted_invoice_url: `${options.publicOrigin}${hostedInvoicePath(invoiceId)}`,
    amount_paid: paid ? amount : 0,
    amount_remaining: paid ? 0 : amount,
    attempt_count: 1,
    attempted: true,
    next_payment_attempt: paid ? null : (options.nextAttemptIfFailed ?? null),
    default_payment_method: paymentMethod.id,
    effective_at: now,
    status_transitions: {
      ...(draft.status_transitions as object),
      finalized_at: now,
      paid_at: paid ? now : null,
    },
    confirmation_secret: { client_secret: clientSecret, type: 'payment_intent' },
    payments: {
      object: 'list',
      data: [
        {
          id: sandboxId('inpay'),
          object: 'invoice_payment',
          amount_paid: paid ? amount : null,
          amount_requested: amount,
          created: now,
          currency: draft.currency,
          invoice: invoiceId,
          is_default: true,
          livemode: false,
          payment: { type: 'payment_intent', payment_intent: intentId },
          status: paid ? 'paid' : 'open',
          status_transitions: { canceled_at: null, paid_at: paid ? now : null },
        },
      ],
      has_more: false,
      url: `/v1/invoice_payments?invoice=${invoiceId}`,
    },
  });
  const events: PendingEvent[] = [
    ['invoice.created', { ...invoice, status: 'draft' }],
    ['invoice.finalized', invoice],
    ...(paid
      ? ([
          ['payment_intent.succeeded', intent],
          ['invoice.paid', invoice],
          ['invoice.payment_succeeded', invoice],
        ] as PendingEvent[])
      : status === 'requires_action'
        ? ([
            ['payment_intent.requires_action', intent],
            ['invoice.payment_action_required', invoice],
          ] as PendingEvent[])
        : ([
            ['payment_intent.payment_failed', intent],
            ['invoice.payment_failed', invoice],
          ] as PendingEvent[])),
  ];
  return { invoice, paid, events };
}

/**
 * Tries an open invoice again, always on its own payment intent (never a second one): with a card
 * the customer just saved (the portal, on-session: 3155 asks for authentication, BILL-019), by an
 * automatic retry (off-session, the current default card), or with `authenticated` once the
 * person confirmed a payment that required action (the hosted invoice page).
 */
export async function retryInvoice(
  db: Db,
  invoice: StripeObject,
  options: { paymentMethod: StripeObject; now: number; offSession: boolean; authenticated?: boolean },
): Promise<{ invoice: StripeObject; paid: boolean; events: PendingEvent[] }> {
  const status = chargeOutcome(options.paymentMethod._behaviour as CardBehaviour, {
    offSession: options.offSession,
    atSetup: options.authenticated ?? false,
  });
  const paid = status === 'succeeded';
  const payments = invoice.payments as { data: { payment: { payment_intent: string } }[] };
  const intentId = payments.data[0]!.payment.payment_intent;
  const intent = await getObject(db, 'payment_intent', intentId);
  const amount = invoice.amount_due as number;
  const retried = await replaceObject(db, {
    ...intent,
    payment_method: options.paymentMethod.id,
    amount_received: paid ? amount : 0,
    status,
    last_payment_error: status === 'requires_payment_method' ? DECLINED : null,
    next_action: status === 'requires_action' ? AUTHENTICATE : null,
  });
  const attempted = await replaceObject(db, {
    ...invoice,
    attempt_count: (invoice.attempt_count as number) + 1,
    default_payment_method: options.paymentMethod.id,
    ...(paid
      ? {
          status: 'paid',
          amount_paid: amount,
          amount_remaining: 0,
          next_payment_attempt: null,
          status_transitions: { ...(invoice.status_transitions as object), paid_at: options.now },
          payments: {
            ...payments,
            data: payments.data.map((payment) => ({
              ...payment,
              amount_paid: amount,
              status: 'paid',
              status_transitions: { canceled_at: null, paid_at: options.now },
            })),
          },
        }
      : {}),
  });
  const events: PendingEvent[] = paid
    ? [
        ['payment_intent.succeeded', retried],
        ['invoice.paid', attempted],
        ['invoice.payment_succeeded', attempted],
      ]
    : status === 'requires_action'
      ? [
          ['payment_intent.requires_action', retried],
          ['invoice.payment_action_required', attempted],
        ]
      : [
          ['payment_intent.payment_failed', retried],
          ['invoice.payment_failed', attempted],
        ];
  return { invoice: attempted, paid, events };
}
