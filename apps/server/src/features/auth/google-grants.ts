import { and, eq, isNull, notExists, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { googleGrants, identities } from '../../db/schema';
import { openSecret, sealSecret, type GrantKey } from '../../lib/grant-cipher';
import { GMAIL_READ_SCOPE, type GoogleTokens } from '../../access/openid-client';

/** Whether a token response's space-separated `scope` names gmail.readonly. */
const namesInboxRead = (scope: string) => scope.split(/\s+/).includes(GMAIL_READ_SCOPE);

/**
 * Keeps the tokens of a Google sign-in that granted the compose scope, sealed and bound to the
 * identity. A response without a refresh token (Google sends one on offline consent only) keeps
 * the one already held. The read grant follows what this response names: Google answers every
 * scope granted so far (include_granted_scopes), so a response without gmail.readonly means the
 * person left that box unticked or took it back.
 */
export async function saveGoogleGrant(
  tx: Db | Tx,
  key: GrantKey,
  identityId: string,
  tokens: GoogleTokens,
): Promise<void> {
  const values = {
    identityId,
    refreshToken: tokens.refreshToken === null ? null : sealSecret(key, tokens.refreshToken, identityId),
    accessToken: sealSecret(key, tokens.accessToken, identityId),
    accessTokenExpiresAt: tokens.accessTokenExpiresAt,
    scope: tokens.scope,
    inboxReadGrantedAt: namesInboxRead(tokens.scope) ? new Date() : null,
  };
  await tx
    .insert(googleGrants)
    .values(values)
    .onConflictDoUpdate({
      target: googleGrants.identityId,
      set: {
        refreshToken: sql`coalesce(excluded.refresh_token, ${googleGrants.refreshToken})`,
        accessToken: values.accessToken,
        accessTokenExpiresAt: values.accessTokenExpiresAt,
        scope: values.scope,
        inboxReadGrantedAt: values.inboxReadGrantedAt,
        updatedAt: new Date(),
      },
    });
}

/** A kept grant, opened. `sealedRefreshToken` names the version read, for a guarded clear. */
export interface OpenedGoogleGrant {
  refreshToken: string | null;
  /** Null when the stored value does not open (SESSION_SECRET changed, or the row was altered). */
  accessToken: string | null;
  accessTokenExpiresAt: Date;
  sealedRefreshToken: string | null;
}

export async function readGoogleGrant(
  db: Db,
  key: GrantKey,
  identityId: string,
): Promise<OpenedGoogleGrant | null> {
  const [row] = await db.select().from(googleGrants).where(eq(googleGrants.identityId, identityId)).limit(1);
  if (!row) return null;
  return {
    refreshToken: row.refreshToken === null ? null : openSecret(key, row.refreshToken, identityId),
    accessToken: openSecret(key, row.accessToken, identityId),
    accessTokenExpiresAt: row.accessTokenExpiresAt,
    sealedRefreshToken: row.refreshToken,
  };
}

/**
 * After a refresh: the new access token (and refresh token, when Google rotated it). Answers the
 * sealed refresh token now stored, for a later guarded clear.
 */
export async function storeRefreshedGoogleTokens(
  db: Db,
  key: GrantKey,
  identityId: string,
  tokens: GoogleTokens,
): Promise<{ sealedRefreshToken: string | null }> {
  const [row] = await db
    .update(googleGrants)
    .set({
      accessToken: sealSecret(key, tokens.accessToken, identityId),
      accessTokenExpiresAt: tokens.accessTokenExpiresAt,
      ...(tokens.refreshToken === null
        ? {}
        : { refreshToken: sealSecret(key, tokens.refreshToken, identityId) }),
      ...(tokens.scope ? { scope: tokens.scope } : {}),
      // A refresh never grants the read scope anew, but one that no longer names it ends it.
      ...(tokens.scope && !namesInboxRead(tokens.scope) ? { inboxReadGrantedAt: null } : {}),
      updatedAt: new Date(),
    })
    .where(eq(googleGrants.identityId, identityId))
    .returning({ sealedRefreshToken: googleGrants.refreshToken });
  return { sealedRefreshToken: row?.sealedRefreshToken ?? null };
}

/**
 * Forgets the compose grant of an identity (the kept tokens and the grant time) in one
 * transaction, so the next import is refused with compose_permission_required and asks again.
 * `readVersion` is the sealed refresh token that was found unusable: when a new sign-in has
 * replaced it meanwhile, that newer grant is left alone.
 */
export async function forgetGoogleGrant(
  db: Db,
  identityId: string,
  readVersion: { sealedRefreshToken: string | null } | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (readVersion) {
      const matches =
        readVersion.sealedRefreshToken === null
          ? isNull(googleGrants.refreshToken)
          : eq(googleGrants.refreshToken, readVersion.sealedRefreshToken);
      const removed = await tx
        .delete(googleGrants)
        .where(and(eq(googleGrants.identityId, identityId), matches))
        .returning({ identityId: googleGrants.identityId });
      if (removed.length === 0) return;
    }
    await tx
      .update(identities)
      .set({ composeGrantedAt: null })
      .where(
        and(
          eq(identities.id, identityId),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(googleGrants)
              .where(eq(googleGrants.identityId, identityId)),
          ),
        ),
      );
  });
}

/**
 * Forgets the read grant alone (Gmail refused to let the inbox be read): the sender's inbox is no
 * longer checked until a compose sign-in grants gmail.readonly again; sending and drafts go on.
 */
export async function forgetInboxReadGrant(db: Db, identityId: string): Promise<void> {
  await db
    .update(googleGrants)
    .set({ inboxReadGrantedAt: null, updatedAt: new Date() })
    .where(eq(googleGrants.identityId, identityId));
}
