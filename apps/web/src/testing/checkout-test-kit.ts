import {
  currencyForCountry,
  periodCharge,
  seatDiscountFor,
  taxRateFor,
  type CurrentUser,
  type PaymentInfo,
  type Subscription,
  type UserWorkspace,
  type WorkspaceDetails,
} from '@mergeboard/core';
import { screen } from '@testing-library/react';
import { currentUser, domainOwner } from './auth-fixtures';
import { json, type FakeRequest, type FakeRoutes } from './fake-server';
import { renderInSpace, spaceEntry } from './space-fixtures';

/** A FREE space of the acme.example domain, as its owner sees it. */
export const freeSpace = spaceEntry(3, 'Side Project', { userRole: 'OWNER', workspacePlan: 'FREE' });

export { domainOwner };

/** Cents a Pro seat costs a year (60 USD; 55 EUR). */
const UNIT = { USD: 6_000, EUR: 5_500, INR: 6_000 } as const;

/**
 * The server's price preview for a seat request, computed with the real price rules: a volume
 * coupon by seat count, then the country's VAT for a consumer (B2C).
 */
export function previewFor(body: {
  country: string;
  purchaseType?: string;
  seatPlans?: { quantity: number }[];
  userUpdates?: unknown[];
}): PaymentInfo {
  const seats =
    body.seatPlans?.reduce((sum, plan) => sum + plan.quantity, 0) ?? body.userUpdates?.length ?? 1;
  const currency = currencyForCountry(body.country);
  const coupon = seatDiscountFor(seats);
  const taxRate = taxRateFor({ country: body.country, isBusiness: body.purchaseType === 'B2B' });
  const charge = periodCharge({ amount: UNIT[currency] * seats, percentOff: coupon?.percentOff, taxRate });
  return {
    currency,
    totalAmount: charge.total,
    taxRate,
    chargedToday: charge.total,
    proratedDays: null,
    prorationDate: null,
    stripePlans: [
      {
        stripePriceId: `price_pro_yearly_${currency.toLowerCase()}`,
        userIds: [],
        totalAmount: charge.amount - charge.discount,
        quantity: seats,
      },
    ],
    currentBillingInterval: null,
    targetBillingInterval: 'YEARLY',
    currentAmount: null,
    stripeCheckoutSessionId: null,
    subtotal: charge.amount,
    discountAmount: charge.discount,
    taxAmount: charge.tax,
    couponId: coupon?.code ?? null,
    couponPercentOff: coupon?.percentOff ?? null,
  };
}

export const HOSTED_URL = 'http://localhost/sandbox/checkout/cs_test_1';

export const checkoutRoutes = (space: UserWorkspace) => {
  const base = `/api/workspace-billing/workspaces/${space.workspaceId}/stripe/checkout`;
  return {
    priceV2: `POST ${base}/v2/info`,
    priceV1: `POST ${base}/v1/info`,
    sessionV2: `POST ${base}/v2/session`,
    sessionV1: `POST ${base}/v1/session`,
    subscriptions: `GET /api/workspace-billing/workspaces/${space.workspaceId}/subscriptions/v1`,
    members: `GET /api/v1/workspaces/${space.workspaceId}/members`,
  };
};

const preview = (request: FakeRequest) =>
  json(200, previewFor(request.body as Parameters<typeof previewFor>[0]));

/** Pat, a Gmail-type (STANDARD) account in the per-seat model. */
export const gmailOwner = (space: UserWorkspace) => currentUser({ isPerSeat: true, userWorkspaces: [space] });

/** Opens a checkout `path` (below the space prefix) with previews and sessions answered. */
export async function openCheckout(
  path: string,
  {
    space = freeSpace,
    user = domainOwner([space]),
    details = {},
    routes = {},
  }: {
    space?: UserWorkspace;
    user?: CurrentUser;
    details?: Partial<WorkspaceDetails>;
    routes?: FakeRoutes;
  } = {},
) {
  const r = checkoutRoutes(space);
  const rendered = await renderInSpace(`${space.urlPrefix}${path}`, {
    user,
    details: { [space.workspaceId]: details },
    routes: {
      [r.priceV2]: preview,
      [r.priceV1]: preview,
      [r.sessionV2]: json(200, { stripeCheckoutSessionId: 'cs_test_1', url: HOSTED_URL }),
      [r.sessionV1]: json(200, { stripeCheckoutSessionId: 'cs_test_1', url: HOSTED_URL }),
      [r.subscriptions]: json(200, { items: [] }),
      ...routes,
    },
  });
  return { ...rendered, routes: r, space };
}

/** The summary's amount for a label (a dt and its dd). */
export const summaryValue = (label: string) => screen.getByText(label).nextSibling?.textContent;

/** A live yearly Stripe subscription of `space` on `plan` (10 seats, 60 USD each). */
export function liveSubscription(
  space: UserWorkspace,
  overrides: Partial<Subscription> & { legalEntity?: 'BE' | 'US' } = {},
): Subscription {
  const { legalEntity = 'US', ...rest } = overrides;
  return {
    subscriptionId: `sub-${space.workspaceId}`,
    workspaceId: space.workspaceId,
    subscriptionStatus: 'ACTIVE',
    paymentSource: 'STRIPE',
    purchaseType: 'B2C',
    billingInterval: 'YEARLY',
    workspacePlan: space.workspacePlan,
    country: 'US',
    currency: 'USD',
    taxRate: 0,
    amount: 60_000,
    discount: 0,
    autoRenew: true,
    subscriptionTimestamp: '1700000000000',
    startTimestamp: '1735732800000',
    endTimestamp: '1767268800000',
    createTimestamp: '1700000000000',
    lastUpdateTimestamp: '1735732800000',
    stripeSubscriptionScheduleId: null,
    scheduledChanges: null,
    subscriptionPaymentPlans: [
      {
        paymentPlanId: 'pp-1',
        stripePriceId: 'price_1',
        userPlanType: 'PRO',
        legalEntity,
        numberOfLicensesUsed: 3,
        allowedQuantity: 10,
        assignedSeats: 3,
        totalSeats: 10,
        availableSeats: 7,
        tiers: [{ upTo: null, unitAmount: 6_000 }],
      },
    ],
    ...rest,
  };
}
