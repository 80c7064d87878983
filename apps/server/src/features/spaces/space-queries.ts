import { and, count, eq, sql } from 'drizzle-orm';
import { slugify, type Role } from '@mergeboard/core';
import type { Db } from '../../db/client';
import { auditEvents, memberships, users, workspaceDomains, workspaces } from '../../db/schema';

/**
 * Ownership changes of one person take turns: lock that user's row, then count. Creating a space
 * and receiving one by transfer both go through here, so nobody ends up owning more than five.
 */
export async function lockAndCountOwned(db: Db, userId: string): Promise<number> {
  await db.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
  const [row] = await db
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.role, 'OWNER')));
  return row?.n ?? 0;
}

/** Who did what to a space (audit_events), in the transaction of the change. */
export function insertSpaceAudit(
  db: Db,
  event: { workspaceId: string | null; actorUserId: string; action: string; data?: Record<string, unknown> },
) {
  return db.insert(auditEvents).values({
    workspaceId: event.workspaceId,
    actorUserId: event.actorUserId,
    action: event.action,
    targetType: 'workspace',
    targetId: event.workspaceId,
    data: event.data ?? {},
  });
}

/** A FREE space owned by `ownerUserId`; answers its id. */
export async function insertSpace(
  db: Db,
  space: { ownerUserId: string; name: string; memberInviteUser: boolean },
): Promise<string> {
  const [row] = await db
    .insert(workspaces)
    .values({
      name: space.name,
      slug: slugify(space.name),
      plan: 'FREE',
      memberInviteUser: space.memberInviteUser,
    })
    .returning({ id: workspaces.id });
  await db
    .insert(memberships)
    .values({ workspaceId: row!.id, userId: space.ownerUserId, role: 'OWNER', userPlan: 'FREE' });
  return row!.id;
}

/** What API-010 may change in a space; a field left undefined stays as it is. */
export interface SpaceChanges {
  name?: string | undefined;
  memberInviteUser?: boolean | undefined;
  trackOpensDefault?: boolean | undefined;
  trackClicksDefault?: boolean | undefined;
}

export async function updateSpaceRow(db: Db, workspaceId: string, changes: SpaceChanges) {
  const { name, ...flags } = changes;
  await db
    .update(workspaces)
    .set({
      ...(name !== undefined ? { name, slug: slugify(name) } : {}),
      ...Object.fromEntries(Object.entries(flags).filter(([, value]) => value !== undefined)),
      updatedAt: new Date(),
    })
    .where(eq(workspaces.id, workspaceId));
}

export async function deleteSpaceRow(db: Db, workspaceId: string) {
  await db.delete(workspaces).where(eq(workspaces.id, workspaceId));
}

/** Locks the space row, so two ownership transfers of one space take turns. */
export async function lockSpace(db: Db, workspaceId: string) {
  await db.execute(sql`SELECT id FROM workspaces WHERE id = ${workspaceId} FOR UPDATE`);
}

export async function roleIn(db: Db, workspaceId: string, userId: string): Promise<Role | null> {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)));
  return row?.role ?? null;
}

/** A member as a transfer's new owner: what decides whether they can own the space, and their address. */
export async function findTransferTarget(db: Db, workspaceId: string, userId: string) {
  const [row] = await db
    .select({
      role: memberships.role,
      status: memberships.status,
      seatType: memberships.seatType,
      email: users.email,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)));
  return row ?? null;
}

export async function setRole(db: Db, workspaceId: string, userId: string, role: Role) {
  await db
    .update(memberships)
    .set({ role, updatedAt: new Date() })
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)));
}

export async function ownerEmailOf(db: Db, workspaceId: string): Promise<string> {
  const [owner] = await db
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.role, 'OWNER')))
    .limit(1);
  return owner?.email ?? '';
}

export function domainsOf(db: Db, workspaceId: string) {
  return db
    .select({ domainName: workspaceDomains.domainName })
    .from(workspaceDomains)
    .where(eq(workspaceDomains.workspaceId, workspaceId));
}

export async function memberCountOf(db: Db, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(memberships)
    .where(eq(memberships.workspaceId, workspaceId));
  return row?.n ?? 0;
}
