import { z } from 'zod';
import { defineContract } from '../../contracts/contract';
import { API_BASES } from '../../contracts/api-bases';
import type { PaymentSource } from '../../constants/domain';

/** RES-011 (001 §5): cancelling renewal without a subscription id. */
export const SUBSCRIPTION_ID_MISSING = 'Subscription Id is missing';

/** RES-009 (001 §2, §6): only a license paid through PayPal can have its renewal stopped here. */
export function canStopAutoRenewal(
  license: { subscriptionId: string; paymentSource: PaymentSource } | null | undefined,
): boolean {
  return license?.paymentSource === 'PAYPAL';
}

/** RES-011: the license's subscription id, required. */
export const cancelAutoRenewalBody = z.object({
  subscriptionId: z.uuid({
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? SUBSCRIPTION_ID_MISSING
        : 'Subscription Id is not valid',
  }),
});

/**
 * RES-010, RES-011 (001 §7): the billing service's call, under the billing prefix. The spec sends
 * the license's subscription id; the server still stops only the caller's own license, so an id
 * that is not the caller's is not found. The spec does not read the answer; it says what is now so.
 */
export const cancelAutoRenewal = defineContract({
  method: 'POST',
  path: `${API_BASES.billing}/_ah/api/subscriptions/v1/cancelAutoRenewal`,
  summary:
    "Stop the automatic renewal of the caller's legacy PayPal license (RES-010); the license stays paid until its period ends",
  tags: ['billing'],
  body: cancelAutoRenewalBody,
  response: z
    .object({
      subscriptionId: z.string(),
      autoRenew: z.literal(false),
      endTimestamp: z.string().describe('When the license ends now that it does not renew (ISO 8601)'),
    })
    .meta({ id: 'CancelAutoRenewalResult' }),
});
