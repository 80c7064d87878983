import { z } from 'zod';
import { defineContract } from '../../contracts/contract';
import { workspaceIdParams } from '../../contracts/common-params';
import { API_BASES } from '../../contracts/api-bases';
import { SEAT_REMOVAL_STATUSES } from '../../constants/domain';
import { SEATS } from '../../constants/limits';
import { seatPlanSchema } from '../checkout/checkout-contracts';
import { latestInvoiceSchema } from '../payment-state/payment-state-contracts';

/**
 * How long a price preview's prorationDate may be sent back with the purchase it priced, in the
 * customer's time: long enough to read the summary and pay, short enough that nobody is charged
 * for much time before they bought.
 */
export const SEAT_PREVIEW_LIFETIME_SECONDS = 3600;

/** The field a refused prorationDate is reported on: the web then prices the change again. */
export const PRORATION_DATE_FIELD = 'body.prorationDate';

/**
 * The proration date a change is charged at: the one its preview was priced at, accepted only
 * while that preview holds, so the charge never depends on a time the client chose (RELIABILITY,
 * payments). Refused rather than replaced by now: what is charged is what was shown, or nothing.
 */
export const prorationDateField = z
  .number()
  .int('prorationDate must be epoch seconds')
  .positive('prorationDate must be epoch seconds')
  .optional()
  .describe(
    `paymentInfo.prorationDate of the preview the person saw; without it, the payment provider's now. Accepted only while that preview holds: not later than the customer's now, at most ${SEAT_PREVIEW_LIFETIME_SECONDS / 60} minutes earlier, and within the current billing period. Any other date is refused with 400 validation_failed on ${PRORATION_DATE_FIELD} and nothing is charged: preview the price again`,
  );

const subscriptionBase = `${API_BASES.billing}/workspace-billing/workspaces/:id/subscriptions/v2/:subId`;
const subscriptionParams = workspaceIdParams.extend({ subId: z.uuid('subId must be a subscription id') });

/** SEAT-015 SEAT-016 SEAT-017: what a seat purchase did, and what the person must still do to pay for it. */
export const seatPurchaseSchema = z
  .object({
    subscriptionId: z.string(),
    expectedTotalSeats: z
      .number()
      .int()
      .describe(
        'The seats the subscription holds once this purchase is paid (SEAT-016 reloads until it does)',
      ),
    latestInvoice: latestInvoiceSchema.describe(
      'The prorated invoice of the purchase: PAID, or REQUIRES_CONFIRMATION with the hosted page where the person confirms it (the seats are added once it is paid)',
    ),
  })
  .meta({ id: 'SeatPurchase' });
export type SeatPurchase = z.infer<typeof seatPurchaseSchema>;

export const addSeatsV1 = defineContract({
  method: 'POST',
  path: `${subscriptionBase}/seats/v1`,
  summary:
    'Adds seats to a live Stripe subscription now (API-035, SEAT-015): the prorated amount is invoiced and charged at once, and the seats apply only once it is paid (a pending update); refused while a seat removal is scheduled (SEAT-025) or beyond the paid-user maximum (SEAT-007)',
  tags: ['billing'],
  params: subscriptionParams,
  body: z.object({
    useProratedAmounts: z
      .boolean()
      .default(true)
      .describe(
        'Charge the added seats pro rata for the rest of the period (the only way seats are added now)',
      ),
    seatPlans: z
      .array(seatPlanSchema)
      .min(1, 'seatPlans must name at least one plan')
      .max(1, 'seatPlans takes one plan: the subscription’s')
      .describe('The plan of the subscription and how many seats to add to it'),
    prorationDate: prorationDateField,
  }),
  response: seatPurchaseSchema,
});

/** SEAT-003: seats to drop at the next renewal. */
export const scheduledSeatRemovalSchema = z
  .object({
    scheduledRemovalId: z.string(),
    subscriptionId: z.string(),
    paymentPlanId: z.string(),
    targetSeatsQuantity: z.number().int().describe('The seats the subscription keeps from the renewal on'),
    targetSubscriptionAmount: z
      .number()
      .int()
      .nullable()
      .describe('Cents per period from the renewal on, before coupon and tax'),
    removeSeatsAtTimestamp: z.number().int().describe('Epoch milliseconds: the end of the current period'),
    createTimestamp: z.number().int(),
    lastUpdateTimestamp: z.number().int(),
    status: z.enum(SEAT_REMOVAL_STATUSES),
  })
  .meta({ id: 'ScheduledSeatRemoval' });
export type ScheduledSeatRemoval = z.infer<typeof scheduledSeatRemovalSchema>;

export const getScheduledSeatRemoval = defineContract({
  method: 'GET',
  path: `${subscriptionBase}/seats/v1/scheduled-removals`,
  summary:
    'The subscription’s pending seat removal (API-036); 404 when there is none, which the app reads as none (SEAT-024: asked only for PRO, not by members, not for SUPPORT or OFFLINE sources)',
  tags: ['billing'],
  params: subscriptionParams,
  query: z.object({ status: z.enum(['PENDING']).default('PENDING') }),
  response: scheduledSeatRemovalSchema,
});

export const scheduleSeatRemoval = defineContract({
  method: 'POST',
  path: `${subscriptionBase}/seats/v1/scheduled-removals`,
  summary:
    'Schedules removing unused seats at the end of the period (API-036, SEAT-019 SEAT-020 SEAT-021 SEAT-022 SEAT-023) through the subscription’s schedule; the target must keep every assigned seat and be below the seats paid',
  tags: ['billing'],
  params: subscriptionParams,
  body: z.object({
    subscriptionPlanSeats: z
      .array(
        z.object({
          paymentPlanId: z.uuid('paymentPlanId must be a payment plan id'),
          targetSeatsQuantity: z
            .number()
            .int('targetSeatsQuantity must be a whole number')
            .min(1, 'targetSeatsQuantity must be at least 1')
            .max(SEATS.maximum, `targetSeatsQuantity must be at most ${SEATS.maximum}`),
        }),
      )
      .length(1, 'subscriptionPlanSeats takes one plan: the subscription’s'),
  }),
  response: scheduledSeatRemovalSchema,
});

export const cancelScheduledSeatRemoval = defineContract({
  method: 'DELETE',
  path: `${subscriptionBase}/seats/v1/scheduled-removals`,
  summary:
    'Cancels the pending seat removal (SEAT-028, SEAT-029): the owner only; the subscription keeps its seats at renewal',
  tags: ['billing'],
  params: subscriptionParams,
  response: scheduledSeatRemovalSchema.describe('The removal, now CANCELED'),
});
