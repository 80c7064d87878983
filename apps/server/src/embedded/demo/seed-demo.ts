import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import {
  appMeta,
  bounces,
  campaignRecipients,
  campaigns,
  invitations,
  invoices,
  memberships,
  paymentPlanTiers,
  paymentPlans,
  pollAnswers,
  rolloutStatus,
  scheduledMerges,
  subscriptionPaymentPlans,
  subscriptions,
  templates,
  unsubscriptions,
  users,
  workspaceDomains,
  workspaces,
} from '../../db/schema';
import { buildAcmeEurope } from './acme-europe';
import { buildPaymentPlans, buildSubscriptions } from './billing-data';
import { buildBillingShowcase } from './billing-showcase';
import { buildCampaigns } from './campaign-data';
import { buildTemplates } from './catalogue-data';
import { buildMemberStates } from './member-states';
import { buildPaypalLicense } from './paypal-license';
import { createRandom } from './random';
import { buildScheduledMerges } from './scheduled-data';
import { buildSpaces } from './spaces';
import { buildSuppressions } from './suppression-data';

/** The app_meta row that says the demo data is in. */
export const DEMO_SEED_MARKER = 'demo_seeded';

/** Any fixed number: the same seed gives the same data. */
const DEMO_RANDOM_SEED = 20_250_101;

/** Keeps each statement far below PostgreSQL's 65,535 bind parameters. */
const ROWS_PER_INSERT = 500;

async function insertAll<T extends PgTable>(tx: Tx, table: T, rows: PgInsertValue<T>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await tx.insert(table).values(rows.slice(start, start + ROWS_PER_INSERT));
  }
}

/**
 * Loads the demo dataset (see accounts.ts for who is who), dated relative to `now`. Runs once per
 * database: the marker row is claimed in the same transaction as the data, so a second call, even
 * a concurrent one from another process, writes nothing and answers `seeded: false`.
 */
export async function seedDemo(options: { db: Db; now?: Date }): Promise<{ seeded: boolean }> {
  const now = options.now ?? new Date();
  return options.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: DEMO_SEED_MARKER, value: { seededAt: now.toISOString() }, updatedAt: now })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (claimed.length === 0) return { seeded: false };

    const random = createRandom(DEMO_RANDOM_SEED);
    const spaces = buildSpaces(random, now);
    const plans = buildPaymentPlans(random, now);
    const states = buildMemberStates({
      now,
      plans,
      spaceIds: { acme: spaces.acme.id, legacyTeam: spaces.legacyTeam.id },
      accounts: [...spaces.acme.members, ...spaces.legacyTeam.members],
    });
    const paidMembers = (members: typeof spaces.acme.members) =>
      members.filter((member) => member.person.isPaid).length;
    const billing = buildSubscriptions({
      random,
      now,
      plans,
      acme: { workspaceId: spaces.acme.id, paidMembers: paidMembers(spaces.acme.members) },
      legacyTeam: {
        workspaceId: spaces.legacyTeam.id,
        paidMembers: paidMembers([...spaces.legacyTeam.members, ...states.legacyTeamMembers]),
      },
    });
    const senders = spaces.acme.members.filter((member) => member.person.sends);
    const sent = buildCampaigns({ random, now, workspaceId: spaces.acme.id, senders });
    const scheduled = buildScheduledMerges({ random, now, workspaceId: spaces.acme.id, senders });
    const suppressions = buildSuppressions({
      random,
      now,
      workspaceId: spaces.acme.id,
      unsubscribed: sent.unsubscribed,
      bounced: sent.bounced,
      managers: spaces.acme.members
        .filter((member) => member.person.role !== 'MEMBER')
        .map((member) => member.userId),
    });
    // Last, so that it draws after everything above and leaves the other spaces as they were.
    const europe = buildAcmeEurope({ random, now, acmeMembers: spaces.acme.members });
    // After Acme Europe, for the same reason.
    const showcase = buildBillingShowcase({ random, now, plans });
    // After the showcase, for the same reason.
    const paypal = buildPaypalLicense({ random, now, plans });

    // Parents before children: users point at their sending space, memberships at both.
    await insertAll(tx, workspaces, [
      ...spaces.workspaces,
      europe.space.workspace,
      states.workspace,
      ...showcase.workspaces,
      paypal.workspace,
    ]);
    await insertAll(tx, users, [
      ...spaces.users,
      ...states.people.users,
      ...showcase.people.users,
      ...paypal.people.users,
    ]);
    await insertAll(tx, workspaceDomains, [
      ...spaces.domains,
      europe.space.domain,
      states.domain,
      ...showcase.domains,
    ]);
    await insertAll(tx, memberships, [
      ...spaces.memberships,
      ...europe.space.memberships,
      ...states.people.memberships,
      ...showcase.people.memberships,
      ...paypal.people.memberships,
    ]);
    await insertAll(tx, invitations, states.invitations);
    await insertAll(tx, rolloutStatus, [
      ...spaces.rollout,
      ...states.people.rollout,
      ...showcase.people.rollout,
      ...paypal.people.rollout,
    ]);
    await insertAll(tx, paymentPlans, [...plans.plans, ...europe.plans, ...showcase.plans]);
    await insertAll(tx, paymentPlanTiers, [...plans.tiers, ...europe.tiers, ...showcase.tiers]);
    const allBilling = [billing, europe.billing, states.billing, showcase.billing, paypal.billing];
    await insertAll(
      tx,
      subscriptions,
      allBilling.flatMap((part) => part.subscriptions),
    );
    await insertAll(
      tx,
      subscriptionPaymentPlans,
      allBilling.flatMap((part) => part.seatPlans),
    );
    await insertAll(
      tx,
      invoices,
      allBilling.flatMap((part) => part.invoices),
    );
    await insertAll(tx, campaigns, [...sent.campaigns, ...europe.sent.campaigns]);
    await insertAll(tx, campaignRecipients, [...sent.recipients, ...europe.sent.recipients]);
    await insertAll(tx, pollAnswers, [...sent.pollAnswers, ...europe.sent.pollAnswers]);
    await insertAll(tx, scheduledMerges, scheduled);
    await insertAll(tx, unsubscriptions, [
      ...suppressions.unsubscriptions,
      ...europe.suppressions.unsubscriptions,
    ]);
    await insertAll(tx, bounces, [...suppressions.bounces, ...europe.suppressions.bounces]);
    await insertAll(tx, templates, buildTemplates(now));
    return { seeded: true };
  });
}
