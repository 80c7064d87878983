import { z } from 'zod';
import { defineContract } from '../../contracts/contract';
import { workspaceIdParams } from '../../contracts/common-params';
import { API_BASES } from '../../contracts/api-bases';
import { WORKSPACE_PLANS } from '../../constants/domain';
import { BILLING_INTERVALS } from '../../constants/pricing';
import { text } from '../../contracts/text';
import { subscriptionSchema } from './subscription-contracts';
import { prorationDateField } from '../seats/seat-contracts';

/**
 * MEM-033, CHK-081 CHK-082 CHK-083 CHK-084 CHK-085 CHK-086 CHK-087: which users a price pays for after the
 * change.
 */
const workspaceUserPlanSchema = z.object({
  stripePriceId: text().min(1).max(255),
  userIds: z.array(z.uuid('userIds must be user ids')).max(100, 'userIds takes at most 100 users'),
  downgradeToFree: z
    .boolean()
    .default(false)
    .describe('The listed users become free at the renewal (a downgrade, scheduled)'),
});

/**
 * API-032: one change to a live subscription per call. A cycle change (CHK-044, CHK-045) waits
 * for the period end in the subscription's schedule; paid-user changes upgrade now at a prorated
 * price or downgrade at renewal (CHK-046); cancelScheduledBillingIntervalChange drops a waiting
 * cycle change (BILL-014).
 */
export const updateSubscriptionV1 = defineContract({
  method: 'PUT',
  path: `${API_BASES.billing}/workspace-billing/workspaces/:id/subscriptions/v1/:subscriptionId`,
  summary:
    'Changes a live subscription (API-032): billing interval at the period end, paid users (upgrade now, prorated; downgrade at renewal), or cancels a scheduled billing-cycle change (cancelScheduledBillingIntervalChange); answers the updated subscription',
  tags: ['billing'],
  params: workspaceIdParams.extend({ subscriptionId: z.uuid('subscriptionId must be a subscription id') }),
  body: z
    .object({
      workspacePlan: z.enum(WORKSPACE_PLANS).exclude(['FREE', 'LEGACY']).optional(),
      billingInterval: z.enum(BILLING_INTERVALS).optional(),
      workspaceUserPlans: z.array(workspaceUserPlanSchema).min(1).max(4).optional(),
      upgradeLegacySubscription: z.boolean().optional(),
      cancelScheduledBillingIntervalChange: z.literal(true).optional(),
      prorationDate: prorationDateField,
    })
    .refine(
      (body) =>
        body.cancelScheduledBillingIntervalChange === true ||
        body.billingInterval !== undefined ||
        body.workspacePlan !== undefined ||
        body.workspaceUserPlans !== undefined,
      {
        message:
          'Name a change: billingInterval, workspacePlan, workspaceUserPlans or cancelScheduledBillingIntervalChange',
      },
    ),
  response: subscriptionSchema,
});
