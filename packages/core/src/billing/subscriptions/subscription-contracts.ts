import { z } from 'zod';
import { defineContract } from '../../contracts/contract';
import { booleanQuery, workspaceIdParams } from '../../contracts/common-params';
import { API_BASES } from '../../contracts/api-bases';
import {
  CURRENCIES,
  LEGAL_ENTITIES,
  PAYMENT_PLAN_STATUSES,
  PAYMENT_SOURCES,
  PURCHASE_TYPES,
  SUBSCRIPTION_STATUSES,
  USER_PLANS,
  WORKSPACE_PLANS,
} from '../../constants/domain';
import { BILLING_INTERVALS, LIST_PRICE_PLANS } from '../../constants/pricing';

const billingBase = `${API_BASES.billing}/workspace-billing`;

/** 000 §3: the billing service's timestamps arrive as strings of epoch milliseconds. */
const epochMillisString = z.string().regex(/^\d+$/).describe('Epoch milliseconds, as a string');

const tierSchema = z
  .object({
    upTo: z.number().int().nullable().describe('The last seat of the tier; null: no upper bound'),
    unitAmount: z.number().int().describe('Cents per seat and billing period'),
  })
  .meta({ id: 'PaymentPlanTier' });

/** PRICE-008: a price at the payment provider, with its graduated tiers. */
export const paymentPlanSchema = z
  .object({
    paymentPlanId: z.string(),
    stripePriceId: z.string(),
    listPricePlan: z.enum(LIST_PRICE_PLANS).nullable(),
    workspacePlan: z.enum(WORKSPACE_PLANS),
    userPlan: z.enum(USER_PLANS).nullable(),
    billingInterval: z.enum(BILLING_INTERVALS),
    currency: z.enum(CURRENCIES),
    isPerSeat: z.boolean(),
    status: z.enum(PAYMENT_PLAN_STATUSES),
    paymentPlanTiers: z.array(tierSchema),
  })
  .meta({ id: 'PaymentPlan' });
export type PaymentPlan = z.infer<typeof paymentPlanSchema>;

export const listPaymentPlans = defineContract({
  method: 'GET',
  path: `${billingBase}/payment-plans/v1`,
  summary:
    'Every payment plan with its tiers (API-024); list prices are no secret, so any signed-in person reads them',
  tags: ['billing'],
  response: z.object({ items: z.array(paymentPlanSchema) }),
});

const subscriptionPaymentPlanSchema = z
  .object({
    paymentPlanId: z.string(),
    stripePriceId: z.string(),
    userPlanType: z.enum(USER_PLANS),
    legalEntity: z.enum(LEGAL_ENTITIES).nullable(),
    numberOfLicensesUsed: z.number().int(),
    allowedQuantity: z.number().int().describe('-1: unlimited'),
    assignedSeats: z.number().int(),
    totalSeats: z.number().int().describe('-1: unlimited'),
    availableSeats: z.number().int().describe('-1: unlimited'),
    tiers: z.array(tierSchema),
  })
  .meta({ id: 'SubscriptionPaymentPlan' });

const additionalStripeInfoSchema = z
  .object({
    country: z.string().nullable(),
    companyName: z.string().nullable(),
    couponId: z.string().nullable(),
    couponDuration: z.enum(['forever', 'repeating', 'once']).nullable(),
    couponPercentOff: z.number().nullable(),
    latestInvoice: z
      .object({
        paid: z.boolean(),
        hostedInvoiceUrl: z.string().nullable(),
        paymentIntent: z.object({ status: z.string().nullable() }),
      })
      .nullable(),
    upcomingInvoice: z
      .object({
        amountDue: z.number().int().describe('Cents due at the next renewal, coupon and tax included'),
      })
      .nullable(),
  })
  .meta({ id: 'AdditionalStripeInfo' });

/** 000 §3 Subscription. */
export const subscriptionSchema = z
  .object({
    subscriptionId: z.string(),
    workspaceId: z.string(),
    subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
    paymentSource: z.enum(PAYMENT_SOURCES),
    purchaseType: z.enum(PURCHASE_TYPES).nullable(),
    billingInterval: z.enum(BILLING_INTERVALS),
    workspacePlan: z.enum(WORKSPACE_PLANS),
    country: z.string().nullable(),
    currency: z.enum(CURRENCIES),
    taxRate: z.number().describe('Percent, e.g. 21 for 21 %'),
    amount: z.number().int().describe('Cents per billing period before coupon and tax'),
    discount: z.number().int(),
    autoRenew: z.boolean(),
    subscriptionTimestamp: epochMillisString,
    startTimestamp: epochMillisString,
    endTimestamp: epochMillisString,
    createTimestamp: epochMillisString,
    lastUpdateTimestamp: epochMillisString,
    stripeSubscriptionScheduleId: z.string().nullable(),
    scheduledChanges: z
      .object({ targetBillingInterval: z.enum(BILLING_INTERVALS), changeTimestamp: epochMillisString })
      .nullable(),
    additionalStripeInfo: additionalStripeInfoSchema
      .optional()
      .describe('With retrieveAdditionalStripeInfo=true'),
    subscriptionPaymentPlans: z
      .array(subscriptionPaymentPlanSchema)
      .optional()
      .describe('With includePlans=true'),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof subscriptionSchema>;

export const listSubscriptionsV1 = defineContract({
  method: 'GET',
  path: `${billingBase}/workspaces/:id/subscriptions/v1`,
  summary:
    "A space's subscriptions, newest first (API-025), with their seat plans (includePlans) and coupon, invoice and renewal details (retrieveAdditionalStripeInfo); not served to members (000 §4)",
  tags: ['billing'],
  params: workspaceIdParams,
  query: z.object({
    includePlans: booleanQuery.optional(),
    retrieveAdditionalStripeInfo: booleanQuery.optional(),
  }),
  response: z.object({ items: z.array(subscriptionSchema) }),
});
