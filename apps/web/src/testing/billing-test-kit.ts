import type { CurrentUser, PaymentPlan, Subscription, UserWorkspace } from '@mergeboard/core';
import { domainOwner } from './auth-fixtures';
import { json, type FakeRoutes } from './fake-server';
import { renderInSpace, spaceEntry } from './space-fixtures';

/** Acme Sales, a per-seat Pro space of the acme.example domain, as its owner sees it. */
export const acme = spaceEntry(1, 'Acme Sales', { userRole: 'OWNER', workspacePlan: 'PRO', userPlan: 'PRO' });
export const acmeEurope = spaceEntry(2, 'Acme Europe', {
  userRole: 'OWNER',
  workspacePlan: 'PREMIUM',
  userPlan: 'PRO',
});
export const freeSpace = spaceEntry(3, 'Side Project', { userRole: 'OWNER', workspacePlan: 'FREE' });
export const legacyTeam = spaceEntry(4, 'Legacy Team Co', {
  userRole: 'OWNER',
  workspacePlan: 'LEGACY',
  legacyPlanType: 'TEAM',
  userPlan: 'PRO',
  workspaceStatus: 'LEGACY',
});

/** January 1st, 2026 at noon UTC: the same calendar day in every time zone the tests run in. */
const RENEWAL = Date.UTC(2026, 0, 1, 12);

export function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    subscriptionId: 'sub-1',
    workspaceId: acme.workspaceId,
    subscriptionStatus: 'ACTIVE',
    paymentSource: 'STRIPE',
    purchaseType: 'B2B',
    billingInterval: 'YEARLY',
    workspacePlan: 'PRO',
    country: 'US',
    currency: 'USD',
    taxRate: 0,
    amount: 90_000,
    discount: 0,
    autoRenew: true,
    subscriptionTimestamp: '1700000000000',
    startTimestamp: '1735732800000',
    endTimestamp: String(RENEWAL),
    createTimestamp: '1700000000000',
    lastUpdateTimestamp: '1735732800000',
    stripeSubscriptionScheduleId: null,
    scheduledChanges: null,
    additionalStripeInfo: {
      country: 'US',
      companyName: 'Acme Inc.',
      couponId: null,
      couponDuration: null,
      couponPercentOff: null,
      latestInvoice: { paid: true, hostedInvoiceUrl: null, paymentIntent: { status: 'succeeded' } },
      upcomingInvoice: { amountDue: 90_000 },
    },
    subscriptionPaymentPlans: [
      {
        paymentPlanId: 'pp-professional-yearly',
        stripePriceId: 'price_professional_yearly_usd',
        userPlanType: 'PRO',
        legalEntity: 'US',
        numberOfLicensesUsed: 9,
        allowedQuantity: 15,
        assignedSeats: 9,
        totalSeats: 15,
        availableSeats: 6,
        tiers: [{ upTo: null, unitAmount: 6_000 }],
      },
    ],
    ...overrides,
  };
}

/** Acme Europe's Premium, in EUR with 21 % tax, not renewing. */
export const premiumEur = subscription({
  subscriptionId: 'sub-eu',
  workspaceId: acmeEurope.workspaceId,
  workspacePlan: 'PREMIUM',
  currency: 'EUR',
  country: 'BE',
  taxRate: 21,
  amount: 24_000,
  autoRenew: false,
});

function paymentPlan(overrides: Partial<PaymentPlan>): PaymentPlan {
  return {
    paymentPlanId: 'pp-professional-yearly',
    stripePriceId: 'price_professional_yearly_usd',
    listPricePlan: 'PROFESSIONAL',
    workspacePlan: 'PRO',
    userPlan: 'PRO',
    billingInterval: 'YEARLY',
    currency: 'USD',
    isPerSeat: true,
    status: 'ACTIVE',
    paymentPlanTiers: [{ upTo: null, unitAmount: 6_000 }],
    ...overrides,
  };
}

/** The catalogue: the yearly USD seat prices, plus prices a card must not read (PRICE-007). */
const paymentPlans: PaymentPlan[] = [
  paymentPlan({
    paymentPlanId: 'pp-old',
    status: 'ARCHIVED',
    paymentPlanTiers: [{ upTo: null, unitAmount: 4_800 }],
  }),
  paymentPlan({
    paymentPlanId: 'pp-eur',
    currency: 'EUR',
    paymentPlanTiers: [{ upTo: null, unitAmount: 5_500 }],
  }),
  paymentPlan({
    paymentPlanId: 'pp-monthly',
    billingInterval: 'MONTHLY',
    paymentPlanTiers: [{ upTo: null, unitAmount: 2_000 }],
  }),
  paymentPlan({}),
  paymentPlan({
    paymentPlanId: 'pp-personal-yearly',
    stripePriceId: 'price_personal_yearly_usd',
    listPricePlan: 'PERSONAL',
    userPlan: 'PRO_PERSONAL',
    paymentPlanTiers: [{ upTo: null, unitAmount: 3_600 }],
  }),
];

export const billingRoutes = (space: UserWorkspace) => ({
  subscriptions: `GET /api/workspace-billing/workspaces/${space.workspaceId}/subscriptions/v1`,
  paymentPlans: 'GET /api/workspace-billing/payment-plans/v1',
});

export { domainOwner };

/** Opens `space`'s billing page with `query`, its subscriptions answered by `subscriptions`. */
export async function openBilling({
  space = acme,
  query = '',
  subscriptions = [subscription()],
  user = domainOwner([space]),
  routes = {},
}: {
  space?: UserWorkspace;
  query?: string;
  subscriptions?: Subscription[];
  user?: CurrentUser;
  routes?: FakeRoutes;
} = {}) {
  const r = billingRoutes(space);
  const rendered = await renderInSpace(`${space.urlPrefix}/space/billing${query}`, {
    user,
    routes: {
      [r.subscriptions]: json(200, { items: subscriptions }),
      [r.paymentPlans]: json(200, { items: paymentPlans }),
      ...routes,
    },
  });
  return { ...rendered, routes: r };
}
