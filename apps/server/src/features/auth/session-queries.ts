import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { GrantKey } from '../../lib/grant-cipher';
import { saveGoogleGrant } from './google-grants';
import type { VerifiedIdentity } from '../../access/openid-client';
import { identities, sessions, users } from '../../db/schema';
import { isInviteeOnly } from '../users';

export const COOKIE_SESSION_DAYS = 36;

export async function findSessionByHash(db: Db, tokenHash: string) {
  const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
  return row ?? null;
}

/**
 * Records who signed in, by (issuer, subject). The first sign-in of an address that already has
 * an account (created by the demo data, say) links to it when the provider vouches for the
 * address; a users row that only stands for invitations is no account and is not linked. From
 * then on the subject alone identifies the person. A token response that granted the compose
 * scope records when (AUTH-019); one that did not leaves an earlier grant. With Google, such a
 * response also leaves the tokens needed to write Gmail drafts.
 */
export async function upsertIdentity(db: Db, claims: Omit<VerifiedIdentity, 'idToken'>, grantKey?: GrantKey) {
  const now = new Date();
  const composeGrant = claims.composeGranted ? { composeGrantedAt: now } : {};
  return db.transaction(async (tx) => {
    const [identity] = await tx
      .insert(identities)
      .values({
        issuer: claims.issuer,
        subject: claims.subject,
        email: claims.email,
        name: claims.name,
        pictureUrl: claims.picture,
        lastLoginAt: now,
        ...composeGrant,
      })
      .onConflictDoUpdate({
        target: [identities.issuer, identities.subject],
        set: {
          email: claims.email,
          name: claims.name,
          pictureUrl: claims.picture,
          lastLoginAt: now,
          ...composeGrant,
        },
      })
      .returning();
    // Google's tokens for Gmail drafts are kept with the grant they came with, in the same
    // transaction (sealed; see google-grants.ts).
    if (claims.googleGrant) {
      if (!grantKey) throw new Error('A Google grant needs the grant key to be kept');
      await saveGoogleGrant(tx, grantKey, identity!.id, claims.googleGrant);
    }
    if (identity!.userId || !claims.emailVerified) return identity!;
    const [owner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, claims.email))
      .limit(1);
    // Someone only added or invited has no account yet: they create it (users/createAccount).
    if (!owner || (await isInviteeOnly(tx, owner.id))) return identity!;
    const [alreadyLinked] = await tx
      .select({ id: identities.id })
      .from(identities)
      .where(and(eq(identities.userId, owner.id), eq(identities.issuer, claims.issuer)))
      .limit(1);
    if (alreadyLinked) return identity!;
    const [linked] = await tx
      .update(identities)
      .set({ userId: owner.id })
      .where(eq(identities.id, identity!.id))
      .returning();
    return linked!;
  });
}

export async function insertSession(
  db: Db,
  values: {
    identityId: string;
    tokenHash: string;
    idToken: string;
    expiresAt: Date;
    userAgent: string | null;
  },
) {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

export async function touchSession(db: Db, sessionRowId: string) {
  await db.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, sessionRowId));
}

export async function revokeSessionRow(db: Db, sessionRowId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionRowId), isNull(sessions.revokedAt)));
}
