import type { Db } from '../../db/client';
import {
  forgetGoogleGrant,
  readGoogleGrant,
  storeRefreshedGoogleTokens,
  type OpenedGoogleGrant,
} from './google-grants';
import { GoogleGrantError } from '../../access/google-grant-error';
import type { OpenIdClient } from '../../access/openid-client';
import type { TokenKeys } from '../../access/tokens';

/** The compose grant is gone (never kept, revoked, or refused by Google): the person must allow it again. */
export class ComposeGrantLost extends Error {}

/** Google could not be reached or answered with an error a later retry may cure. */
export class GoogleUnavailable extends Error {}

/** An access token is used only while it has this much life left; else it is refreshed first. */
const EXPIRY_MARGIN_MS = 60_000;

/**
 * The Google credentials of one identity for calling a Google API (Gmail) on the person's behalf,
 * from the grant a compose sign-in left (google_grants). A refresh goes to Google's token
 * endpoint through the sign-in's OpenID client; a grant Google no longer honours is forgotten
 * together with the identity's compose grant, so the next import asks for it again (TPL-004).
 */
export interface GoogleAccess {
  /** How to reach Google's APIs (the sign-in's outbound fetch; tests stand in for Google there). */
  readonly fetch: typeof fetch;
  /** The kept access token while it lives, else a refreshed one (`refreshed` says which). */
  accessToken(): Promise<{ token: string; refreshed: boolean }>;
  /** A new access token from the refresh token, whatever the kept one's expiry. */
  refresh(): Promise<string>;
  /** Forgets the grant (Google refused it); the next import is asked for the compose scope. */
  forget(): Promise<void>;
}

export function googleAccessFor(
  context: { db: Db; keys: TokenKeys; signIn: OpenIdClient },
  identityId: string,
): GoogleAccess {
  const { db, keys, signIn } = context;
  let read: Promise<OpenedGoogleGrant | null> | null = null;
  const grant = () => (read ??= readGoogleGrant(db, keys.grants, identityId));

  async function lose(found: OpenedGoogleGrant | null, why: string): Promise<never> {
    await forgetGoogleGrant(db, identityId, found);
    throw new ComposeGrantLost(why);
  }

  async function refresh(): Promise<string> {
    const found = await grant();
    if (!found) return lose(null, 'No Google grant is kept for this sign-in');
    if (!found.refreshToken) return lose(found, 'Google sent no refresh token for this grant');
    let tokens;
    try {
      tokens = await signIn.refreshGoogleGrant(found.refreshToken);
    } catch (error) {
      if (error instanceof GoogleGrantError && error.reason === 'revoked') return lose(found, error.message);
      throw new GoogleUnavailable(
        error instanceof GoogleGrantError ? error.message : "Google's token endpoint could not be reached",
      );
    }
    const stored = await storeRefreshedGoogleTokens(db, keys.grants, identityId, tokens);
    read = Promise.resolve({
      ...found,
      accessToken: tokens.accessToken,
      accessTokenExpiresAt: tokens.accessTokenExpiresAt,
      refreshToken: tokens.refreshToken ?? found.refreshToken,
      sealedRefreshToken: stored.sealedRefreshToken,
    });
    return tokens.accessToken;
  }

  return {
    fetch: signIn.googleFetch,
    async accessToken() {
      const found = await grant();
      if (!found) return lose(null, 'No Google grant is kept for this sign-in');
      if (found.accessToken && found.accessTokenExpiresAt.getTime() - Date.now() > EXPIRY_MARGIN_MS) {
        return { token: found.accessToken, refreshed: false };
      }
      return { token: await refresh(), refreshed: true };
    },
    refresh,
    async forget() {
      await forgetGoogleGrant(db, identityId, await grant());
    },
  };
}

/**
 * A call to a Google API with the person's grant: made with the kept access token; refused (401),
 * the token is refreshed and the call made once more; refused again, the grant is forgotten
 * (ComposeGrantLost). Any other answer is the caller's to read.
 */
export async function callWithGrant(
  access: GoogleAccess,
  call: (token: string) => Promise<Response>,
): Promise<Response> {
  const first = await access.accessToken();
  let response = await call(first.token);
  if (response.status === 401 && !first.refreshed) {
    await response.body?.cancel();
    response = await call(await access.refresh());
  }
  if (response.status === 401) {
    await response.body?.cancel();
    await access.forget();
    throw new ComposeGrantLost('Google refused the refreshed access token');
  }
  return response;
}

/** The reasons of a Google API error answer (its `errors` and `details`); none without such a body. */
export async function refusalReasons(response: Response): Promise<string[]> {
  const body = (await response.json().catch(() => null)) as {
    error?: { errors?: { reason?: unknown }[]; details?: { reason?: unknown }[] };
  } | null;
  return [...(body?.error?.errors ?? []), ...(body?.error?.details ?? [])]
    .map((entry) => entry.reason)
    .filter((reason): reason is string => typeof reason === 'string');
}
