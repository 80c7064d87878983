import { LIST_PRICES_USD } from '@mergeboard/core';
import type { workspaces } from '../../db/schema';
import { DEMO_SPACES, PAYPAL_LEGACY_PERSON } from './accounts';
import { addYearlySubscription, type DemoPaymentPlans, type DemoSubscriptions } from './billing-data';
import type { Random } from './random';
import { joinSpace, type DemoSpaces } from './spaces';

interface DemoPaypalLicense {
  workspace: typeof workspaces.$inferInsert;
  people: Pick<DemoSpaces, 'users' | 'memberships' | 'rollout'>;
  billing: DemoSubscriptions;
}

/**
 * RES-005 RES-006 RES-007 RES-008 RES-009 RES-010 RES-011 RES-012 RES-013 RES-014: Robin's legacy PERSONAL
 * plan, bought through PayPal before the per-seat plans, renews every year until Robin stops it at
 * /stop-automatic-renewal. PayPal bills it, so there are no invoices of ours. Built last from the demo's
 * random source, so everything drawn before stays the same.
 */
export function buildPaypalLicense(options: {
  random: Random;
  now: Date;
  plans: DemoPaymentPlans;
}): DemoPaypalLicense {
  const { random, now, plans } = options;
  const people: DemoPaypalLicense['people'] = { users: [], memberships: [], rollout: [] };
  const billing: DemoSubscriptions = { subscriptions: [], seatPlans: [], invoices: [] };
  const id = random.uuid();
  const owner = joinSpace(people, {
    random,
    now,
    workspaceId: id,
    person: PAYPAL_LEGACY_PERSON,
    joinedDaysAgo: 1200,
    isPerSeat: false,
  });
  const workspace: DemoPaypalLicense['workspace'] = {
    id,
    name: DEMO_SPACES.paypalLegacy.name,
    slug: DEMO_SPACES.paypalLegacy.slug,
    plan: 'LEGACY',
    legacyType: 'PERSONAL',
    status: 'LEGACY',
    isPerSeat: false,
    proAllowedUserCount: 1,
    createdAt: owner.joinedAt,
    updatedAt: owner.joinedAt,
  };
  addYearlySubscription(
    billing,
    { random, now },
    {
      key: 'robins_space',
      workspaceId: id,
      workspacePlan: 'LEGACY',
      paymentPlanId: plans.idOf('PERSONAL', 'YEARLY', 'USD'),
      totalSeats: 1,
      allowedQuantity: 1,
      assignedSeats: 1,
      amount: LIST_PRICES_USD.PERSONAL.YEARLY * 100,
      companyName: null,
      periodStartedDaysAgo: 100,
      terms: {
        paymentSource: 'PAYPAL',
        purchaseType: 'B2C',
        country: 'US',
        currency: 'USD',
        taxRate: 0,
        legalEntity: 'US',
      },
    },
  );
  return { workspace, people, billing };
}
