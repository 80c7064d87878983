import { z } from 'zod';
import { sendEvents } from './checkout-payment';
import { currentPeriod, subscriptionItems } from './billing-items';
import { defaultCard, type PendingUpdate } from './invoice-settlement';
import { previousAttributes } from './previous-attributes';
import { customerNow } from './sandbox-clock';
import { chargeInvoice, type PendingEvent } from './sandbox-charges';
import { SandboxError, invalidParam } from './sandbox-errors';
import { expandParam, formBool, formInt, mergeMetadata, readParams } from './sandbox-params';
import type { SandboxContext } from './sandbox-route';
import { getObject, lockObject, replaceObject, type StripeObject } from './sandbox-store';
import {
  applyItemChanges,
  checkProrationDate,
  itemChangeParam,
  prorationBehaviorParam,
  prorationLines,
  subscriptionInvoice,
} from './subscription-changes';

const updateParams = z.strictObject({
  items: z.array(itemChangeParam).max(20).optional(),
  proration_behavior: prorationBehaviorParam.optional(),
  proration_date: formInt.optional(),
  payment_behavior: z
    .enum(['allow_incomplete', 'default_incomplete', 'error_if_incomplete', 'pending_if_incomplete'])
    .optional(),
  cancel_at_period_end: formBool.optional(),
  default_payment_method: z.string().min(1).optional(),
  metadata: z.union([z.record(z.string(), z.string()), z.literal('')]).optional(),
  off_session: formBool.optional(),
  expand: expandParam,
});
type UpdateParams = z.infer<typeof updateParams>;

/**
 * What a pending update may carry (Stripe's "pending updates reference"; metadata since
 * 2026-05-27, older than the API version we pin). Anything else is refused with
 * pending_if_incomplete, as at Stripe.
 */
const PENDING_ALLOWED = new Set([
  'items',
  'proration_behavior',
  'proration_date',
  'payment_behavior',
  'expand',
  'metadata',
  'off_session',
]);
const PENDING_ITEM_ALLOWED = new Set(['id', 'price', 'quantity']);

/** Stripe keeps a pending update this long; after it, the update is dropped (renewals.ts). */
const PENDING_UPDATE_SECONDS = 23 * 3600;

function checkPendingParams(params: UpdateParams): void {
  for (const key of Object.keys(params)) {
    if (!PENDING_ALLOWED.has(key) && params[key as keyof UpdateParams] !== undefined) {
      throw invalidParam(
        key,
        `You cannot pass \`${key}\` when \`payment_behavior\` is \`pending_if_incomplete\`. See https://stripe.com/docs/billing/pending-updates-reference#supported-attributes for the parameters a pending update supports.`,
      );
    }
  }
  for (const [index, item] of (params.items ?? []).entries()) {
    for (const key of Object.keys(item)) {
      if (!PENDING_ITEM_ALLOWED.has(key) && item[key as keyof typeof item] !== undefined) {
        throw invalidParam(
          `items[${index}][${key}]`,
          `You cannot pass \`items[${index}][${key}]\` when \`payment_behavior\` is \`pending_if_incomplete\`.`,
        );
      }
    }
  }
}

/** Stripe's refusal of an invoice that was not paid with error_if_incomplete: nothing is changed. */
function paymentRefused(invoice: StripeObject): SandboxError {
  const intent = (invoice.payments as { data: { payment: { payment_intent: string } }[] }).data[0]?.payment
    .payment_intent;
  return new SandboxError(402, 'card_error', 'Your card was declined.', 'card_declined', undefined, {
    decline_code: 'generic_decline',
    ...(intent ? { payment_intent: { id: intent } } : {}),
  });
}

/**
 * `POST /v1/subscriptions/:id`: new quantities or prices of existing items, prorated from
 * `proration_date` (default: now on the customer's clock) to the period end, invoiced at once
 * (always_invoice, charged on-session to the default card unless off_session), left for the next
 * renewal (create_prorations) or not at all (none); with pending_if_incomplete an unpaid invoice
 * leaves the items as they were and records `pending_update`, applied once the invoice is paid.
 * Also cancel_at_period_end, default_payment_method and metadata. One transaction: a refused
 * update writes nothing.
 */
export async function updateSubscription(
  context: SandboxContext & { publicOrigin: string },
  id: string,
  input: unknown,
): Promise<StripeObject> {
  const params = readParams(updateParams, input);
  const paymentBehavior = params.payment_behavior ?? 'allow_incomplete';
  if (paymentBehavior === 'pending_if_incomplete') checkPendingParams(params);
  const outcome = await context.db.transaction(async (tx) => {
    const subscription =
      (await lockObject(tx, 'subscription', id)) ?? (await getObject(tx, 'subscription', id));
    if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
      throw invalidParam(
        'subscription',
        'A canceled subscription can only update its cancellation_details and metadata.',
      );
    }
    if (params.cancel_at_period_end !== undefined && subscription.schedule) {
      throw invalidParam(
        'cancel_at_period_end',
        `The subscription is managed by the subscription schedule \`${String(subscription.schedule)}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`,
      );
    }
    const now = await customerNow(tx, subscription.customer as string);
    const period = currentPeriod(subscription);
    if (params.proration_date !== undefined) checkProrationDate(params.proration_date, period);
    const from = params.proration_date ?? now;
    const events: PendingEvent[] = [];
    let next: StripeObject = { ...subscription };

    if (params.default_payment_method) {
      const card = await getObject(
        tx,
        'payment_method',
        params.default_payment_method,
        'default_payment_method',
      );
      if (card.customer !== subscription.customer) {
        throw invalidParam(
          'default_payment_method',
          `The payment method \`${card.id}\` does not belong to the subscription's customer.`,
        );
      }
      next.default_payment_method = card.id;
    }
    const metadata = params.metadata === '' ? null : params.metadata;
    let pendingMetadata: Record<string, string> | null = null;

    if (params.items) {
      const before = subscriptionItems(subscription);
      const change = await applyItemChanges(tx, subscription, params.items, 'items');
      const lines = prorationLines(before, change, from, period);
      const applied = { ...(next.items as object), data: change.items };
      const behavior = params.proration_behavior ?? 'create_prorations';
      if (lines.length > 0 && behavior === 'always_invoice') {
        const card = await defaultCard(tx, next);
        if (!card) {
          throw invalidParam(
            'default_payment_method',
            'This customer has no attached payment source or default payment method.',
            'resource_missing',
          );
        }
        const draft = await subscriptionInvoice(tx, subscription, {
          lines,
          billingReason: 'subscription_update',
          periodStart: now,
          periodEnd: now,
          now,
        });
        const charge = await chargeInvoice(tx, draft, {
          paymentMethod: card,
          now,
          publicOrigin: context.publicOrigin,
          offSession: params.off_session ?? false,
        });
        if (!charge.paid && paymentBehavior === 'error_if_incomplete') throw paymentRefused(charge.invoice);
        events.push(...charge.events);
        next.latest_invoice = charge.invoice.id;
        if (charge.paid) {
          next.items = applied;
        } else if (paymentBehavior === 'pending_if_incomplete') {
          pendingMetadata = metadata ?? null;
          const pending: PendingUpdate & Record<string, unknown> = {
            billing_cycle_anchor: null,
            expires_at: now + PENDING_UPDATE_SECONDS,
            metadata: pendingMetadata,
            subscription_items: change.changed,
            trial_end: null,
            trial_from_plan: null,
          };
          next.pending_update = pending;
        } else {
          next.items = applied;
          next.status = 'past_due';
        }
      } else {
        next.items = applied;
        if (lines.length > 0 && behavior === 'create_prorations') {
          next._pending_prorations = [...((subscription._pending_prorations as unknown[]) ?? []), ...lines];
        }
      }
    }

    if (metadata !== undefined && !pendingMetadata) {
      next.metadata =
        metadata === null ? {} : mergeMetadata(next.metadata as Record<string, string>, metadata);
    }
    if (params.cancel_at_period_end !== undefined) {
      next = {
        ...next,
        cancel_at_period_end: params.cancel_at_period_end,
        cancel_at: params.cancel_at_period_end ? period.end : null,
        canceled_at: params.cancel_at_period_end ? now : null,
        cancellation_details: {
          comment: null,
          feedback: null,
          reason: params.cancel_at_period_end ? 'cancellation_requested' : null,
        },
      };
    }
    const previous = previousAttributes(subscription, next);
    if (Object.keys(previous).length === 0) return { subscription, events };
    const updated = await replaceObject(tx, next);
    return {
      subscription: updated,
      events: [...events, ['customer.subscription.updated', updated, previous]],
    };
  });
  await sendEvents(context, outcome.events as PendingEvent[]);
  return outcome.subscription;
}
