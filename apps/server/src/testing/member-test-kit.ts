import { and, asc, eq } from 'drizzle-orm';
import type {
  LegacyType,
  MemberStatus,
  PaymentSource,
  Role,
  UserPlan,
  WorkspacePlan,
} from '@mergeboard/core';
import {
  invitations,
  memberships,
  paymentPlans,
  subscriptionPaymentPlans,
  subscriptions,
  users,
  workspaceDomains,
  workspaces,
} from '../db/schema';
import { signedInAs } from './sessions';
import type { TestApp } from './test-app';

/** The demo people the member tests act as (seeded by seedDemo). */
export const PEOPLE = {
  owner: 'owner@acme.example',
  admin: 'admin@acme.example',
  member: 'member@acme.example',
  jonas: 'jonas.weber@acme.example',
  priya: 'priya.natarajan@acme.example',
  amara: 'amara.okafor@acme.example',
  lucas: 'lucas.martin@acme.example',
  hannah: 'hannah.kowalski@acme.example',
  liam: 'free.member@acme.example',
  pat: 'pat@gmail.com',
} as const;
export type Person = keyof typeof PEOPLE;

export type Caller = { headers: { authorization: string } };

interface SpaceMemberSpec {
  who: Person;
  role?: Role;
  userPlan?: UserPlan;
  isPaid?: boolean;
  status?: MemberStatus;
  trialEnd?: Date;
}

interface SpaceSpec {
  plan?: WorkspacePlan;
  legacyType?: LegacyType;
  isPerSeat?: boolean;
  domains?: string[];
  /** Seats of an ACTIVE subscription on the per-seat PRO plan; none without. */
  seats?: number;
  paymentSource?: PaymentSource;
  freeAllowedUserCount?: number;
  proAllowedUserCount?: number;
  freeHasMultiDomain?: boolean;
  proHasMultiDomain?: boolean;
  members?: SpaceMemberSpec[];
}

/** What a member test needs: who is who, signed in, and fresh spaces to change. */
export async function memberKit(t: TestApp) {
  const ids = {} as Record<Person, string>;
  const as = {} as Record<Person, Caller>;
  for (const [key, email] of Object.entries(PEOPLE) as [Person, string][]) {
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    ids[key] = row!.id;
    as[key] = await signedInAs(t, email);
  }
  const [proPlan] = await t.database.db
    .select({ id: paymentPlans.id })
    .from(paymentPlans)
    .where(and(eq(paymentPlans.userPlan, 'PRO'), eq(paymentPlans.isPerSeat, true)))
    .limit(1);

  const call = (caller: Caller | null, method: string, url: string, payload?: object) =>
    t.app.inject({
      method: method as 'GET',
      url,
      ...(caller ? { headers: caller.headers } : {}),
      ...(payload ? { payload } : {}),
    });

  /**
   * A fresh space (PRO, per seat, domain acme.example, by default with an owner, an admin and a
   * paid member); with `seats`, an ACTIVE subscription whose seat plan counts its paid members.
   */
  async function makeSpace(spec: SpaceSpec = {}) {
    const plan = spec.plan ?? 'PRO';
    const [space] = await t.database.db
      .insert(workspaces)
      .values({
        name: 'Member test space',
        slug: 'member-test-space',
        plan,
        legacyType: spec.legacyType ?? null,
        status: plan === 'LEGACY' ? 'LEGACY' : 'ACTIVE',
        isPerSeat: spec.isPerSeat ?? plan !== 'LEGACY',
        freeAllowedUserCount: spec.freeAllowedUserCount ?? 1,
        proAllowedUserCount: spec.proAllowedUserCount ?? -1,
        freeHasMultiDomain: spec.freeHasMultiDomain ?? false,
        proHasMultiDomain: spec.proHasMultiDomain ?? false,
      })
      .returning();
    const spaceId = space!.id;
    for (const domainName of spec.domains ?? ['acme.example']) {
      await t.database.db.insert(workspaceDomains).values({ workspaceId: spaceId, domainName });
    }
    const members = spec.members ?? [
      { who: 'owner', role: 'OWNER' },
      { who: 'admin', role: 'ADMIN' },
      { who: 'member' },
    ];
    const rows = members.map((m) => {
      const userPlan = m.userPlan ?? (plan === 'FREE' ? 'FREE' : 'PRO');
      return {
        workspaceId: spaceId,
        userId: ids[m.who],
        role: m.role ?? 'MEMBER',
        userPlan,
        isPaid: m.isPaid ?? (userPlan !== 'FREE' && !m.trialEnd),
        status: m.status ?? 'ACTIVE',
        freeTrialEnd: m.trialEnd ?? null,
      };
    });
    await t.database.db.insert(memberships).values(rows);
    if (spec.seats !== undefined || spec.paymentSource !== undefined) {
      const now = Date.now();
      const [subscription] = await t.database.db
        .insert(subscriptions)
        .values({
          workspaceId: spaceId,
          status: 'ACTIVE',
          paymentSource: spec.paymentSource ?? 'STRIPE',
          billingInterval: 'YEARLY',
          workspacePlan: plan,
          startAt: new Date(now - 86_400_000),
          endAt: new Date(now + 300 * 86_400_000),
        })
        .returning();
      const paid = rows.filter((row) => row.isPaid && row.userPlan === 'PRO').length;
      await t.database.db.insert(subscriptionPaymentPlans).values({
        subscriptionId: subscription!.id,
        paymentPlanId: proPlan!.id,
        userPlan: 'PRO',
        allowedQuantity: 100,
        totalSeats: spec.seats ?? -1,
        assignedSeats: paid,
      });
    }
    return spaceId;
  }

  /** Every membership of the space with its address, in address order: what a refused call must leave. */
  async function rowsOf(spaceId: string) {
    return t.database.db
      .select({
        email: users.email,
        role: memberships.role,
        status: memberships.status,
        userPlan: memberships.userPlan,
        isPaid: memberships.isPaid,
        seatType: memberships.seatType,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.workspaceId, spaceId))
      .orderBy(asc(users.email));
  }

  /** The assigned and total seats of the space's seat plan. */
  async function seatsOf(spaceId: string) {
    const [row] = await t.database.db
      .select({
        assigned: subscriptionPaymentPlans.assignedSeats,
        total: subscriptionPaymentPlans.totalSeats,
      })
      .from(subscriptionPaymentPlans)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionPaymentPlans.subscriptionId))
      .where(eq(subscriptions.workspaceId, spaceId));
    return row!;
  }

  async function invitationsOf(spaceId: string) {
    return t.database.db
      .select({ email: invitations.email, status: invitations.status })
      .from(invitations)
      .where(eq(invitations.workspaceId, spaceId))
      .orderBy(asc(invitations.createdAt));
  }

  return { ids, as, call, makeSpace, rowsOf, seatsOf, invitationsOf };
}
