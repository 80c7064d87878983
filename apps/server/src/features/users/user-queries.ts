import { and, desc, eq, inArray, ne, notInArray, or, sql } from 'drizzle-orm';
import { emailDomain, personalSpaceName, slugify } from '@mergeboard/core';
import type { Db } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import {
  auditEvents,
  identities,
  memberships,
  rolloutStatus,
  senderMonthlySent,
  subscriptions,
  users,
  workspaces,
} from '../../db/schema';
import { anyContains } from '../../db/search-pattern';

// users/me sends these on every call (the web app reads it on each page load): each is prepared
// once per database handle (db/prepared.ts).
const workspaceRowsQuery = preparedPerDb((db) =>
  db
    .select({ membership: memberships, workspace: workspaces })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(and(eq(memberships.userId, sql.placeholder('userId')), ne(memberships.status, 'PENDING')))
    .orderBy(workspaces.name)
    .prepare('mb_user_workspaces'),
);

const monthlySentQuery = preparedPerDb((db) =>
  db
    .select({
      month: sql<string>`${senderMonthlySent.month}::text`,
      count: sql<string>`sum(${senderMonthlySent.sent})`,
    })
    .from(senderMonthlySent)
    .where(eq(senderMonthlySent.userId, sql.placeholder('userId')))
    .groupBy(senderMonthlySent.month)
    .orderBy(senderMonthlySent.month)
    .prepare('mb_user_monthly_sent'),
);

const rolloutQuery = preparedPerDb((db) =>
  db
    .select()
    .from(rolloutStatus)
    .where(eq(rolloutStatus.userId, sql.placeholder('userId')))
    .limit(1)
    .prepare('mb_user_rollout'),
);

const ownedLicenseQuery = preparedPerDb((db) =>
  db
    .select({ id: subscriptions.id, paymentSource: subscriptions.paymentSource })
    .from(subscriptions)
    .innerJoin(memberships, eq(memberships.workspaceId, subscriptions.workspaceId))
    .where(
      and(
        eq(memberships.userId, sql.placeholder('userId')),
        eq(memberships.role, 'OWNER'),
        eq(subscriptions.status, 'ACTIVE'),
      ),
    )
    .orderBy(desc(subscriptions.createdAt))
    .limit(1)
    .prepare('mb_user_owned_license'),
);

/** Every space the user has joined (invitations not yet accepted are left out). */
export async function userWorkspaceRows(db: Db, userId: string) {
  return workspaceRowsQuery(db).execute({ userId });
}

/**
 * All-time and per-month counts of mail the user sent, whole months from the one holding `since`
 * (the monthly rollup leaves out form notifications). One statement: the user's months (a few
 * rows a year per space) summed here, rather than a second round trip for the total.
 */
export async function sentMailCounters(db: Db, userId: string, since: Date) {
  const firstMonth = new Date(Date.UTC(since.getUTCFullYear(), since.getUTCMonth(), 1))
    .toISOString()
    .slice(0, 10);
  let total = 0;
  const monthly: { month: string; count: number }[] = [];
  for (const row of await monthlySentQuery(db).execute({ userId })) {
    const count = Number(row.count);
    total += count;
    // 'YYYY-MM-DD' texts sort as the dates do.
    if (row.month >= firstMonth) monthly.push({ month: row.month, count });
  }
  return { total, monthly };
}

export async function findRollout(db: Db, userId: string) {
  const [row] = await rolloutQuery(db).execute({ userId });
  return row ?? null;
}

/** The subscription of a space the user owns, newest first: the user's license, if any. */
export async function findOwnedLicense(db: Db, userId: string) {
  const [row] = await ownedLicenseQuery(db).execute({ userId });
  return row ?? null;
}

/**
 * People the user may pick: members of the spaces the user has joined (not those they are only
 * invited to, nor those where they are DISABLED), and users of the user's company domain (null
 * for a personal address), matching the search in address or name. Never a directory of all.
 */
export async function suggestPeople(
  db: Db,
  options: { userId: string; companyDomain: string | null; search: string; limit: number },
) {
  const mySpaces = db
    .select({ id: memberships.workspaceId })
    .from(memberships)
    .where(
      and(eq(memberships.userId, options.userId), notInArray(memberships.status, ['PENDING', 'DISABLED'])),
    );
  const coMembers = db
    .select({ id: memberships.userId })
    .from(memberships)
    .where(inArray(memberships.workspaceId, mySpaces));
  return db
    .select({ userEmail: users.email, userName: users.name })
    .from(users)
    .where(
      and(
        ne(users.id, options.userId),
        or(
          inArray(users.id, coMembers),
          options.companyDomain ? eq(users.domain, options.companyDomain) : sql`false`,
        ),
        anyContains([users.email, users.name], options.search),
      ),
    )
    .orderBy(users.email)
    .limit(options.limit);
}

export async function findUserIdByEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row?.id ?? null;
}

/**
 * A users row that only stands for invitations: it has memberships and every one is PENDING (the
 * members feature creates such rows for addresses it adds or invites). It is no account yet: a
 * sign-in does not take it as one, and creating the account takes it over.
 */
export async function isInviteeOnly(db: Db, userId: string): Promise<boolean> {
  const statuses = await db
    .selectDistinct({ pending: sql<boolean>`${memberships.status} = 'PENDING'` })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  return statuses.length === 1 && statuses[0]!.pending;
}

/**
 * Writes a new account: the user (or, for a person who was added or invited before having an
 * account, their invitee row, now filled in), its own FREE space where it is OWNER and which it
 * sends from, the signed-in identity's link to it, its rollout step and the audit event. Run it
 * in a transaction; answers the user's id.
 */
export async function insertAccount(
  db: Db,
  account: {
    email: string;
    name: string;
    personal: boolean;
    identity: { id: string; pictureUrl: string | null };
    rolloutStep: number;
    /** The invitee row to take over, if any. */
    inviteeUserId: string | null;
  },
): Promise<string> {
  const { email, name, personal } = account;
  const profile = {
    email,
    name,
    profilePictureUrl: account.identity.pictureUrl,
    isPersonal: personal,
    domain: personal ? null : emailDomain(email),
    createSource: 'WEBAPP' as const,
  };
  const [adopted] = account.inviteeUserId
    ? await db
        .update(users)
        .set({ ...profile, updatedAt: new Date() })
        .where(eq(users.id, account.inviteeUserId))
        .returning({ id: users.id })
    : [];
  // The invitee row may have gone meanwhile (its last invitation cancelled): then a new one.
  const [user] = adopted ? [adopted] : await db.insert(users).values(profile).returning({ id: users.id });
  const spaceName = personalSpaceName(name);
  const [space] = await db
    .insert(workspaces)
    .values({ name: spaceName, slug: slugify(spaceName), plan: 'FREE' })
    .returning({ id: workspaces.id });
  await db
    .insert(memberships)
    .values({ workspaceId: space!.id, userId: user!.id, role: 'OWNER', userPlan: 'FREE' });
  await db.update(users).set({ addonWorkspaceId: space!.id }).where(eq(users.id, user!.id));
  await db.update(identities).set({ userId: user!.id }).where(eq(identities.id, account.identity.id));
  await db.insert(rolloutStatus).values({ userId: user!.id, lastActivatedStep: account.rolloutStep });
  await db.insert(auditEvents).values({
    workspaceId: space!.id,
    actorUserId: user!.id,
    action: 'user.created',
    targetType: 'user',
    targetId: user!.id,
    data: { createSource: 'WEBAPP' },
  });
  return user!.id;
}
