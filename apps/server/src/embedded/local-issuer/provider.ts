import type { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import Provider, { interactionPolicy, type Configuration, type JWKS } from 'oidc-provider';
import type { Database } from '../../db/client';
import { findLocalAccount, subjectForEmail } from './accounts';
import { databaseAdapterFactory } from './adapter';
import { COMPOSE_SCOPE } from './constants';
import { cookieKeys, type SigningKeys } from './keys';
import { errorPage } from './pages';

interface LocalProviderOptions {
  database: Database;
  issuerUrl: string;
  client: { clientId: string; clientSecret: string; redirectUris: string[] };
  productName: string;
  secret: string;
  signingKeys: SigningKeys;
  log: FastifyBaseLogger;
}

/** Lifetimes in seconds: a sign-in is a short, one-off trip through these pages. */
const TTL = {
  Interaction: 10 * 60,
  AuthorizationCode: 60,
  Session: 24 * 60 * 60,
  Grant: 24 * 60 * 60,
  AccessToken: 10 * 60,
  IdToken: 10 * 60,
} as const;

/**
 * The default policy (login, then consent) with `select_account` in front, so a client that
 * asks for `prompt=select_account` — as our sign-in does, like Google's — always gets the sign-in
 * page instead of silently reusing the issuer's session. `prompt=login` already does that.
 *
 * A request without a prompt (the app asking a signed-in person for the compose scope) reuses
 * the issuer's session only for the account its `login_hint` names: the subject of an address is
 * derived from it, so another session's account gets the sign-in page (pre-filled) instead.
 */
function interactionPolicyWithAccountSelection() {
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }), 0);
  const { Check } = interactionPolicy;
  policy.get('login')?.checks.add(
    new Check('login_hint_other_account', 'login_hint names another account than the session', (ctx) => {
      const hint = ctx.oidc.params?.login_hint;
      const accountId = ctx.oidc.session?.accountId;
      // Signed in just now on the page (whatever address was typed): nothing more to ask.
      if (typeof hint !== 'string' || !accountId || ctx.oidc.result?.login) return Check.NO_NEED_TO_PROMPT;
      return subjectForEmail(hint) === accountId ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT;
    }),
  );
  return policy;
}

export function issuerPath(issuerUrl: string): string {
  return new URL(issuerUrl).pathname.replace(/\/$/, '');
}

export function createLocalProvider(options: LocalProviderOptions): Provider {
  const { database, client, productName, log } = options;
  const secure = new URL(options.issuerUrl).protocol === 'https:';
  const basePath = issuerPath(options.issuerUrl);

  const configuration: Configuration = {
    adapter: databaseAdapterFactory(database),
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: client.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile', COMPOSE_SCOPE],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'picture'],
    },
    // The app reads e-mail and name from the id token, as it does Google's.
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      revocation: { enabled: false },
      introspection: { enabled: false },
    },
    ttl: TTL,
    cookies: {
      keys: cookieKeys(options.secret),
      // Prefixed so they never collide with the app's own cookies on the same origin.
      names: { session: 'mb_oidc_session', interaction: 'mb_oidc_interaction', resume: 'mb_oidc_resume' },
      long: { httpOnly: true, sameSite: 'lax', secure, path: basePath || '/' },
      short: { httpOnly: true, sameSite: 'lax', secure },
    },
    jwks: { keys: options.signingKeys.keys } as JWKS,
    async findAccount(_ctx, sub) {
      const account = await findLocalAccount(database, sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: account.email,
          // The address is taken as typed: local sign-in vouches for it the way Google would
          // (the sign-in page warns that this only suits a private install).
          email_verified: true,
          name: account.name,
        }),
      };
    },
    interactions: {
      policy: interactionPolicyWithAccountSelection(),
      url: (_ctx, interaction) => `${basePath}/interaction/${interaction.uid}`,
    },
    // Nothing calls the issuer from a browser script; the app's server talks to it directly.
    clientBasedCORS: () => false,
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.set('cache-control', 'no-store');
      ctx.body = errorPage({
        productName,
        title: 'Sign-in could not continue',
        message: out.error_description ?? out.error,
      });
    },
  };

  const provider = new Provider(options.issuerUrl, configuration);
  // Requests reach the provider with X-Forwarded-Proto/Host set from the issuer URL (see
  // index.ts), so every URL it writes — and the Secure flag of its cookies — follows the issuer.
  provider.proxy = true;
  provider.on('server_error', (_ctx, error: Error) => log.error({ err: error }, 'local issuer error'));
  // Koa's own 'error' event, for anything that escapes oidc-provider's handlers.
  const koa: EventEmitter = provider;
  koa.on('error', (error: Error) => log.error({ err: error }, 'local issuer error'));
  return provider;
}
