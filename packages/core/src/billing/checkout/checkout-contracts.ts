import { z } from 'zod';
import { defineContract } from '../../contracts/contract';
import { booleanQuery, workspaceIdParams } from '../../contracts/common-params';
import { API_BASES } from '../../contracts/api-bases';
import { CURRENCIES, USER_PLANS, WORKSPACE_PLANS } from '../../constants/domain';
import { SEATS } from '../../constants/limits';
import { BILLING_INTERVALS } from '../../constants/pricing';
import { checkoutFormSchema } from './checkout-form';
import { text } from '../../contracts/text';

const checkoutBase = `${API_BASES.billing}/workspace-billing/workspaces/:id/stripe/checkout`;

const countryCode = z.string().regex(/^[A-Z]{2}$/, 'Country is a required field');

/** CHK-068: one plan of the purchase and how many seats of it. */
export const seatPlanSchema = z
  .object({
    userPlan: z.enum(USER_PLANS).exclude(['FREE']),
    quantity: z
      .number()
      .int('quantity must be a whole number')
      .min(1, 'quantity must be at least 1')
      .max(SEATS.maximum, `quantity must be at most ${SEATS.maximum}`),
  })
  .meta({ id: 'SeatPlan' });

const PAID_USER_PLANS = USER_PLANS.filter((plan) => plan !== 'FREE');

/**
 * SEAT-032, CHK-068: the lines of one purchase name each `key` once (the provider is asked for one
 * item per line, so more lines would be more items, up to its refusal) and hold at most
 * SEATS.maximum seats in all (the volume coupons stop there). Shared by the web form and the
 * server through the contracts, so both refuse the same requests with the same words.
 */
function purchaseLines<Line extends { quantity: number }>(
  line: z.ZodType<Line>,
  options: { field: string; key: (line: Line) => string; per: string },
) {
  const { field, per } = options;
  return z
    .array(line)
    .min(1, `${field} must name at least one plan`)
    .max(PAID_USER_PLANS.length, `${field} takes at most ${PAID_USER_PLANS.length} lines, one per ${per}`)
    .superRefine((lines, context) => {
      const named = new Set<string>();
      for (const entry of lines) {
        const key = options.key(entry);
        if (named.has(key)) {
          context.addIssue({
            code: 'custom',
            message: `${field} takes one line per ${per}: ${key} is named twice`,
          });
          return;
        }
        named.add(key);
      }
      const seats = lines.reduce((sum, entry) => sum + entry.quantity, 0);
      if (seats > SEATS.maximum) {
        context.addIssue({
          code: 'custom',
          message: `${field} hold ${seats} seats in all: a purchase holds at most ${SEATS.maximum}`,
        });
      }
    });
}

/** CHK-068, SEAT-032: the seat plans of a purchase: one line per user plan, at most 100 seats. */
export const seatPlansSchema = purchaseLines(seatPlanSchema, {
  field: 'seatPlans',
  key: (line) => line.userPlan,
  per: 'user plan',
}).describe(
  `One line per user plan (${PAID_USER_PLANS.join(', ')}), at most ${SEATS.maximum} seats in all (SEAT-032); otherwise 400 validation_failed on body.seatPlans`,
);

const stripePlanSchema = z
  .object({
    stripePriceId: z.string(),
    userIds: z.array(z.string()),
    totalAmount: z
      .number()
      .int()
      .describe('Cents for this plan per billing period, after coupon, before tax'),
    quantity: z.number().int(),
  })
  .meta({ id: 'StripePlan' });

/** CHK-072: what a purchase costs, read from the payment provider's invoice preview. */
export const paymentInfoSchema = z
  .object({
    currency: z.enum(CURRENCIES),
    totalAmount: z.number().int().describe('Cents due per billing period: after coupon, tax included'),
    taxRate: z.number().describe('Percent'),
    chargedToday: z.number().int().describe('Cents charged at checkout'),
    proratedDays: z.number().int().nullable(),
    stripePlans: z.array(stripePlanSchema),
    currentBillingInterval: z.enum(BILLING_INTERVALS).nullable(),
    targetBillingInterval: z.enum(BILLING_INTERVALS),
    currentAmount: z.number().int().nullable().describe('Cents per period of the live subscription'),
    stripeCheckoutSessionId: z.string().nullable(),
    subtotal: z.number().int().describe('Cents before coupon and tax'),
    discountAmount: z.number().int().describe('Cents the volume coupon takes off'),
    taxAmount: z.number().int(),
    couponId: z.string().nullable().describe('The volume coupon (5SEATS … 100SEATS), if any'),
    couponPercentOff: z.number().nullable(),
    prorationDate: z
      .number()
      .int()
      .nullable()
      .describe(
        'Epoch seconds the prorated amounts were priced at (previews of a change to the live subscription); send it back with the change so what is charged equals this preview to the cent',
      ),
  })
  .meta({ id: 'PaymentInfo' });
export type PaymentInfo = z.infer<typeof paymentInfoSchema>;

const previewBase = {
  country: countryCode,
  purchaseType: z.enum(['B2C', 'B2B']).default('B2C'),
  billingInterval: z.enum(BILLING_INTERVALS),
  workspacePlan: z.enum(WORKSPACE_PLANS).exclude(['FREE', 'LEGACY']),
};

/** CHK-068: the seat flow's price preview request. */
export const priceInfoV2 = defineContract({
  method: 'POST',
  path: `${checkoutBase}/v2/info`,
  summary:
    'Price preview of a seat purchase (API-029): per-seat price, volume coupon and tax from the provider’s invoice preview; what is charged today',
  tags: ['billing'],
  params: workspaceIdParams,
  body: z.object({
    ...previewBase,
    seatPlans: seatPlansSchema,
    previewProratedAmounts: z
      .boolean()
      .default(false)
      .describe(
        'true (ADDITIONAL_SEATS, SEAT-009 SEAT-010 SEAT-011 SEAT-012): the seat plans are seats added to the live subscription, priced pro rata from now to its period end, with prorationDate',
      ),
  }),
  response: paymentInfoSchema,
});

/** CHK-070: the older flow names users and their plans instead of seat counts. */
export const priceInfoV1 = defineContract({
  method: 'POST',
  path: `${checkoutBase}/v1/info`,
  summary:
    'Price preview of the older per-user flow (API-027): the listed users’ plans priced as seats of those plans',
  tags: ['billing'],
  params: workspaceIdParams,
  query: z.object({ previewProratedChanges: booleanQuery.optional() }),
  body: z.object({
    ...previewBase,
    userUpdates: z
      .array(z.object({ userId: z.uuid('userId must be a user id'), userPlan: z.enum(USER_PLANS) }))
      .min(1, 'userUpdates must name at least one user'),
    upgradeLegacySubscription: z.boolean().default(false),
  }),
  response: paymentInfoSchema,
});

/** CHK-066: the address and buyer, as the billing form collected them. */
const sessionBase = {
  workspaceId: z.uuid().optional().describe('When given, must be the space of the path'),
  addressInfo: z.object({
    country: countryCode,
    state: text().default(''),
    city: text(),
    postalCode: text().default(''),
    street: text(),
  }),
  companyName: text().default(''),
  customerName: text(),
  isB2BTransaction: z.boolean(),
  vatNumber: text().optional().describe('Only for a business purchase (CHK-067)'),
  goBackUrl: text().describe('Path of this app the hosted checkout returns to when abandoned'),
  userName: text().optional(),
  billingInterval: z.enum(BILLING_INTERVALS),
  workspacePlan: z.enum(WORKSPACE_PLANS).exclude(['FREE', 'LEGACY']),
};

const sessionResponse = z.object({
  stripeCheckoutSessionId: z.string(),
  url: z.string().describe('The hosted checkout page to send the buyer to'),
});

export const checkoutSessionV2 = defineContract({
  method: 'POST',
  path: `${checkoutBase}/v2/session`,
  summary:
    'Creates (or updates) the space’s customer with its address and VAT id, then a hosted checkout session for the seats (API-030); a space with a live subscription is refused',
  tags: ['billing'],
  params: workspaceIdParams,
  body: z.object({ ...sessionBase, seatPlans: seatPlansSchema }),
  response: sessionResponse,
});

/** The older session's lines name prices: one line per price, at most 100 seats (SEAT-032). */
const pricedLines = (field: string) =>
  purchaseLines(z.object({ stripePriceId: text(), quantity: z.number().int().min(1).max(SEATS.maximum) }), {
    field,
    key: (line) => line.stripePriceId,
    per: 'price',
  });

export const checkoutSessionV1 = defineContract({
  method: 'POST',
  path: `${checkoutBase}/v1/session`,
  summary:
    'The older flow’s checkout session (API-028): plans as priced by /v1/info (stripePlans, also accepted as plans)',
  tags: ['billing'],
  params: workspaceIdParams,
  body: z
    .object({
      ...sessionBase,
      stripePlans: pricedLines('stripePlans').optional(),
      plans: pricedLines('plans').optional(),
    })
    .refine((body) => (body.stripePlans ?? body.plans)?.length, {
      message: 'stripePlans must name at least one plan',
      path: ['stripePlans'],
    }),
  response: sessionResponse,
});

/** The billing form's fields as a checkout session request carries them, for the shared rules. */
export function checkoutFormOfSession(body: {
  addressInfo: { country: string; state: string; city: string; postalCode: string; street: string };
  isB2BTransaction: boolean;
  vatNumber?: string | undefined;
  companyName: string;
  customerName: string;
}) {
  return checkoutFormSchema.safeParse({
    country: body.addressInfo.country,
    isBusinessPurchase: body.isB2BTransaction,
    vatNumber: body.vatNumber ?? '',
    companyName: body.companyName,
    name: body.customerName,
    street: body.addressInfo.street,
    city: body.addressInfo.city,
    state: body.addressInfo.state,
    code: body.addressInfo.postalCode,
  });
}

/**
 * The return from the hosted checkout runs the same convergent sync as the webhook (design §3),
 * so the billing page shows the new plan without waiting for the event.
 */
export const syncCheckoutSession = defineContract({
  method: 'POST',
  path: `${checkoutBase}/v1/session/:sessionId/sync`,
  summary:
    'Reads a checkout back from the provider on return and brings the space’s subscription up to date; says whether it completed',
  tags: ['billing'],
  params: workspaceIdParams.extend({ sessionId: text().min(1).max(255) }),
  response: z.object({
    status: z.enum(['open', 'complete', 'expired']),
    subscriptionId: z.string().nullable().describe('Our subscription the checkout created, once synced'),
  }),
});
