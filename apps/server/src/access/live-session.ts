import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { identities, sessions, users } from '../db/schema';

/** A live session with who holds it; null when revoked, expired or unknown. */
export async function findLiveSession(db: Db, sessionRowId: string) {
  const [row] = await db
    .select({ session: sessions, identity: identities, user: users })
    .from(sessions)
    .innerJoin(identities, eq(identities.id, sessions.identityId))
    .leftJoin(users, eq(users.id, identities.userId))
    .where(and(eq(sessions.id, sessionRowId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  return row ?? null;
}
export type LiveSession = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>;
