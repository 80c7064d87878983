import { z } from 'zod';
import { defineContract } from '../../contracts/contract';
import { workspaceIdParams } from '../../contracts/common-params';
import { API_BASES } from '../../contracts/api-bases';
import { text } from '../../contracts/text';
import { CURRENCIES } from '../../constants/domain';
import { PAYMENT_STATES } from './payment-state';

const spaceBase = `${API_BASES.billing}/workspace-billing/workspaces/:id`;

/** 000 §3 additionalStripeInfo.latestInvoice, read live from the provider, with its meaning (§4). */
export const latestInvoiceSchema = z
  .object({
    invoiceId: z.string().describe('The provider’s invoice id'),
    status: z.string().describe('draft, open, paid, uncollectible or void'),
    paid: z.boolean(),
    currency: z.enum(CURRENCIES),
    amountDue: z.number().int().describe('Cents'),
    amountPaid: z.number().int().describe('Cents'),
    hostedInvoiceUrl: z
      .string()
      .nullable()
      .describe(
        'The provider’s page where the person pays or confirms this invoice (‘Confirm your payment’)',
      ),
    paymentIntent: z.object({
      status: z
        .string()
        .nullable()
        .describe('requires_payment_method, requires_action, requires_confirmation, processing, succeeded …'),
    }),
    paymentState: z
      .enum(PAYMENT_STATES)
      .describe(
        'BILL-018 requires_payment_method: PAYMENT_FAILED; BILL-019 requires_action/requires_confirmation: REQUIRES_CONFIRMATION; BILL-020 paid: PAID',
      ),
  })
  .meta({ id: 'LatestInvoice' });
export type LatestInvoice = z.infer<typeof latestInvoiceSchema>;

export const latestInvoiceV1 = defineContract({
  method: 'GET',
  path: `${spaceBase}/subscriptions/v2/:subId/latest-invoice/v1`,
  summary:
    'The latest invoice of one of the space’s subscriptions, read from the payment provider (API-034): paid, its payment intent’s status and the hosted page to pay or confirm it; not served to members (000 §4)',
  tags: ['billing'],
  params: workspaceIdParams.extend({ subId: z.uuid('subId must be a subscription id') }),
  response: latestInvoiceSchema,
});

export const customerPortalV1 = defineContract({
  method: 'GET',
  path: `${spaceBase}/stripe/customer/v1/portal`,
  summary:
    'A customer portal session for the space’s Stripe subscription (API-033, BILL-033): update the card, see invoices, cancel at period end; only for STRIPE payment sources',
  tags: ['billing'],
  params: workspaceIdParams,
  query: z.object({
    returnUrl: text()
      .min(1)
      .max(2048)
      .describe('Where the portal’s return link goes: a path or URL of this app, never another site'),
  }),
  response: z.object({
    stripeCustomerPortalUrl: z.string().describe('The hosted portal page to send the person to'),
  }),
});
