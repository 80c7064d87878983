import { createHmac } from 'node:crypto';
import * as oidc from 'openid-client';
import type { Config } from '../config/config';
import { AUTH_CALLBACK_PATH, COMPOSE_SCOPE, SHEETS_READONLY_SCOPE } from '@mergeboard/core';
import { GoogleGrantError } from './google-grant-error';

/** Where the built-in OpenID issuer is mounted inside the server. */
export const LOCAL_ISSUER_PATH = '/oidc';

const GOOGLE_ISSUER = 'https://accounts.google.com';
const SIGN_IN_SCOPE = 'openid email profile';
/**
 * Reading the person's own Gmail, where replies to their merges and Gmail's bounces arrive
 * (inbound/gmail-inbound.ts). Asked together with compose, with Google only: a sender who lets
 * Mergeboard write mail from their Gmail expects it to see what comes back, as YAMM and GMass do.
 * readonly, not modify: nothing in the mailbox is labelled or marked read; how far it was read
 * is kept in our own table (gmail_inbox_checks).
 */
export const GMAIL_READ_SCOPE = 'https://www.googleapis.com/auth/gmail.readonly';

/** What the browser must bring back with the code: kept in a signed, httpOnly cookie. */
export interface PendingAuthorization {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
  idToken: string;
  /**
   * The token response's `scope` named the Gmail compose scope (AUTH-019). A response without
   * `scope` counts as not granted: we only record what the provider says it granted.
   */
  composeGranted?: boolean;
  /**
   * Google only, when the compose or Sheets scope was granted: the tokens that let the server
   * write Gmail drafts or read Google Sheets later (kept sealed in google_grants). Never logged,
   * never answered to the browser.
   */
  googleGrant?: GoogleTokens;
}

/** Google's tokens for the Gmail API, as a token response (code or refresh grant) gave them. */
export interface GoogleTokens {
  accessToken: string;
  /** Absent when Google did not send a new one (it does on the first offline consent only). */
  refreshToken: string | null;
  accessTokenExpiresAt: Date;
  scope: string;
}

/** Google's access tokens last an hour; this is assumed when an answer does not say. */
const DEFAULT_ACCESS_TOKEN_SECONDS = 3600;

function googleTokensOf(
  tokens: { access_token: string; refresh_token?: string | undefined; scope?: string | undefined },
  expiresIn: number | undefined,
): GoogleTokens {
  return {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token ?? null,
    accessTokenExpiresAt: new Date(Date.now() + (expiresIn ?? DEFAULT_ACCESS_TOKEN_SECONDS) * 1000),
    scope: tokens.scope ?? '',
  };
}

/** Whether a token response's space-separated `scope` includes the Gmail compose scope. */
function grantsCompose(scope: string | undefined): boolean {
  return typeof scope === 'string' && scope.split(/\s+/).includes(COMPOSE_SCOPE);
}

/** Whether a token response's `scope` includes read access to Google Sheets. */
function grantsSheets(scope: string | undefined): boolean {
  return typeof scope === 'string' && scope.split(/\s+/).includes(SHEETS_READONLY_SCOPE);
}

export class SignInError extends Error {
  constructor(
    readonly code: 'invalid_grant' | 'provider_unavailable' | 'missing_email',
    message: string,
  ) {
    super(message);
  }
}

export function localClientCredentials(config: Config) {
  return {
    clientId: 'mergeboard-web',
    clientSecret: createHmac('sha256', config.SESSION_SECRET)
      .update('mergeboard:local-oidc-client')
      .digest('base64url'),
  };
}

export function redirectUri(config: Config): string {
  return `${config.publicUrl}${AUTH_CALLBACK_PATH}`;
}

export function localIssuerUrl(config: Config): string {
  return `${config.publicUrl}${LOCAL_ISSUER_PATH}`;
}

/**
 * The OpenID client, the same code for Google and for the built-in issuer: discovery, then
 * Authorization Code + PKCE with state and nonce, then the id-token checks (issuer, audience,
 * expiry, nonce) done by openid-client.
 */
export function createOpenIdClient(options: {
  config: Config;
  /** Where this process listens, so the built-in issuer is reached without leaving the machine. */
  internalOrigin: () => string;
  /** How to reach Google; tests put a stand-in for Google's servers here (the edge of the world). */
  fetch?: typeof fetch | undefined;
}) {
  const { config } = options;
  let discovered: Promise<oidc.Configuration> | null = null;

  const discover = () => {
    discovered ??= (async () => {
      if (config.signIn.provider === 'google') {
        const outbound = options.fetch;
        if (!outbound)
          return oidc.discovery(new URL(GOOGLE_ISSUER), config.signIn.clientId, config.signIn.clientSecret);
        const configuration = await oidc.discovery(
          new URL(GOOGLE_ISSUER),
          config.signIn.clientId,
          config.signIn.clientSecret,
          undefined,
          { [oidc.customFetch]: outbound },
        );
        configuration[oidc.customFetch] = outbound as never;
        return configuration;
      }
      const { clientId, clientSecret } = localClientCredentials(config);
      const issuer = localIssuerUrl(config);
      const configuration = await oidc.discovery(new URL(issuer), clientId, clientSecret, undefined, {
        execute: [oidc.allowInsecureRequests],
        [oidc.customFetch]: (url: string, init: RequestInit) =>
          fetch(url.replace(config.publicUrl, options.internalOrigin()), init),
      });
      // Token calls go to this process too, whatever PUBLIC_URL a proxy answers on.
      configuration[oidc.customFetch] = (url, init) =>
        fetch(url.replace(config.publicUrl, options.internalOrigin()), init as RequestInit);
      return configuration;
    })().catch((error: unknown) => {
      discovered = null;
      throw new SignInError(
        'provider_unavailable',
        `Sign-in provider unavailable: ${(error as Error).message}`,
      );
    });
    return discovered;
  };

  return {
    async startAuthorization(request: {
      prompt?: string;
      loginHint?: string;
      compose?: boolean;
      /** Google only: read access to the person's Google Sheets, asked on top (incrementally). */
      sheets?: boolean;
    }) {
      const sheets = request.sheets === true && config.signIn.provider === 'google';
      const inbox = request.compose === true && config.signIn.provider === 'google';
      const scopes = [
        SIGN_IN_SCOPE,
        ...(request.compose ? [COMPOSE_SCOPE] : []),
        ...(inbox ? [GMAIL_READ_SCOPE] : []),
        ...(sheets ? [SHEETS_READONLY_SCOPE] : []),
      ];
      const configuration = await discover();
      const pending: PendingAuthorization = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      const parameters: Record<string, string> = {
        redirect_uri: redirectUri(config),
        scope: scopes.join(' '),
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
        // The built-in issuer keeps a day-long session; without a prompt it would sign the browser
        // back in as the last address even after the user signed out here. Asking a signed-in user
        // for the compose scope is the exception: like Google, the issuer then only shows its
        // consent page for the session's account (the login hint must name that account, or the
        // sign-in page shows first).
        ...(request.prompt || (config.signIn.provider === 'local' && !request.compose)
          ? { prompt: request.prompt ?? 'select_account' }
          : {}),
        ...(request.loginHint ? { login_hint: request.loginHint } : {}),
        ...((request.compose || sheets) && config.signIn.provider === 'google'
          ? googleComposeParameters(request.prompt)
          : {}),
      };
      return { url: oidc.buildAuthorizationUrl(configuration, parameters).href, pending };
    },

    async finishAuthorization(
      callbackParams: { code: string; state: string; iss?: string | undefined },
      pending: PendingAuthorization,
    ): Promise<VerifiedIdentity> {
      const configuration = await discover();
      const callback = new URL(redirectUri(config));
      callback.searchParams.set('code', callbackParams.code);
      callback.searchParams.set('state', callbackParams.state);
      // RFC 9207: the provider names itself in the callback; openid-client compares it with the
      // discovered issuer. A client that drops it is still bound to our one provider by state.
      callback.searchParams.set('iss', callbackParams.iss ?? configuration.serverMetadata().issuer);
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(configuration, callback, {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        throw new SignInError(
          'invalid_grant',
          `The sign-in could not be completed: ${(error as Error).message}`,
        );
      }
      const claims = tokens.claims();
      if (!claims || typeof claims.email !== 'string' || !tokens.id_token) {
        throw new SignInError('missing_email', 'The sign-in provider did not share an e-mail address');
      }
      const composeGranted = grantsCompose(tokens.scope);
      // Google's tokens are kept when they serve an API we call: Gmail (compose) or Sheets.
      const keepsGrant = composeGranted || grantsSheets(tokens.scope);
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email: claims.email.toLowerCase(),
        emailVerified: claims.email_verified === true,
        name: typeof claims.name === 'string' ? claims.name : null,
        picture: typeof claims.picture === 'string' ? claims.picture : null,
        idToken: tokens.id_token,
        composeGranted,
        ...(keepsGrant && config.signIn.provider === 'google'
          ? { googleGrant: googleTokensOf(tokens, tokens.expiresIn()) }
          : {}),
      };
    },

    /**
     * Google only: a fresh access token for a kept grant, through openid-client's refresh grant
     * at Google's token endpoint with this client's credentials (and the same outbound fetch).
     */
    async refreshGoogleGrant(refreshToken: string): Promise<GoogleTokens> {
      if (config.signIn.provider !== 'google') {
        throw new GoogleGrantError('revoked', 'Only a Google sign-in keeps grants to refresh');
      }
      let configuration: oidc.Configuration;
      try {
        configuration = await discover();
      } catch (error) {
        throw new GoogleGrantError('unavailable', (error as Error).message);
      }
      let tokens: Awaited<ReturnType<typeof oidc.refreshTokenGrant>>;
      try {
        tokens = await oidc.refreshTokenGrant(configuration, refreshToken);
      } catch (error) {
        if (error instanceof oidc.ResponseBodyError && error.error === 'invalid_grant') {
          throw new GoogleGrantError('revoked', 'Google no longer accepts the kept grant (invalid_grant)');
        }
        const status = error instanceof oidc.ResponseBodyError ? ` (HTTP ${error.status})` : '';
        throw new GoogleGrantError('unavailable', `Google's token endpoint did not answer${status}`);
      }
      // An answer that names its scopes without any we use means the person withdrew them.
      if (tokens.scope !== undefined && !grantsCompose(tokens.scope) && !grantsSheets(tokens.scope)) {
        throw new GoogleGrantError('revoked', 'Google no longer grants the compose or Sheets scope');
      }
      return googleTokensOf(tokens, tokens.expiresIn());
    },

    /**
     * How this server reaches Google's APIs (the Gmail API): the fetch the sign-in uses, so tests
     * stand in for Google in one place.
     */
    googleFetch: ((input, init) => (options.fetch ?? fetch)(input, init)) as typeof fetch,
  };
}

/**
 * Google: asking for the compose scope also asks for offline access (a refresh token, so drafts
 * can be written after the hour the access token lives) and for the consent screen, because
 * Google sends a refresh token only when consent is given; we only ask for compose when we hold
 * no usable grant, so the consent screen is what the person expects then.
 */
function googleComposeParameters(prompt: string | undefined): Record<string, string> {
  const prompts = new Set((prompt ?? '').split(/\s+/).filter(Boolean));
  prompts.delete('none');
  prompts.add('consent');
  return { include_granted_scopes: 'true', access_type: 'offline', prompt: [...prompts].join(' ') };
}

export type OpenIdClient = ReturnType<typeof createOpenIdClient>;
