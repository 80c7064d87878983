import type { paymentPlanTiers, paymentPlans } from '../../db/schema';
import { DEMO_ACCOUNTS, DEMO_SPACES } from './accounts';
import { DAY } from './address-book';
import {
  addYearlySubscription,
  buildPremiumPaymentPlans,
  DEMO_PREMIUM_PRICES_USD,
  type DemoSubscriptions,
} from './billing-data';
import { buildCampaigns, type DemoCampaigns } from './campaign-data';
import type { Random } from './random';
import { buildAcmeEuropeSpace, type DemoMember, type DemoPremiumSpace } from './spaces';
import { buildGroupedSuppressions } from './suppression-data';

/** UNSUB-013 / BOUNCE-012: the lists Acme Europe shares, WORKSPACE-type, added by its owner. */
export const ACME_EUROPE_SHARED = { unsubscriptions: 40, bounces: 25 } as const;

/** What member@acme.example keeps to herself there (USER-type): her merges' addresses, then some by hand. */
export const ACME_EUROPE_MEMBER_OWN = { unsubscriptions: 6, bounces: 4 } as const;

/** A few sent merges, so the mail-merges page of its senders is not empty there. */
export const ACME_EUROPE_CAMPAIGN_COUNT = 8;
const CAMPAIGN_HISTORY_DAYS = 120;

interface DemoAcmeEurope {
  space: DemoPremiumSpace;
  plans: (typeof paymentPlans.$inferInsert)[];
  tiers: (typeof paymentPlanTiers.$inferInsert)[];
  billing: DemoSubscriptions;
  sent: DemoCampaigns;
  suppressions: ReturnType<typeof buildGroupedSuppressions>;
}

/**
 * Acme Europe: the demo's PREMIUM space, on the older (not per-seat) billing flow with a yearly
 * Premium subscription. admin@acme.example owns it and member@acme.example is a paid member, so
 * the shared unsubscriptions and bounces (001 §6) are on for both: she sees the owner's
 * WORKSPACE-type entries but cannot delete them, and deletes her own USER-type ones.
 * Built after the rest of the demo from the same random source, so the other spaces do not change.
 */
export function buildAcmeEurope(options: {
  random: Random;
  now: Date;
  /** Acme Sales' members: Acme Europe's people are among them (same accounts). */
  acmeMembers: readonly DemoMember[];
}): DemoAcmeEurope {
  const { random, now } = options;
  const space = buildAcmeEuropeSpace(random, now, options.acmeMembers);
  const memberOf = (email: string) => {
    const member = space.members.find((candidate) => candidate.person.email === email);
    if (!member) throw new Error(`${email} is not in Acme Europe`);
    return member;
  };
  const owner = memberOf(DEMO_ACCOUNTS.acmeAdmin);
  const sharer = memberOf(DEMO_ACCOUNTS.acmeMember);

  const premium = buildPremiumPaymentPlans(random, now, 'USD');
  const billing: DemoSubscriptions = { subscriptions: [], seatPlans: [], invoices: [] };
  const paidMembers = space.members.filter((member) => member.person.isPaid).length;
  addYearlySubscription(
    billing,
    { random, now },
    {
      key: 'acme_europe',
      workspaceId: space.id,
      workspacePlan: 'PREMIUM',
      paymentPlanId: premium.yearlyId,
      totalSeats: DEMO_SPACES.acmeEurope.seats,
      allowedQuantity: DEMO_SPACES.acmeEurope.seats,
      assignedSeats: paidMembers,
      amount: DEMO_SPACES.acmeEurope.seats * DEMO_PREMIUM_PRICES_USD.YEARLY * 100,
      companyName: 'Acme Europe',
      periodStartedDaysAgo: 55,
    },
  );

  const sent = buildCampaigns({
    random,
    now,
    workspaceId: space.id,
    senders: space.members.filter((member) => member.person.sends),
    count: ACME_EUROPE_CAMPAIGN_COUNT,
    historyDays: CAMPAIGN_HISTORY_DAYS,
  });
  const sentBy = (userId: string) => ({
    unsubscribed: sent.unsubscribed.filter((source) => source.userId === userId),
    bounced: sent.bounced.filter((source) => source.userId === userId),
  });
  const sinceJoining = (member: DemoMember) => (now.getTime() - member.joinedAt.getTime()) / DAY - 1;
  const suppressions = buildGroupedSuppressions({
    random,
    now,
    workspaceId: space.id,
    groups: [
      // As in Acme Sales, an address that leaves someone's merge is listed for that sender.
      ...space.members
        .filter((member) => member.person.sends && member !== sharer)
        .map((member) => ({
          type: 'USER' as const,
          createdByUserId: member.userId,
          unsubscriptions: 0,
          bounces: 0,
          ...sentBy(member.userId),
          sinceDays: sinceJoining(member),
        })),
      {
        type: 'USER',
        createdByUserId: sharer.userId,
        ...ACME_EUROPE_MEMBER_OWN,
        ...sentBy(sharer.userId),
        sinceDays: sinceJoining(sharer),
      },
      // The shared lists: added by hand by the owner over the space's life.
      {
        type: 'WORKSPACE',
        createdByUserId: owner.userId,
        ...ACME_EUROPE_SHARED,
        unsubscribed: [],
        bounced: [],
        sinceDays: sinceJoining(owner),
      },
    ],
  });
  return { space, plans: premium.plans, tiers: premium.tiers, billing, sent, suppressions };
}
