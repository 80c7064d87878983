import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { errors, type InteractionResults } from 'oidc-provider';
import type { Database } from '../../db/client';
import { signInFormRouteConfig } from '../../features/auth';
import { findLocalAccount, saveLocalAccount, validateSignIn } from './accounts';
import { COMPOSE_SCOPE } from './constants';
import { consentPage, errorPage, signInPage } from './pages';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

/**
 * Prompts answered by the sign-in page; `consent` is granted without a page, except for the
 * Gmail compose scope, which the consent page asks for (AUTH-019).
 */
const SIGN_IN_PROMPTS = new Set(['select_account', 'login']);

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';
const FORM_BODY_LIMIT_BYTES = 16 * 1024;

interface InteractionRoutesOptions {
  provider: Provider;
  database: Database;
  productName: string;
  /** The issuer URL's path ('/oidc'), which the browser sees. */
  basePath: string;
}

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

/**
 * The interaction whose cookie the browser brings, if it is the one in the URL and still alive;
 * oidc-provider keys interactions by cookie, the path only says which page to show.
 */
async function currentInteraction(
  provider: Provider,
  request: FastifyRequest<{ Params: { uid: string } }>,
  reply: FastifyReply,
): Promise<Interaction | undefined> {
  try {
    const interaction = await provider.interactionDetails(request.raw, reply.raw);
    return interaction.uid === request.params.uid ? interaction : undefined;
  } catch (error) {
    if (error instanceof errors.SessionNotFound) return undefined;
    throw error;
  }
}

function requestedScopes(interaction: Interaction): string[] {
  const scope = interaction.params.scope;
  return typeof scope === 'string' ? scope.split(' ').filter(Boolean) : [];
}

/**
 * Our own client is first-party: the sign-in scopes it asks for are granted without a consent
 * screen. The Gmail compose scope only with `compose` — the person's answer on the consent page —
 * or when an earlier grant of this account already holds it.
 */
async function grantRequested(
  provider: Provider,
  interaction: Interaction,
  accountId: string,
  { compose }: { compose: boolean },
): Promise<string> {
  const clientId = String(interaction.params.client_id);
  const existing =
    interaction.grantId && interaction.session?.accountId === accountId
      ? await provider.Grant.find(interaction.grantId)
      : undefined;
  const grant = existing ?? new provider.Grant({ accountId, clientId });
  const scopes = requestedScopes(interaction).filter((scope) => compose || scope !== COMPOSE_SCOPE);
  if (scopes.length > 0) grant.addOIDCScope(scopes.join(' '));
  const { missingOIDCClaims, missingResourceScopes } = interaction.prompt.details;
  if (Array.isArray(missingOIDCClaims)) grant.addOIDCClaims(missingOIDCClaims as string[]);
  if (missingResourceScopes && typeof missingResourceScopes === 'object') {
    for (const [indicator, scopes] of Object.entries(missingResourceScopes as Record<string, string[]>)) {
      grant.addResourceScope(indicator, scopes.join(' '));
    }
  }
  return grant.save();
}

/**
 * Signing in as someone other than the issuer's current session would make oidc-provider ask
 * to log the old account out first (an auto-submitting page our CSP blocks). Switching address
 * is the point of this page, so the old issuer session simply ends here.
 */
async function forgetOtherAccount(provider: Provider, interaction: Interaction, accountId: string) {
  const session = interaction.session;
  if (!session || session.accountId === accountId) return;
  const previous = await provider.Session.find(session.cookie);
  await previous?.destroy();
  interaction.session = undefined;
  interaction.grantId = undefined;
  await interaction.persist();
}

/** The consent prompt is asking for the compose scope (not yet in this account's grant). */
function asksForCompose(interaction: Interaction): boolean {
  if (interaction.prompt.name !== 'consent') return false;
  const missing = interaction.prompt.details.missingOIDCScope;
  return Array.isArray(missing) && missing.includes(COMPOSE_SCOPE);
}

function formField(body: unknown, key: string): string {
  if (typeof body !== 'object' || body === null) return '';
  const value = (body as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : '';
}

export async function interactionRoutes(scope: FastifyInstance, options: InteractionRoutesOptions) {
  const { provider, database, productName, basePath } = options;
  const loginAction = (uid: string) => `${basePath}/interaction/${encodeURIComponent(uid)}/login`;
  const consentAction = (uid: string) => `${basePath}/interaction/${encodeURIComponent(uid)}/consent`;
  const expired = (reply: FastifyReply) =>
    sendHtml(
      reply,
      400,
      errorPage({
        productName,
        title: 'This sign-in has expired',
        message: `Sign-in pages are valid for 10 minutes and in the browser that opened them. Go back to ${productName} and sign in again.`,
      }),
    );

  // Browsers post the sign-in form url-encoded; the rest of the app has no use for that type.
  if (!scope.hasContentTypeParser(FORM_CONTENT_TYPE)) {
    scope.addContentTypeParser(FORM_CONTENT_TYPE, { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
  }

  scope.get<{ Params: { uid: string } }>('/interaction/:uid', async (request, reply) => {
    const interaction = await currentInteraction(provider, request, reply);
    if (!interaction) return expired(reply);

    if (SIGN_IN_PROMPTS.has(interaction.prompt.name)) {
      const loginHint = interaction.params.login_hint;
      return sendHtml(
        reply,
        200,
        signInPage({
          productName,
          action: loginAction(interaction.uid),
          email: typeof loginHint === 'string' ? loginHint : '',
          name: '',
        }),
      );
    }

    const accountId = interaction.session?.accountId;
    if (interaction.prompt.name === 'consent' && accountId && asksForCompose(interaction)) {
      const account = await findLocalAccount(database, accountId);
      if (!account) return expired(reply);
      return sendHtml(
        reply,
        200,
        consentPage({ productName, action: consentAction(interaction.uid), email: account.email }),
      );
    }
    if (interaction.prompt.name === 'consent' && accountId) {
      const grantId = await grantRequested(provider, interaction, accountId, { compose: false });
      const result: InteractionResults = { consent: { grantId } };
      const returnTo = await provider.interactionResult(request.raw, reply.raw, result);
      return reply.redirect(returnTo, 303);
    }
    return expired(reply);
  });

  // Typing addresses is the whole sign-in here: limited like the API's sign-in calls.
  const limited = { config: signInFormRouteConfig, bodyLimit: FORM_BODY_LIMIT_BYTES };

  scope.post<{ Params: { uid: string } }>('/interaction/:uid/login', limited, async (request, reply) => {
    const interaction = await currentInteraction(provider, request, reply);
    if (!interaction || !SIGN_IN_PROMPTS.has(interaction.prompt.name)) return expired(reply);

    const input = { email: formField(request.body, 'email'), name: formField(request.body, 'name') };
    const validation = validateSignIn(input);
    if (!validation.ok) {
      return sendHtml(
        reply,
        400,
        signInPage({
          productName,
          action: loginAction(interaction.uid),
          ...input,
          error: { field: validation.field, message: validation.message },
        }),
      );
    }

    const { account } = validation;
    await saveLocalAccount(database, account);
    await forgetOtherAccount(provider, interaction, account.subject);
    // Login and consent in one step: the grant covers the sign-in scopes the client asked for. A
    // compose scope still missing makes the issuer come back with the consent page.
    const grantId = await grantRequested(provider, interaction, account.subject, { compose: false });
    const result: InteractionResults = {
      select_account: {},
      login: { accountId: account.subject, remember: true },
      consent: { grantId },
    };
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: false,
    });
    return reply.redirect(returnTo, 303);
  });

  scope.post<{ Params: { uid: string } }>('/interaction/:uid/consent', limited, async (request, reply) => {
    const interaction = await currentInteraction(provider, request, reply);
    const accountId = interaction?.session?.accountId;
    if (!interaction || !accountId || !asksForCompose(interaction)) return expired(reply);

    const decision = formField(request.body, 'decision');
    const result: InteractionResults =
      decision === 'allow'
        ? { consent: { grantId: await grantRequested(provider, interaction, accountId, { compose: true }) } }
        : // Denied (or an unknown answer): the client gets error=access_denied at its redirect URI.
          {
            error: 'access_denied',
            error_description: `Permission to compose mail was not given to ${productName}`,
          };
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result);
    return reply.redirect(returnTo, 303);
  });
}
