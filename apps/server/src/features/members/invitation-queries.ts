import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invitations, memberships, users, workspaces } from '../../db/schema';

/** The addresses among `emails` with a pending invitation to the space. */
export async function pendingInvitationEmails(db: Db, workspaceId: string, emails: readonly string[]) {
  if (emails.length === 0) return new Set<string>();
  const rows = await db
    .select({ email: invitations.email })
    .from(invitations)
    .where(
      and(
        eq(invitations.workspaceId, workspaceId),
        eq(invitations.status, 'PENDING'),
        inArray(invitations.email, [...emails]),
      ),
    );
  return new Set(rows.map((row) => row.email));
}

export async function insertInvitations(db: Db, rows: (typeof invitations.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(invitations).values(rows);
}

/** Cancels the pending invitations of these addresses to the space: their links stop working. */
export async function cancelPendingInvitations(db: Db, workspaceId: string, emails: readonly string[]) {
  if (emails.length === 0) return;
  await db
    .update(invitations)
    .set({ status: 'CANCELED', updatedAt: new Date() })
    .where(
      and(
        eq(invitations.workspaceId, workspaceId),
        eq(invitations.status, 'PENDING'),
        inArray(invitations.email, [...emails]),
      ),
    );
}

/** The space an invitation token leads to, read without a lock (to lock the space first). */
export async function invitationSpace(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ workspaceId: invitations.workspaceId })
    .from(invitations)
    .where(eq(invitations.tokenHash, tokenHash));
  return row?.workspaceId ?? null;
}

/** The invitation of a token (hashed), with its space's name, locked until the transaction ends. */
export async function lockInvitation(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ invitation: invitations, workspaceName: workspaces.name })
    .from(invitations)
    .innerJoin(workspaces, eq(workspaces.id, invitations.workspaceId))
    .where(eq(invitations.tokenHash, tokenHash))
    .for('update', { of: invitations });
  return row ?? null;
}

/**
 * An invitation by its token (hashed) as its link's holder may see it: the space's name, who
 * invited (null when that account is gone) and whether the link still works.
 */
export async function invitationPreview(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      workspaceName: workspaces.name,
      email: invitations.email,
      inviterName: users.name,
      inviterEmail: users.email,
      active: sql<boolean>`${invitations.status} = 'PENDING' AND ${invitations.expiresAt} > now()`,
    })
    .from(invitations)
    .innerJoin(workspaces, eq(workspaces.id, invitations.workspaceId))
    .leftJoin(users, eq(users.id, invitations.invitedByUserId))
    .where(eq(invitations.tokenHash, tokenHash));
  return row ?? null;
}

export async function membershipOf(db: Db, workspaceId: string, userId: string) {
  const [row] = await db
    .select({ id: memberships.id, status: memberships.status, userPlan: memberships.userPlan })
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

/** The pending member joins: their membership becomes ACTIVE and their seat an added one (MEM-029). */
export async function activatePendingMembership(db: Db, membershipId: string) {
  await db
    .update(memberships)
    .set({ status: 'ACTIVE', seatType: 'ADDED_YAMM_USER', updatedAt: new Date() })
    .where(eq(memberships.id, membershipId));
}

export async function insertMember(db: Db, workspaceId: string, userId: string) {
  await db.insert(memberships).values({ workspaceId, userId, role: 'MEMBER', userPlan: 'FREE' });
}

/** The space a person sends from. */
export async function setSendingSpace(db: Db, userId: string, workspaceId: string) {
  await db.update(users).set({ addonWorkspaceId: workspaceId }).where(eq(users.id, userId));
}
