import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedPerDb } from '../db/prepared';
import { identities, sessions, users } from '../db/schema';

/** The session of the `sessionId` placeholder, while it is neither revoked nor expired. */
const isLive = and(
  eq(sessions.id, sql.placeholder('sessionId')),
  isNull(sessions.revokedAt),
  gt(sessions.expiresAt, sql`now()`),
);

// Refresh and revoke send this: prepared once per database handle (db/prepared.ts).
const liveSessionQuery = preparedPerDb((db) =>
  db
    .select({ session: sessions, identity: identities, user: users })
    .from(sessions)
    .innerJoin(identities, eq(identities.id, sessions.identityId))
    .leftJoin(users, eq(users.id, identities.userId))
    .where(isLive)
    .limit(1)
    .prepare('mb_live_session'),
);

// Every authenticated request sends this one: the same check, but only the session columns a
// request needs — not the session's id token nor its secret's hash, which refresh and revoke read
// (findLiveSession) and which no handler should hold.
const requestSessionQuery = preparedPerDb((db) =>
  db
    .select({
      session: { id: sessions.id, expiresAt: sessions.expiresAt },
      identity: identities,
      user: users,
    })
    .from(sessions)
    .innerJoin(identities, eq(identities.id, sessions.identityId))
    .leftJoin(users, eq(users.id, identities.userId))
    .where(isLive)
    .limit(1)
    .prepare('mb_request_session'),
);

/** The live session behind a request's access token, with who holds it; null when revoked, expired or unknown. */
export async function findRequestSession(db: Db, sessionRowId: string) {
  const [row] = await requestSessionQuery(db).execute({ sessionId: sessionRowId });
  return row ?? null;
}
export type RequestSession = NonNullable<Awaited<ReturnType<typeof findRequestSession>>>;

/** A live session with who holds it; null when revoked, expired or unknown. */
export async function findLiveSession(db: Db, sessionRowId: string) {
  const [row] = await liveSessionQuery(db).execute({ sessionId: sessionRowId });
  return row ?? null;
}
