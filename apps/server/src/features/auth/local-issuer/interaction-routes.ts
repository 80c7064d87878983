import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { errors, type InteractionResults } from 'oidc-provider';
import type { Database } from '../../../db/client';
import { saveLocalAccount, validateSignIn } from './accounts';
import { errorPage, signInPage } from './pages';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

/** Prompts answered by the sign-in page; `consent` is granted without a page. */
const SIGN_IN_PROMPTS = new Set(['select_account', 'login']);

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';
const FORM_BODY_LIMIT_BYTES = 16 * 1024;

export interface InteractionRoutesOptions {
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

/**
 * Our own client is first-party: whatever it asks for is granted without a consent screen (the
 * Gmail scope included — the local issuer has no mailbox to protect).
 */
async function grantRequested(
  provider: Provider,
  interaction: Interaction,
  accountId: string,
): Promise<string> {
  const clientId = String(interaction.params.client_id);
  const existing =
    interaction.grantId && interaction.session?.accountId === accountId
      ? await provider.Grant.find(interaction.grantId)
      : undefined;
  const grant = existing ?? new provider.Grant({ accountId, clientId });
  if (typeof interaction.params.scope === 'string') grant.addOIDCScope(interaction.params.scope);
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

function formField(body: unknown, key: string): string {
  if (typeof body !== 'object' || body === null) return '';
  const value = (body as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : '';
}

export async function interactionRoutes(scope: FastifyInstance, options: InteractionRoutesOptions) {
  const { provider, database, productName, basePath } = options;
  const loginAction = (uid: string) => `${basePath}/interaction/${encodeURIComponent(uid)}/login`;
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
    scope.addContentTypeParser(
      FORM_CONTENT_TYPE,
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
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
    if (interaction.prompt.name === 'consent' && accountId) {
      const grantId = await grantRequested(provider, interaction, accountId);
      const result: InteractionResults = { consent: { grantId } };
      const returnTo = await provider.interactionResult(request.raw, reply.raw, result);
      return reply.redirect(returnTo, 303);
    }
    return expired(reply);
  });

  scope.post<{ Params: { uid: string } }>('/interaction/:uid/login', async (request, reply) => {
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
    // Login and consent in one step: the grant covers what the client asked for.
    const grantId = await grantRequested(provider, interaction, account.subject);
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
}
