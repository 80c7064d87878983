import { z } from 'zod';
import { sendEvents } from '../checkout-payment';
import { previousAttributes } from '../previous-attributes';
import { customerNow } from '../sandbox-clock';
import type { PendingEvent } from '../sandbox-charges';
import { SandboxError, invalidParam } from '../sandbox-errors';
import { sandboxId } from '../sandbox-ids';
import { listRoute } from '../sandbox-list';
import { expandParam, formBool, mergeMetadata, metadataParam, readParams } from '../sandbox-params';
import type { SandboxContext, SandboxRoute } from '../sandbox-route';
import { getObject, insertObject, lockObject, replaceObject, type StripeObject } from '../sandbox-store';
import { currentPhaseOf, phaseParam, readPhases } from '../schedule-phases';

const SCHEDULE = 'subscription_schedule';

const createParams = z.strictObject({ from_subscription: z.string().min(1), expand: expandParam });
const updateParams = z.strictObject({
  phases: z.array(phaseParam).min(1).max(10).optional(),
  end_behavior: z.enum(['release', 'cancel', 'none', 'renew']).optional(),
  proration_behavior: z.enum(['always_invoice', 'create_prorations', 'none']).optional(),
  metadata: metadataParam,
  expand: expandParam,
});

/** Stripe's refusal of an action on a schedule that has ended. */
const notLive = (action: string, schedule: StripeObject) =>
  new SandboxError(
    400,
    'invalid_request_error',
    `You cannot ${action} a subscription schedule that is currently in the \`${String(schedule.status)}\` status. It must be in one of the following statuses: \`not_started\`, \`active\`.`,
  );

/**
 * A schedule made from a subscription, as `from_subscription` makes it: one phase, the current
 * period as it is, released at its end unless phases are added.
 */
async function createFromSubscription(context: SandboxContext, input: unknown): Promise<StripeObject> {
  const raw = (input ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(raw)) {
    if (key !== 'from_subscription' && key !== 'expand') {
      throw invalidParam(key, `You cannot set \`${key}\` if \`from_subscription\` is set.`);
    }
  }
  if (raw.from_subscription === undefined) {
    throw invalidParam(
      'from_subscription',
      'The sandbox makes schedules from an existing subscription only: pass from_subscription.',
    );
  }
  const params = readParams(createParams, input);
  const outcome = await context.db.transaction(async (tx) => {
    const subscription =
      (await lockObject(tx, 'subscription', params.from_subscription)) ??
      (await getObject(tx, 'subscription', params.from_subscription, 'from_subscription'));
    if (subscription.schedule) {
      throw invalidParam(
        'from_subscription',
        `You cannot migrate a subscription that is already attached to a schedule: \`${String(subscription.schedule)}\`.`,
      );
    }
    if (!['active', 'past_due', 'trialing'].includes(subscription.status as string)) {
      throw invalidParam(
        'from_subscription',
        `A subscription in the \`${String(subscription.status)}\` status cannot be managed by a schedule.`,
      );
    }
    const now = await customerNow(tx, subscription.customer as string);
    const phase = currentPhaseOf(subscription);
    const schedule = await insertObject(tx, {
      id: sandboxId('sub_sched'),
      object: SCHEDULE,
      application: null,
      billing_mode: { type: 'flexible', flexible: null, updated_at: now },
      canceled_at: null,
      completed_at: null,
      created: now,
      current_phase: { start_date: phase.start_date, end_date: phase.end_date },
      customer: subscription.customer,
      customer_account: null,
      default_settings: {
        application_fee_percent: null,
        automatic_tax: { disabled_reason: null, enabled: false, liability: null },
        billing_cycle_anchor: 'automatic',
        billing_thresholds: null,
        collection_method: 'charge_automatically',
        default_payment_method: subscription.default_payment_method ?? null,
        description: null,
        invoice_settings: { account_tax_ids: null, days_until_due: null, issuer: { type: 'self' } },
        on_behalf_of: null,
        transfer_data: null,
      },
      end_behavior: 'release',
      livemode: false,
      metadata: {},
      phases: [phase],
      released_at: null,
      released_subscription: null,
      status: 'active',
      subscription: subscription.id,
      test_clock: subscription.test_clock ?? null,
    });
    const attached = await replaceObject(tx, { ...subscription, schedule: schedule.id });
    const events: PendingEvent[] = [
      ['subscription_schedule.created', schedule],
      ['customer.subscription.updated', attached, { schedule: null }],
    ];
    return { schedule, events };
  });
  await sendEvents(context, outcome.events);
  return outcome.schedule;
}

async function updateSchedule(context: SandboxContext, id: string, input: unknown): Promise<StripeObject> {
  const params = readParams(updateParams, input);
  const outcome = await context.db.transaction(async (tx) => {
    const schedule = (await lockObject(tx, SCHEDULE, id)) ?? (await getObject(tx, SCHEDULE, id));
    if (schedule.status !== 'active') throw notLive('update', schedule);
    const subscription = await getObject(tx, 'subscription', schedule.subscription as string);
    const now = await customerNow(tx, subscription.customer as string);
    const phases = params.phases ? await readPhases(tx, subscription, params.phases, now) : schedule.phases;
    const first = (phases as { start_date: number; end_date: number }[])[0]!;
    const next = {
      ...schedule,
      phases,
      current_phase: { start_date: first.start_date, end_date: first.end_date },
      end_behavior: params.end_behavior ?? schedule.end_behavior,
      metadata: mergeMetadata(schedule.metadata as Record<string, string>, params.metadata),
    };
    if (next.end_behavior !== 'release' && next.end_behavior !== 'cancel') {
      throw invalidParam('end_behavior', 'The sandbox runs schedules that end by release or cancel.');
    }
    const updated = await replaceObject(tx, next);
    return { schedule: updated, previous: previousAttributes(schedule, updated) };
  });
  await sendEvents(context, [['subscription_schedule.updated', outcome.schedule, outcome.previous]]);
  return outcome.schedule;
}

/**
 * Ends a schedule at once: release leaves the subscription as it is, without the schedule; cancel
 * cancels the subscription too, as Stripe's `cancel` does.
 */
async function endSchedule(
  context: SandboxContext,
  id: string,
  input: unknown,
  how: 'release' | 'cancel',
): Promise<StripeObject> {
  readParams(
    how === 'release'
      ? z.strictObject({ preserve_cancel_date: formBool.optional(), expand: expandParam })
      : z.strictObject({
          invoice_now: formBool.optional(),
          prorate: formBool.optional(),
          expand: expandParam,
        }),
    input,
  );
  const outcome = await context.db.transaction(async (tx) => {
    const schedule = (await lockObject(tx, SCHEDULE, id)) ?? (await getObject(tx, SCHEDULE, id));
    if (schedule.status !== 'active' && schedule.status !== 'not_started') throw notLive(how, schedule);
    const subscription = await lockObject(tx, 'subscription', schedule.subscription as string);
    const now = await customerNow(tx, schedule.customer as string);
    const ended = await replaceObject(tx, {
      ...schedule,
      current_phase: null,
      ...(how === 'release'
        ? { status: 'released', released_at: now, released_subscription: schedule.subscription }
        : { status: 'canceled', canceled_at: now }),
    });
    const events: PendingEvent[] = [
      [how === 'release' ? 'subscription_schedule.released' : 'subscription_schedule.canceled', ended],
    ];
    if (subscription) {
      const after: StripeObject =
        how === 'release'
          ? { ...subscription, schedule: null }
          : {
              ...subscription,
              schedule: null,
              status: 'canceled',
              canceled_at: now,
              ended_at: now,
              cancellation_details: { comment: null, feedback: null, reason: 'cancellation_requested' },
            };
      const updated = await replaceObject(tx, after);
      events.push(
        how === 'release'
          ? ['customer.subscription.updated', updated, { schedule: subscription.schedule }]
          : ['customer.subscription.deleted', updated],
      );
    }
    return { schedule: ended, events };
  });
  await sendEvents(context, outcome.events);
  return outcome.schedule;
}

/**
 * subscription schedules, for changes at a period end (fewer seats, another interval): create
 * `from_subscription`, retrieve, update phases, release, cancel, list. The clock applies the phases
 * at renewals (renewals.ts, schedule-phases.ts).
 */
export const subscriptionScheduleRoutes: SandboxRoute[] = [
  {
    method: 'POST',
    path: '/subscription_schedules',
    handle: (context, request) => createFromSubscription(context, request.input),
  },
  {
    method: 'GET',
    path: '/subscription_schedules/:id',
    handle: (context, request) => getObject(context.db, SCHEDULE, request.params.id!),
  },
  {
    method: 'POST',
    path: '/subscription_schedules/:id',
    handle: (context, request) => updateSchedule(context, request.params.id!, request.input),
  },
  {
    method: 'POST',
    path: '/subscription_schedules/:id/release',
    handle: (context, request) => endSchedule(context, request.params.id!, request.input, 'release'),
  },
  {
    method: 'POST',
    path: '/subscription_schedules/:id/cancel',
    handle: (context, request) => endSchedule(context, request.params.id!, request.input, 'cancel'),
  },
  listRoute({
    path: '/subscription_schedules',
    object: SCHEDULE,
    filters: { customer: z.string().optional(), scheduled: formBool.optional() },
    match: ({ customer }) => ({ contains: customer ? { customer } : {} }),
  }),
];
