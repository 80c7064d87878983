import { and, asc, count, countDistinct, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addWorkspaceUsers,
  BILLING_INTERVALS,
  getCurrentUser,
  getWorkspace,
  LIST_PRICE_PLANS,
  LIST_PRICES_USD,
  listSubscriptionsV1,
  listSubscriptionsV2,
  MEMBER_TEXTS,
  PLAN_LABELS,
  planLabel,
  RECOVERABLE_ERROR_MAX_RETRIES,
  removeWorkspaceUsers,
  REMOVAL_TEXTS,
  SCHEDULED_MERGE_ERROR_STATUSES,
  SCHEDULED_MERGE_STATUSES,
  subscriptionPrice,
  subscriptionState,
  type CurrentUser,
  type Subscription,
} from '@mergeboard/core';
import {
  appMeta,
  bounces,
  campaignRecipients,
  campaigns,
  invitations,
  memberships,
  paymentPlanTiers,
  paymentPlans,
  pollAnswers,
  promotions,
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
import { signedInAs } from '../../testing/sessions';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { ACME_EUROPE_CAMPAIGN_COUNT, ACME_EUROPE_MEMBER_OWN, ACME_EUROPE_SHARED } from './acme-europe';
import { DEMO_ACCOUNTS, DEMO_SEED_MARKER, DEMO_SPACES, seedDemo } from './index';

const NOW = new Date('2025-06-15T10:30:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

const ALL_TABLES = {
  appMeta,
  bounces,
  campaignRecipients,
  campaigns,
  invitations,
  memberships,
  paymentPlanTiers,
  paymentPlans,
  pollAnswers,
  promotions,
  rolloutStatus,
  scheduledMerges,
  subscriptionPaymentPlans,
  subscriptions,
  templates,
  unsubscriptions,
  users,
  workspaceDomains,
  workspaces,
};

describe('demo data', () => {
  let database: TestDatabase;
  let firstCall: { seeded: boolean };
  let acmeId: string;

  const db = () => database.db;
  const rowCounts = async () => {
    const entries = await Promise.all(
      Object.entries(ALL_TABLES).map(async ([name, table]) => {
        const [row] = await db().select({ n: count() }).from(table);
        return [name, row?.n ?? 0] as const;
      }),
    );
    return Object.fromEntries(entries);
  };
  const spaceNamed = async (name: string) => {
    const [space] = await db().select().from(workspaces).where(eq(workspaces.name, name));
    if (!space) throw new Error(`no space ${name}`);
    return space;
  };
  const membersOf = (workspaceId: string) =>
    db()
      .select({
        email: users.email,
        role: memberships.role,
        userPlan: memberships.userPlan,
        status: memberships.status,
        isPaid: memberships.isPaid,
        seatType: memberships.seatType,
        freeTrialEnd: memberships.freeTrialEnd,
        isPersonal: users.isPersonal,
        addonWorkspaceId: users.addonWorkspaceId,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.workspaceId, workspaceId));

  beforeAll(async () => {
    database = await createTestDatabase();
    firstCall = await seedDemo({ db: database.db, now: NOW });
    acmeId = (await spaceNamed(DEMO_SPACES.acme.name)).id;
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('seeds on the first call and leaves a marker in app_meta', async () => {
    expect(firstCall).toEqual({ seeded: true });
    const [marker] = await db().select().from(appMeta).where(eq(appMeta.key, DEMO_SEED_MARKER));
    expect(marker?.value).toEqual({ seededAt: NOW.toISOString() });
  });

  it('PERM-016: Acme Sales is a Pro per-seat space of 12 members with an owner, admins and a free member', async () => {
    const acme = await spaceNamed(DEMO_SPACES.acme.name);
    expect(acme).toMatchObject({ plan: 'PRO', status: 'ACTIVE', isPerSeat: true, legacyType: null });
    const domains = await db()
      .select()
      .from(workspaceDomains)
      .where(eq(workspaceDomains.workspaceId, acmeId));
    expect(domains.map((domain) => domain.domainName)).toEqual(['acme.example']);

    const members = await membersOf(acmeId);
    expect(members).toHaveLength(12);
    const byEmail = new Map(members.map((member) => [member.email, member]));
    expect(members.filter((member) => member.role === 'OWNER').map((member) => member.email)).toEqual([
      DEMO_ACCOUNTS.acmeOwner,
    ]);
    expect(byEmail.get(DEMO_ACCOUNTS.acmeAdmin)).toMatchObject({
      role: 'ADMIN',
      userPlan: 'PRO',
      isPaid: true,
    });
    expect(byEmail.get(DEMO_ACCOUNTS.acmeMember)).toMatchObject({
      role: 'MEMBER',
      userPlan: 'PRO',
      isPaid: true,
    });
    expect(byEmail.get(DEMO_ACCOUNTS.acmeFreeMember)).toMatchObject({
      role: 'MEMBER',
      userPlan: 'FREE',
      isPaid: false,
    });
    expect(members.every((member) => member.email.endsWith('@acme.example') && !member.isPersonal)).toBe(
      true,
    );
  });

  it('SEAT-001: Acme Sales has an active yearly Stripe Pro subscription of 15 seats, assigned to its paid members', async () => {
    const rows = await db()
      .select({ subscription: subscriptions, seats: subscriptionPaymentPlans, plan: paymentPlans })
      .from(subscriptions)
      .innerJoin(subscriptionPaymentPlans, eq(subscriptionPaymentPlans.subscriptionId, subscriptions.id))
      .innerJoin(paymentPlans, eq(paymentPlans.id, subscriptionPaymentPlans.paymentPlanId))
      .where(eq(subscriptions.workspaceId, acmeId));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.subscription).toMatchObject({
      status: 'ACTIVE',
      paymentSource: 'STRIPE',
      billingInterval: 'YEARLY',
      workspacePlan: 'PRO',
      currency: 'USD',
      amount: 15 * 60 * 100,
      autoRenew: true,
    });
    expect(row?.subscription.startAt.getTime()).toBeLessThan(NOW.getTime());
    expect(row?.subscription.endAt.getTime()).toBeGreaterThan(NOW.getTime());
    expect(row?.plan).toMatchObject({
      workspacePlan: 'PRO',
      userPlan: 'PRO',
      isPerSeat: true,
      currency: 'USD',
    });

    const paid = (await membersOf(acmeId)).filter((member) => member.isPaid).length;
    expect(row?.seats).toMatchObject({ totalSeats: 15, assignedSeats: paid, userPlan: 'PRO' });
    expect(paid).toBeGreaterThan(1);
    expect(paid).toBeLessThan(15);
  });

  it('PRICE-018 PRICE-019 PRICE-020 PRICE-021 PRICE-022 PRICE-023 PRICE-024 PRICE-025: payment plans carry every USD list price monthly and yearly, plus EUR and INR price identifiers', async () => {
    const plans = await db()
      .select({ plan: paymentPlans, unitAmount: paymentPlanTiers.unitAmount })
      .from(paymentPlans)
      .leftJoin(paymentPlanTiers, eq(paymentPlanTiers.paymentPlanId, paymentPlans.id));
    for (const listPlan of LIST_PRICE_PLANS) {
      for (const interval of BILLING_INTERVALS) {
        const usd = plans.filter(
          ({ plan }) =>
            plan.listPricePlan === listPlan && plan.billingInterval === interval && plan.currency === 'USD',
        );
        expect(usd.map(({ plan, unitAmount }) => [plan.status, unitAmount])).toEqual([
          ['ACTIVE', LIST_PRICES_USD[listPlan][interval] * 100],
        ]);
        expect(usd[0]?.plan.stripePriceId).toMatch(/^price_demo_/);
        const eur = plans.filter(
          ({ plan }) =>
            plan.listPricePlan === listPlan && plan.billingInterval === interval && plan.currency === 'EUR',
        );
        expect(eur).toHaveLength(1);
      }
      const inr = plans.filter(({ plan }) => plan.listPricePlan === listPlan && plan.currency === 'INR');
      expect(inr.map(({ plan }) => plan.billingInterval)).toEqual(['YEARLY']);
    }
    // The per-seat Pro price: 60 USD a seat a year, 20 a month.
    const proSeat = plans.filter(
      ({ plan }) => plan.workspacePlan === 'PRO' && plan.userPlan === 'PRO' && plan.currency === 'USD',
    );
    expect(
      Object.fromEntries(proSeat.map(({ plan, unitAmount }) => [plan.billingInterval, unitAmount])),
    ).toEqual({
      YEARLY: 6000,
      MONTHLY: 2000,
    });
  });

  it('has a legacy TEAM space with its own owner and subscription, and a personal FREE space for a Gmail account', async () => {
    const legacy = await spaceNamed(DEMO_SPACES.legacyTeam.name);
    expect(legacy).toMatchObject({ plan: 'LEGACY', legacyType: 'TEAM', status: 'LEGACY', isPerSeat: false });
    const legacyMembers = await membersOf(legacy.id);
    expect(legacyMembers.length).toBeGreaterThanOrEqual(3);
    expect(legacyMembers.find((member) => member.role === 'OWNER')?.email).toBe(DEMO_ACCOUNTS.legacyOwner);
    const [legacySubscription] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.workspaceId, legacy.id));
    expect(legacySubscription).toMatchObject({ workspacePlan: 'LEGACY', status: 'ACTIVE' });

    const personal = await spaceNamed(DEMO_SPACES.personal.name);
    expect(personal).toMatchObject({ plan: 'FREE', status: 'ACTIVE' });
    expect(await membersOf(personal.id)).toEqual([
      expect.objectContaining({
        email: DEMO_ACCOUNTS.personal,
        role: 'OWNER',
        userPlan: 'FREE',
        isPersonal: true,
      }),
    ]);
  });

  it('UNSUB-013 BOUNCE-012: Acme Europe is a PREMIUM space where member@acme.example shares WORKSPACE-type unsubscriptions and bounces', async () => {
    const europe = await spaceNamed(DEMO_SPACES.acmeEurope.name);
    expect(europe).toMatchObject({ plan: 'PREMIUM', status: 'ACTIVE', isPerSeat: false, legacyType: null });
    const members = await membersOf(europe.id);
    expect(
      members
        .map(({ email, role, userPlan, status, isPaid }) => ({ email, role, userPlan, status, isPaid }))
        .sort((a, b) => a.email.localeCompare(b.email)),
    ).toEqual([
      { email: DEMO_ACCOUNTS.acmeAdmin, role: 'OWNER', userPlan: 'PRO', status: 'ACTIVE', isPaid: true },
      { email: 'amara.okafor@acme.example', role: 'MEMBER', userPlan: 'PRO', status: 'ACTIVE', isPaid: true },
      {
        email: DEMO_ACCOUNTS.acmeFreeMember,
        role: 'MEMBER',
        userPlan: 'FREE',
        status: 'ACTIVE',
        isPaid: false,
      },
      { email: 'jonas.weber@acme.example', role: 'ADMIN', userPlan: 'PRO', status: 'ACTIVE', isPaid: true },
      { email: DEMO_ACCOUNTS.acmeMember, role: 'MEMBER', userPlan: 'PRO', status: 'ACTIVE', isPaid: true },
    ]);
    // The same accounts as in Acme Sales, which stays their sending space; Marcus stays its ADMIN.
    expect(members.every((member) => member.addonWorkspaceId === acmeId)).toBe(true);
    expect((await membersOf(acmeId)).find((member) => member.email === DEMO_ACCOUNTS.acmeAdmin)?.role).toBe(
      'ADMIN',
    );

    // The older (not per-seat) flow: a yearly subscription on a Premium price.
    const billing = await db()
      .select({ subscription: subscriptions, seats: subscriptionPaymentPlans, plan: paymentPlans })
      .from(subscriptions)
      .innerJoin(subscriptionPaymentPlans, eq(subscriptionPaymentPlans.subscriptionId, subscriptions.id))
      .innerJoin(paymentPlans, eq(paymentPlans.id, subscriptionPaymentPlans.paymentPlanId))
      .where(eq(subscriptions.workspaceId, europe.id));
    expect(billing).toHaveLength(1);
    expect(billing[0]?.subscription).toMatchObject({
      status: 'ACTIVE',
      billingInterval: 'YEARLY',
      workspacePlan: 'PREMIUM',
      currency: 'USD',
    });
    expect(billing[0]?.subscription.endAt.getTime()).toBeGreaterThan(NOW.getTime());
    expect(billing[0]?.plan).toMatchObject({
      workspacePlan: 'PREMIUM',
      isPerSeat: false,
      billingInterval: 'YEARLY',
      currency: 'USD',
      listPricePlan: null,
    });
    // Four of its five places are assigned: Liam, free, can be made paid on the fifth (MEM-033).
    expect(billing[0]?.seats).toMatchObject({ totalSeats: 5, assignedSeats: 4 });
    expect(members.filter((member) => member.isPaid)).toHaveLength(4);

    // The shared lists, added by the owner; the member's own entries are USER-type.
    const ids = Object.fromEntries(
      (await db().select({ id: users.id, email: users.email }).from(users)).map((row) => [row.email, row.id]),
    );
    const tally = async (table: typeof unsubscriptions | typeof bounces) =>
      db()
        .select({ type: table.type, createdBy: table.createdByUserId, n: count() })
        .from(table)
        .where(eq(table.workspaceId, europe.id))
        .groupBy(table.type, table.createdByUserId);
    const sizeOf = (
      rows: Awaited<ReturnType<typeof tally>>,
      type: 'WORKSPACE' | 'USER',
      email: string,
    ): number => rows.find((row) => row.type === type && row.createdBy === ids[email])?.n ?? 0;
    const unsubs = await tally(unsubscriptions);
    const bounced = await tally(bounces as unknown as typeof unsubscriptions);
    expect(unsubs.filter((row) => row.type === 'WORKSPACE')).toEqual([
      { type: 'WORKSPACE', createdBy: ids[DEMO_ACCOUNTS.acmeAdmin], n: ACME_EUROPE_SHARED.unsubscriptions },
    ]);
    expect(bounced.filter((row) => row.type === 'WORKSPACE')).toEqual([
      { type: 'WORKSPACE', createdBy: ids[DEMO_ACCOUNTS.acmeAdmin], n: ACME_EUROPE_SHARED.bounces },
    ]);
    const ownUnsubs = sizeOf(unsubs, 'USER', DEMO_ACCOUNTS.acmeMember);
    const ownBounces = sizeOf(bounced, 'USER', DEMO_ACCOUNTS.acmeMember);
    expect(ownUnsubs).toBeGreaterThanOrEqual(ACME_EUROPE_MEMBER_OWN.unsubscriptions);
    expect(ownBounces).toBeGreaterThanOrEqual(ACME_EUROPE_MEMBER_OWN.bounces);

    // A few sent merges, by the owner and the member.
    const sent = await db().select().from(campaigns).where(eq(campaigns.workspaceId, europe.id));
    expect(sent).toHaveLength(ACME_EUROPE_CAMPAIGN_COUNT);
    expect(new Set(sent.map((row) => row.userId))).toEqual(
      new Set([ids[DEMO_ACCOUNTS.acmeAdmin], ids[DEMO_ACCOUNTS.acmeMember]]),
    );

    // Through the API, as member@acme.example.
    const t = await createTestApp({ database });
    try {
      const member = await signedInAs(t, DEMO_ACCOUNTS.acmeMember);
      const call = (method: 'GET' | 'DELETE', url: string) =>
        t.app.inject({ method, url, headers: member.headers });

      const details = await call('GET', `/api/v1/workspaces/${europe.id}`);
      expect(details.statusCode).toBe(200);
      expect(details.json()).toMatchObject({
        name: DEMO_SPACES.acmeEurope.name,
        plan: 'PREMIUM',
        role: 'MEMBER',
        ownerEmail: DEMO_ACCOUNTS.acmeAdmin,
        features: { sharedUnsubscribes: true, sharedBounces: true },
        restrictions: [],
      });

      for (const [list, shared, own] of [
        ['unsubscriptions', ACME_EUROPE_SHARED.unsubscriptions, ownUnsubs],
        ['bounces', ACME_EUROPE_SHARED.bounces, ownBounces],
      ] as const) {
        // She sees the shared list and her own entries; only her own are deletable.
        const listed = await call('GET', `/api/users/me/workspaces/${europe.id}/${list}?limit=100`);
        expect(listed.statusCode).toBe(200);
        const body = listed.json() as {
          items: { emailAddress: string; type: 'WORKSPACE' | 'USER'; deletable: boolean }[];
          total: number;
        };
        expect(body.total).toBe(shared + own);
        expect(body.items.every((item) => item.deletable === (item.type === 'USER'))).toBe(true);

        // UNSUB-016 / BOUNCE-014: a MEMBER cannot delete a WORKSPACE-type entry while sharing is on.
        const sharedEntry = body.items.find((item) => item.type === 'WORKSPACE');
        expect(sharedEntry).toBeDefined();
        const refused = await call(
          'DELETE',
          `/api/users/workspace-activation-delete-${list}/me/${europe.id}/${encodeURIComponent(sharedEntry?.emailAddress ?? '')}`,
        );
        expect(refused.statusCode).toBe(403);
      }
      const [still] = await db()
        .select({ n: count() })
        .from(unsubscriptions)
        .where(and(eq(unsubscriptions.workspaceId, europe.id), eq(unsubscriptions.type, 'WORKSPACE')));
      expect(still?.n).toBe(ACME_EUROPE_SHARED.unsubscriptions);
    } finally {
      await t.close();
    }
  });

  const seatPlanOf = async (workspaceId: string) => {
    const [row] = await db()
      .select({
        totalSeats: subscriptionPaymentPlans.totalSeats,
        assignedSeats: subscriptionPaymentPlans.assignedSeats,
      })
      .from(subscriptionPaymentPlans)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionPaymentPlans.subscriptionId))
      .where(eq(subscriptions.workspaceId, workspaceId));
    return row;
  };

  it('MEM-014 Legacy Team Co has members for every Manage Users counter: paid, gmail paid, trial, free, disabled, invited', async () => {
    const legacy = await spaceNamed(DEMO_SPACES.legacyTeam.name);
    const members = await membersOf(legacy.id);
    const counters = {
      total: members.length,
      paid: members.filter((m) => m.isPaid && !m.isPersonal).length,
      gmailPaid: members.filter((m) => m.isPaid && m.isPersonal).length,
      trial: members.filter((m) => m.freeTrialEnd !== null).length,
      free: members.filter((m) => !m.isPaid && m.freeTrialEnd === null && m.userPlan === 'FREE').length,
      disabled: members.filter((m) => m.status === 'DISABLED').length,
      pending: members.filter((m) => m.status === 'PENDING').length,
    };
    for (const [name, value] of Object.entries(counters)) expect([name, value > 0]).toEqual([name, true]);
    expect(members.find((m) => m.email === 'marta.silva@gmail.com')).toMatchObject({
      userPlan: 'PRO_PERSONAL',
      isPaid: true,
      isPersonal: true,
    });
    const trial = members.find((m) => m.freeTrialEnd !== null)!;
    expect(trial.freeTrialEnd!.getTime()).toBeGreaterThan(NOW.getTime());
    expect(trial.isPaid).toBe(false);
    // The flat TEAM plan's seat plan counts its paid members, gmail ones included.
    expect((await seatPlanOf(legacy.id))?.assignedSeats).toBe(counters.paid + counters.gmailPaid);
  });

  it('MEM-006 MEM-030 Northwind Studio is a Pro per-seat space with every seat assigned, one to a pending invitee', async () => {
    const northwind = await spaceNamed(DEMO_SPACES.fullSeats.name);
    expect(northwind).toMatchObject({ plan: 'PRO', status: 'ACTIVE', isPerSeat: true, legacyType: null });
    const members = await membersOf(northwind.id);
    expect(members.find((m) => m.role === 'OWNER')?.email).toBe(DEMO_ACCOUNTS.fullSeatsOwner);
    const paid = members.filter((m) => m.isPaid).length;
    expect(await seatPlanOf(northwind.id)).toEqual({
      totalSeats: DEMO_SPACES.fullSeats.seats,
      assignedSeats: DEMO_SPACES.fullSeats.seats,
    });
    expect(paid).toBe(DEMO_SPACES.fullSeats.seats);
    expect(members.filter((m) => m.status === 'PENDING')).toEqual([
      expect.objectContaining({
        email: 'sam.okoro@northwind.example',
        seatType: 'PENDING_YAMM_USER',
        isPaid: true,
      }),
    ]);
  });

  it('MEM-029 MEM-030 every pending member has a live PENDING invitation, stored as a token hash, from a manager of the space', async () => {
    const pendingMembers = await db()
      .select({ workspaceId: memberships.workspaceId, email: users.email, seatType: memberships.seatType })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.status, 'PENDING'));
    const rows = await db().select().from(invitations);
    expect(pendingMembers.length).toBeGreaterThanOrEqual(3);
    expect(rows.map((row) => [row.workspaceId, row.email]).sort()).toEqual(
      pendingMembers.map((member) => [member.workspaceId, member.email]).sort(),
    );
    expect(pendingMembers.every((member) => member.seatType === 'PENDING_YAMM_USER')).toBe(true);
    expect(rows.map((row) => row.workspaceId)).toContain(acmeId);
    for (const row of rows) {
      expect(row.status).toBe('PENDING');
      expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.expiresAt.getTime()).toBeGreaterThan(NOW.getTime());
      const [inviter] = await db()
        .select({ role: memberships.role })
        .from(memberships)
        .where(
          and(eq(memberships.userId, row.invitedByUserId!), eq(memberships.workspaceId, row.workspaceId)),
        );
      expect(['OWNER', 'ADMIN']).toContain(inviter?.role);
    }
  });

  it('MEM-036 member@acme.example is paid in two spaces (Acme Sales and Acme Europe)', async () => {
    const paidPlaces = await db()
      .select({ workspaceId: memberships.workspaceId, userPlan: memberships.userPlan })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(users.email, DEMO_ACCOUNTS.acmeMember), eq(memberships.isPaid, true)));
    expect(paidPlaces).toHaveLength(2);
    expect(paidPlaces.every((place) => place.userPlan === 'PRO')).toBe(true);
  });

  it('gives every user a sending space that they belong to', async () => {
    const rows = await db()
      .select({ email: users.email, member: memberships.id })
      .from(users)
      .leftJoin(
        memberships,
        and(eq(memberships.userId, users.id), eq(memberships.workspaceId, users.addonWorkspaceId)),
      );
    expect(rows.length).toBeGreaterThan(12);
    expect(rows.filter((row) => row.member === null)).toEqual([]);
  });

  it('PERM-051: every user has a rollout status past every restriction step', async () => {
    const [userCount] = await db().select({ n: count() }).from(users);
    const rows = await db().select().from(rolloutStatus);
    expect(rows).toHaveLength(userCount?.n ?? -1);
    expect(rows.every((row) => row.lastActivatedStep === 9 && row.isRegistered && row.isEligible)).toBe(true);
  });

  it('MM-013, MM-014: Acme Sales has 60 sent campaigns over the last 14 months by several members', async () => {
    const rows = await db().select().from(campaigns).where(eq(campaigns.workspaceId, acmeId));
    expect(rows).toHaveLength(60);
    const oldest = Math.min(...rows.map((row) => row.lastEmailSentAt.getTime()));
    const newest = Math.max(...rows.map((row) => row.lastEmailSentAt.getTime()));
    expect(oldest).toBeGreaterThan(NOW.getTime() - 14 * 31 * DAY);
    expect(oldest).toBeLessThan(NOW.getTime() - 12 * 30 * DAY);
    expect(newest).toBeGreaterThan(NOW.getTime() - 30 * DAY);
    expect(newest).toBeLessThanOrEqual(NOW.getTime());
    expect(new Set(rows.map((row) => row.userId)).size).toBeGreaterThanOrEqual(4);
    for (const row of rows) {
      expect(row.title).toBe(`${row.spreadsheetName} - ${row.sheetName}`);
      expect(row.mergeSourceSheetKey).toBe(`${row.spreadsheetId}-${row.sheetId}`);
      expect(row.spreadsheetLink).toContain(row.spreadsheetId);
    }
    expect(rows.filter((row) => row.isFormNotification).length).toBeGreaterThan(0);
    expect(rows.filter((row) => !row.isFormNotification).length).toBeGreaterThan(50);
  });

  it('MM-016: campaign counters match their recipients, 20 to 300 each, with believable tracking', async () => {
    const tally = await db()
      .select({
        id: campaigns.id,
        sentCount: campaigns.sentCount,
        openedCount: campaigns.openedCount,
        clickedCount: campaigns.clickedCount,
        bouncedCount: campaigns.bouncedCount,
        respondedCount: campaigns.respondedCount,
        unsubscribedCount: campaigns.unsubscribedCount,
        recipients: count(campaignRecipients.id),
        sent: count(campaignRecipients.sentAt),
        opened: count(campaignRecipients.openedAt),
        clicked: count(campaignRecipients.clickedAt),
        bounced: count(campaignRecipients.bouncedAt),
        responded: count(campaignRecipients.respondedAt),
        unsubscribed: count(campaignRecipients.unsubscribedAt),
      })
      .from(campaigns)
      .innerJoin(campaignRecipients, eq(campaignRecipients.campaignId, campaigns.id))
      .where(eq(campaigns.workspaceId, acmeId))
      .groupBy(campaigns.id);
    expect(tally).toHaveLength(60);
    for (const row of tally) {
      expect(row.recipients).toBeGreaterThanOrEqual(20);
      expect(row.recipients).toBeLessThanOrEqual(300);
      expect([
        row.sentCount,
        row.openedCount,
        row.clickedCount,
        row.bouncedCount,
        row.respondedCount,
        row.unsubscribedCount,
      ]).toEqual([row.sent, row.opened, row.clicked, row.bounced, row.responded, row.unsubscribed]);
      expect(row.sent).toBe(row.recipients);
    }
    const total = (key: 'sent' | 'opened' | 'clicked' | 'bounced' | 'responded' | 'unsubscribed') =>
      tally.reduce((sum, row) => sum + row[key], 0);
    const delivered = total('sent') - total('bounced');
    expect(total('bounced') / total('sent')).toBeGreaterThan(0.002);
    expect(total('bounced') / total('sent')).toBeLessThan(0.05);
    expect(total('opened') / delivered).toBeGreaterThan(0.3);
    expect(total('opened') / delivered).toBeLessThan(0.75);
    expect(total('clicked')).toBeLessThan(total('opened'));
    expect(total('responded')).toBeGreaterThan(0);
    expect(total('unsubscribed')).toBeGreaterThan(0);

    const [future] = await db()
      .select({ n: count() })
      .from(campaignRecipients)
      .where(
        sql`greatest(${campaignRecipients.sentAt}, ${campaignRecipients.openedAt}, ${campaignRecipients.clickedAt},
          ${campaignRecipients.bouncedAt}, ${campaignRecipients.respondedAt}, ${campaignRecipients.unsubscribedAt}) > ${NOW}`,
      );
    expect(future?.n).toBe(0);
  });

  it('MM-020: a few campaigns have poll answers with counts', async () => {
    const rows = await db()
      .select({
        campaignId: pollAnswers.campaignId,
        answers: count(),
        total: sql<number>`sum(${pollAnswers.count})::int`,
      })
      .from(pollAnswers)
      .groupBy(pollAnswers.campaignId);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((row) => row.answers >= 3 && row.total > 0)).toBe(true);
  });

  it('MM-028, MM-030, MM-031: scheduled merges cover every status, quota stops and recoverable and final errors', async () => {
    const rows = await db().select().from(scheduledMerges).where(eq(scheduledMerges.workspaceId, acmeId));
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(SCHEDULED_MERGE_STATUSES));

    const inProgress = rows.filter((row) => row.status === 'IN PROGRESS');
    expect(inProgress.some((row) => row.mergeTime === null)).toBe(true);
    expect(inProgress.some((row) => row.mergeTime !== null && row.mergeTime > NOW)).toBe(true);
    const scheduled = rows.filter((row) => row.status === 'SCHEDULED');
    expect(scheduled.every((row) => row.mergeTime !== null && row.mergeTime > NOW)).toBe(true);

    const errors = rows.filter((row) =>
      (SCHEDULED_MERGE_ERROR_STATUSES as readonly string[]).includes(row.status),
    );
    const recoverable = errors.filter(
      (row) =>
        row.recoverableErrorLastRetryAt !== null &&
        row.recoverableErrorRetries < RECOVERABLE_ERROR_MAX_RETRIES,
    );
    expect(recoverable.length).toBeGreaterThan(0);
    expect(recoverable.length).toBeLessThan(errors.length);
    // MM-032: the next attempt is one hour after the last retry.
    for (const row of recoverable) {
      expect(row.mergeTime?.getTime()).toBe(
        (row.recoverableErrorLastRetryAt?.getTime() ?? 0) + 60 * 60 * 1000,
      );
    }
    expect(errors.every((row) => row.error && row.errorDetails)).toBe(true);
  });

  it('UNSUB-011, BOUNCE-010: Acme Sales lists 500 unsubscribed and 200 bounced addresses, each once, of both types', async () => {
    const [unsubs] = await db()
      .select({ n: count(), addresses: countDistinct(unsubscriptions.email) })
      .from(unsubscriptions)
      .where(eq(unsubscriptions.workspaceId, acmeId));
    expect(unsubs).toEqual({ n: 500, addresses: 500 });
    const unsubTypes = await db()
      .selectDistinct({ type: unsubscriptions.type })
      .from(unsubscriptions)
      .orderBy(asc(unsubscriptions.type));
    expect(unsubTypes.map((row) => row.type)).toEqual(['USER', 'WORKSPACE']);

    const [bounced] = await db()
      .select({ n: count(), addresses: countDistinct(bounces.email) })
      .from(bounces)
      .where(eq(bounces.workspaceId, acmeId));
    expect(bounced).toEqual({ n: 200, addresses: 200 });
    const kinds = await db()
      .selectDistinct({ type: bounces.type, kind: bounces.kind })
      .from(bounces)
      .orderBy(asc(bounces.type), asc(bounces.kind));
    expect(kinds).toEqual([
      { type: 'USER', kind: 'HARD' },
      { type: 'USER', kind: 'SOFT' },
      { type: 'WORKSPACE', kind: 'HARD' },
      { type: 'WORKSPACE', kind: 'SOFT' },
    ]);
  });

  it('TPL-010: the gallery has 12 templates ordered 1 to 12, each with subject, thumbnail and preview', async () => {
    const rows = await db().select().from(templates).orderBy(asc(templates.sortOrder));
    expect(rows.map((row) => row.sortOrder)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    for (const row of rows) {
      expect(row.subject.length).toBeGreaterThan(5);
      expect(row.thumbnailUrl).toMatch(/^data:image\/svg\+xml,/);
      expect(row.previewHtml).toContain('<p>');
    }
  });

  it('SHELL-009 (issue 24): the demo invents no promotions; the sidebar shows those an install configures', async () => {
    const [row] = await db().select({ n: count() }).from(promotions);
    expect(row?.n).toBe(0);
  });

  /**
   * Issue 'Billing I' item 7: the demo holds every billing state a person needs to try buying
   * from, each read through the real API as the owner of that space.
   */
  describe('billing states one can try buying from', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp({ database });
    });
    afterAll(() => t.close());

    const as = async (email: string) => {
      const { headers } = await signedInAs(t, email);
      return (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
        t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    };
    const at = (path: string, id: string) => path.replace(':id', id);

    /**
     * What the Billing page reads (the space, the caller's place in it, the subscriptions) and the
     * card it shows from them, by the same core rules: the free card with the purchase card, the
     * custom plan card, or the current plan card with its price lines.
     */
    async function billingPageOf(email: string, spaceName: string) {
      const call = await as(email);
      const me = (await call('GET', `${getCurrentUser.path}?includeWorkspaces=true`)).json() as CurrentUser;
      const place = me.userWorkspaces?.find((space) => space.workspaceName === spaceName);
      if (!place) throw new Error(`${email} is not in ${spaceName}`);
      const details = await call(
        'GET',
        `${at(getWorkspace.path, place.workspaceId)}?includeFeatures=true&includeDomains=true`,
      );
      expect(details.statusCode).toBe(200);
      const listed = await call(
        'GET',
        `${at(listSubscriptionsV1.path, place.workspaceId)}?includePlans=true&retrieveAdditionalStripeInfo=true`,
      );
      expect(listed.statusCode).toBe(200);
      const { items } = listSubscriptionsV1.response.parse(listed.json());
      const state = subscriptionState(items);
      const subscription = state.kind === 'active' ? state.subscription : null;
      const label = planLabel({
        workspacePlan: subscription?.workspacePlan ?? place.workspacePlan,
        legacyType: place.legacyPlanType,
        paymentSource: subscription?.paymentSource,
        userPlan: place.userPlan,
      });
      const free = subscription === null && place.workspacePlan !== 'LEGACY';
      return {
        call,
        me,
        id: place.workspaceId,
        details: details.json() as Record<string, unknown>,
        items,
        subscription,
        card: free ? 'free' : label === PLAN_LABELS.CUSTOM ? 'custom' : 'current',
        title: `Current plan: ${label}`,
      };
    }

    it("BILL-008 BILL-011 Pat's space is a FREE per-seat space with no subscription: its Gmail owner sees the free card and may buy", async () => {
      const page = await billingPageOf(DEMO_ACCOUNTS.personal, DEMO_SPACES.personal.name);
      expect(page.me).toMatchObject({ type: 'STANDARD', isPersonal: true, isPerSeat: true });
      expect(page.details).toMatchObject({
        plan: 'FREE',
        isPerSeat: true,
        role: 'OWNER',
        features: { canAccessWorkspaceBilling: true },
      });
      expect(page.items).toEqual([]);
      expect(page.card).toBe('free');
    });

    it('CONST-019 BILL-008 BILL-011 Globex is a FREE per-seat domain space of one member with no subscription: nobody else joins before its owner buys seats', async () => {
      const page = await billingPageOf(DEMO_ACCOUNTS.freeDomainOwner, DEMO_SPACES.freeDomain.name);
      expect(page.me).toMatchObject({ type: 'BUSINESS', isPersonal: false });
      expect(page.details).toMatchObject({
        plan: 'FREE',
        isPerSeat: true,
        role: 'OWNER',
        memberCount: 1,
        workspaceDomains: [expect.objectContaining({ domainName: DEMO_SPACES.freeDomain.domain })],
        workspaceFeatures: { FREE: { allowedUserCount: 1 } },
        features: { canAccessWorkspaceBilling: true },
      });
      expect(page.items).toEqual([]);
      expect(page.card).toBe('free');

      // CONST-019: the one free place is the owner's, so nobody else can join before buying.
      const check = await page.call('POST', `${at(addWorkspaceUsers.path, page.id)}?onlyCheckValidity=true`, {
        userEmails: ['colleague@globex.example'],
      });
      expect(check.statusCode).toBe(200);
      expect(check.json()).toEqual({
        success: false,
        results: [{ userEmail: 'colleague@globex.example', errorDetails: MEMBER_TEXTS.freeUserLimit(1) }],
      });
    });

    it('PRICE-003 PRICE-004 PRICE-005 BILL-007 BILL-012 Initech Berlin pays Premium in EUR with 19 % German VAT: the current plan card shows the four tax lines', async () => {
      const page = await billingPageOf(DEMO_ACCOUNTS.premiumEurOwner, DEMO_SPACES.premiumEur.name);
      expect(page.details).toMatchObject({ plan: 'PREMIUM', isPerSeat: false, role: 'OWNER' });
      expect(page.items).toHaveLength(1);
      const subscription = page.subscription as Subscription;
      expect(subscription).toMatchObject({
        subscriptionStatus: 'ACTIVE',
        paymentSource: 'STRIPE',
        workspacePlan: 'PREMIUM',
        billingInterval: 'YEARLY',
        country: 'DE',
        currency: 'EUR',
        taxRate: 19,
        autoRenew: true,
        subscriptionPaymentPlans: [
          expect.objectContaining({ totalSeats: DEMO_SPACES.premiumEur.seats, assignedSeats: 3 }),
        ],
        additionalStripeInfo: expect.objectContaining({
          latestInvoice: expect.objectContaining({ paid: true }),
          upcomingInvoice: { amountDue: 34_272 },
        }),
      });
      expect(Number(subscription.endTimestamp)).toBeGreaterThan(NOW.getTime());
      expect(page.card).toBe('current');
      expect(page.title).toBe('Current plan: Premium');
      // 3 places at the demo's Premium stand-in of 96 a year: 288.00 €, plus 19 %.
      expect(subscriptionPrice(subscription)).toEqual({
        price: '342.72 € / year',
        lines: [
          { label: 'Total without taxes', value: '288.00 €' },
          { label: 'Taxes (19%)', value: '54.72 €' },
          { label: 'Total due', value: '342.72 €' },
          { label: 'Billed annually', value: '' },
        ],
      });
    });

    it('BILL-010 BILL-038 PERM-030 Umbrella Labs holds a Pro plan our team gave (SUPPORT): Current plan: Custom, and members are removed through support', async () => {
      const page = await billingPageOf(DEMO_ACCOUNTS.customOwner, DEMO_SPACES.custom.name);
      expect(page.details).toMatchObject({ plan: 'PRO', isPerSeat: true, role: 'OWNER' });
      expect(page.items).toHaveLength(1);
      expect(page.subscription).toMatchObject({
        subscriptionStatus: 'ACTIVE',
        paymentSource: 'SUPPORT',
        workspacePlan: 'PRO',
        additionalStripeInfo: expect.objectContaining({ latestInvoice: null }),
      });
      expect(page.card).toBe('custom');
      expect(page.title).toBe('Current plan: Custom');

      const seats = await page.call('GET', at(listSubscriptionsV2.path, page.id));
      expect(seats.statusCode).toBe(200);
      expect(seats.json()).toMatchObject({
        items: [{ paymentSource: 'SUPPORT', totalSeats: DEMO_SPACES.custom.seats, assignedSeats: 3 }],
      });

      const removal = await page.call('PATCH', at(removeWorkspaceUsers.path, page.id), {
        userEmails: ['chloe.dubois@umbrella.example'],
      });
      expect(removal.statusCode).toBe(403);
      expect(removal.json()).toMatchObject({
        error: { code: 'member_remove_refused', message: REMOVAL_TEXTS.managedSubscription },
      });
    });

    it("RES-005 RES-009 Robin's space is a legacy PERSONAL plan paid through PayPal that renews: users/me names it as Robin's license", async () => {
      const page = await billingPageOf(DEMO_ACCOUNTS.paypalLegacyOwner, DEMO_SPACES.paypalLegacy.name);
      expect(page.me).toMatchObject({ type: 'STANDARD', isPersonal: true });
      expect(page.details).toMatchObject({ plan: 'LEGACY', role: 'OWNER' });
      expect(page.items).toHaveLength(1);
      expect(page.subscription).toMatchObject({
        subscriptionStatus: 'ACTIVE',
        paymentSource: 'PAYPAL',
        workspacePlan: 'LEGACY',
        billingInterval: 'YEARLY',
        autoRenew: true,
      });
      expect(page.me.license).toEqual({
        subscriptionId: page.subscription?.subscriptionId,
        paymentSource: 'PAYPAL',
      });
    });
  });

  it('a second call answers seeded:false and adds nothing', async () => {
    const before = await rowCounts();
    await expect(seedDemo({ db: database.db, now: new Date(NOW.getTime() + DAY) })).resolves.toEqual({
      seeded: false,
    });
    expect(await rowCounts()).toEqual(before);
  });

  it('is deterministic: another database seeded with the same date holds the same data', async () => {
    const other = await createTestDatabase();
    try {
      await seedDemo({ db: other.db, now: NOW });
      const snapshot = (target: TestDatabase) =>
        target.db
          .select({
            id: campaigns.id,
            title: campaigns.title,
            userId: campaigns.userId,
            sentCount: campaigns.sentCount,
            openedCount: campaigns.openedCount,
            lastEmailSentAt: campaigns.lastEmailSentAt,
          })
          .from(campaigns)
          .orderBy(asc(campaigns.id));
      expect(await snapshot(other)).toEqual(await snapshot(database));
    } finally {
      await other.destroy();
    }
  });
});
