import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedPerDb } from '../db/prepared';
import { identities, sessions, users } from '../db/schema';

// Every authenticated request sends this: prepared once per database handle (db/prepared.ts).
const liveSessionQuery = preparedPerDb((db) =>
  db
    .select({ session: sessions, identity: identities, user: users })
    .from(sessions)
    .innerJoin(identities, eq(identities.id, sessions.identityId))
    .leftJoin(users, eq(users.id, identities.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare('mb_live_session'),
);

/** A live session with who holds it; null when revoked, expired or unknown. */
export async function findLiveSession(db: Db, sessionRowId: string) {
  const [row] = await liveSessionQuery(db).execute({ sessionId: sessionRowId });
  return row ?? null;
}
export type LiveSession = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>;
