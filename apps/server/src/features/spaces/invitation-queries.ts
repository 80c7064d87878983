import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invitations, memberships, users, workspaceDomains, workspaces } from '../../db/schema';

/** What decides whether addresses can be invited to a space: its domains, members and open invitations. */
export async function inviteeFacts(db: Db, workspaceId: string, emails: string[]) {
  const [domains, members, pending] = await Promise.all([
    db
      .select({ domain: workspaceDomains.domainName })
      .from(workspaceDomains)
      .where(eq(workspaceDomains.workspaceId, workspaceId)),
    db
      .select({ email: users.email })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.workspaceId, workspaceId), inArray(users.email, emails))),
    db
      .select({ email: invitations.email })
      .from(invitations)
      .where(
        and(
          eq(invitations.workspaceId, workspaceId),
          eq(invitations.status, 'PENDING'),
          inArray(invitations.email, emails),
        ),
      ),
  ]);
  return {
    domains: domains.map((d) => d.domain),
    members: members.map((m) => m.email),
    pending: pending.map((p) => p.email),
  };
}

export async function insertInvitation(db: Db, invitation: typeof invitations.$inferInsert) {
  await db.insert(invitations).values(invitation);
}

/** The invitation of a token (hashed), with its space's name, locked until the transaction ends. */
export async function lockInvitation(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ invitation: invitations, workspaceName: workspaces.name })
    .from(invitations)
    .innerJoin(workspaces, eq(workspaces.id, invitations.workspaceId))
    .where(eq(invitations.tokenHash, tokenHash))
    .for('update');
  return row ?? null;
}

export async function membershipOf(db: Db, workspaceId: string, userId: string) {
  const [row] = await db
    .select({ id: memberships.id, status: memberships.status })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)));
  return row ?? null;
}

/**
 * Marks a pending, unexpired invitation accepted; false when it was not (any more). The condition
 * is in the UPDATE, so a link works once even when clicked twice at the same moment.
 */
export async function claimInvitation(db: Db, invitationId: string): Promise<boolean> {
  const claimed = await db
    .update(invitations)
    .set({ status: 'ACCEPTED', acceptedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(invitations.id, invitationId),
        eq(invitations.status, 'PENDING'),
        sql`${invitations.expiresAt} > now()`,
      ),
    )
    .returning({ id: invitations.id });
  return claimed.length > 0;
}

export async function activateMembership(db: Db, membershipId: string) {
  await db
    .update(memberships)
    .set({ status: 'ACTIVE', updatedAt: new Date() })
    .where(eq(memberships.id, membershipId));
}

export async function insertMember(db: Db, workspaceId: string, userId: string) {
  await db.insert(memberships).values({ workspaceId, userId, role: 'MEMBER', userPlan: 'FREE' });
}

/** The space a person sends from. */
export async function setSendingSpace(db: Db, userId: string, workspaceId: string) {
  await db.update(users).set({ addonWorkspaceId: workspaceId }).where(eq(users.id, userId));
}
