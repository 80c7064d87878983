import { SEATS, taxRateFor } from '@mergeboard/core';
import type { paymentPlanTiers, paymentPlans, workspaceDomains, workspaces } from '../../db/schema';
import { DEMO_SPACES, GLOBEX_PEOPLE, INITECH_PEOPLE, UMBRELLA_PEOPLE, type DemoPerson } from './accounts';
import {
  addYearlySubscription,
  buildPremiumPaymentPlans,
  DEMO_PREMIUM_PRICES_USD,
  type DemoPaymentPlans,
  type DemoSubscriptions,
  type SubscriptionTerms,
} from './billing-data';
import type { Random } from './random';
import { joinSpace, type DemoMember, type DemoSpaces } from './spaces';

/**
 * Initech Berlin pays in Germany without a VAT id, so German VAT is charged (a business there
 * buying from our Belgian entity would reverse-charge it and show 0 %).
 */
const INITECH_TERMS: SubscriptionTerms = {
  paymentSource: 'STRIPE',
  purchaseType: 'B2C',
  country: 'DE',
  currency: 'EUR',
  taxRate: taxRateFor({ country: 'DE', isBusiness: false }),
  legalEntity: 'BE',
};

/** Set up by our team: nothing is charged through the provider, sales handles changes. */
const SUPPORT_GIVEN: SubscriptionTerms = {
  paymentSource: 'SUPPORT',
  purchaseType: 'B2B',
  country: 'US',
  currency: 'USD',
  taxRate: 0,
  legalEntity: 'US',
};

interface DemoBillingShowcase {
  workspaces: (typeof workspaces.$inferInsert)[];
  domains: (typeof workspaceDomains.$inferInsert)[];
  people: Pick<DemoSpaces, 'users' | 'memberships' | 'rollout'>;
  plans: (typeof paymentPlans.$inferInsert)[];
  tiers: (typeof paymentPlanTiers.$inferInsert)[];
  billing: DemoSubscriptions;
}

/**
 * Billing states one can try buying from (issue 'Billing I', item 7), next to Pat's FREE personal
 * space: Globex, a FREE per-seat domain space whose owner buys seats; Initech Berlin, a Premium
 * space billed in EUR whose billing page shows the tax lines (PRICE-004); Umbrella Labs, a Pro
 * plan our team gave (payment source SUPPORT: 'Current plan: Custom', BILL-010). Each has its own
 * new people. Built last from the demo's random source, so everything drawn before stays the same.
 */
export function buildBillingShowcase(options: {
  random: Random;
  now: Date;
  plans: DemoPaymentPlans;
}): DemoBillingShowcase {
  const { random, now, plans } = options;
  const result: DemoBillingShowcase = {
    workspaces: [],
    domains: [],
    people: { users: [], memberships: [], rollout: [] },
    plans: [],
    tiers: [],
    billing: { subscriptions: [], seatPlans: [], invoices: [] },
  };

  /** The space, its domain and its people: the owner created it, the others joined later. */
  const addSpace = (space: {
    spec: { name: string; slug: string; domain: string };
    plan: 'FREE' | 'PRO' | 'PREMIUM';
    isPerSeat: boolean;
    proAllowedUserCount?: number;
    people: readonly DemoPerson[];
    createdDaysAgo: number;
  }): { id: string; members: DemoMember[] } => {
    const id = random.uuid();
    const members = space.people.map((person, index) =>
      joinSpace(result.people, {
        random,
        now,
        workspaceId: id,
        person,
        joinedDaysAgo: space.createdDaysAgo - index * 40,
        isPerSeat: space.isPerSeat,
      }),
    );
    const createdAt = members[0]?.joinedAt ?? now;
    result.workspaces.push({
      id,
      name: space.spec.name,
      slug: space.spec.slug,
      plan: space.plan,
      status: 'ACTIVE',
      isPerSeat: space.isPerSeat,
      ...(space.proAllowedUserCount === undefined ? {} : { proAllowedUserCount: space.proAllowedUserCount }),
      createdAt,
      updatedAt: createdAt,
    });
    result.domains.push({ workspaceId: id, domainName: space.spec.domain, createdAt });
    return { id, members };
  };
  const paidIn = (members: readonly DemoMember[]) => members.filter((member) => member.person.isPaid).length;

  // No subscription and the schema's one free place (CONST-019): buying starts at Billing details.
  addSpace({
    spec: DEMO_SPACES.freeDomain,
    plan: 'FREE',
    isPerSeat: true,
    people: GLOBEX_PEOPLE,
    createdDaysAgo: 20,
  });

  const initech = addSpace({
    spec: DEMO_SPACES.premiumEur,
    plan: 'PREMIUM',
    isPerSeat: false,
    proAllowedUserCount: DEMO_SPACES.premiumEur.seats,
    people: INITECH_PEOPLE,
    createdDaysAgo: 500,
  });
  const premiumEur = buildPremiumPaymentPlans(random, now, 'EUR');
  result.plans.push(...premiumEur.plans);
  result.tiers.push(...premiumEur.tiers);
  addYearlySubscription(
    result.billing,
    { random, now },
    {
      key: 'initech_berlin',
      workspaceId: initech.id,
      workspacePlan: 'PREMIUM',
      paymentPlanId: premiumEur.yearlyId,
      totalSeats: DEMO_SPACES.premiumEur.seats,
      allowedQuantity: DEMO_SPACES.premiumEur.seats,
      assignedSeats: paidIn(initech.members),
      // The EUR price carries the USD figure, as the catalogue's EUR prices do.
      amount: DEMO_SPACES.premiumEur.seats * DEMO_PREMIUM_PRICES_USD.YEARLY * 100,
      companyName: null,
      periodStartedDaysAgo: 80,
      terms: INITECH_TERMS,
    },
  );

  const umbrella = addSpace({
    spec: DEMO_SPACES.custom,
    plan: 'PRO',
    isPerSeat: true,
    proAllowedUserCount: DEMO_SPACES.custom.seats,
    people: UMBRELLA_PEOPLE,
    createdDaysAgo: 600,
  });
  addYearlySubscription(
    result.billing,
    { random, now },
    {
      key: 'umbrella_labs',
      workspaceId: umbrella.id,
      workspacePlan: 'PRO',
      paymentPlanId: plans.idOf('PROFESSIONAL', 'YEARLY', 'USD'),
      totalSeats: DEMO_SPACES.custom.seats,
      allowedQuantity: SEATS.maximum,
      assignedSeats: paidIn(umbrella.members),
      amount: 0,
      companyName: DEMO_SPACES.custom.name,
      periodStartedDaysAgo: 150,
      terms: SUPPORT_GIVEN,
    },
  );
  return result;
}
