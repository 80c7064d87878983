import { z } from 'zod';
import type { ErrorCode } from '../http/error';
import { defineContract } from '../contracts/contract';
import { API_BASES } from '../contracts/api-bases';
import { safeText, text } from '../contracts/text';

const base = API_BASES.auth;

/** AUTH-020 / API-040: what every successful auth call answers. */
export const authSessionSchema = z
  .object({
    accessToken: z.string().describe('Short-lived bearer token for every other call'),
    idToken: z.string().describe("The identity provider's OpenID id token"),
    backendIdToken: z.string().describe('Our own signed id token (sent as X-ID-Token where asked)'),
    sessionId: z.string().describe('Opaque session id (256 random bits); used to refresh and revoke'),
    expiresAt: z.number().int().describe('When accessToken expires, in epoch milliseconds'),
  })
  .meta({ id: 'AuthSession' });
export type AuthSession = z.infer<typeof authSessionSchema>;

const sessionIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'sessionId must be the 43-character id the token call answered');

/** Where the browser goes to sign in: our server builds the OpenID request (state, nonce, PKCE). */
export const authorizeQuerySchema = z.object({
  prompt: z.enum(['select_account', 'consent', 'login']).optional(),
  loginHint: z.email().optional(),
  /** Incremental consent: ask for the mail compose scope on top of the sign-in scopes (AUTH-019). */
  compose: z.enum(['0', '1']).optional(),
  /** Incremental consent: ask for read access to Google Sheets (linking a sheet as a spreadsheet). */
  sheets: z.enum(['0', '1']).optional(),
});

/** The Gmail scope behind AUTH-019: composing mail (drafts) in the user's mailbox. */
export const COMPOSE_SCOPE = 'https://www.googleapis.com/auth/gmail.compose';

/**
 * AUTH-019 / TPL-004: the error code of a call that needs the compose scope when the caller's
 * sign-in has not granted it (status 403, nothing written). The web answers it by asking for the
 * scope: `authorize` with `compose=1`.
 */
export const COMPOSE_PERMISSION_REQUIRED = 'compose_permission_required' satisfies ErrorCode;

export const composePermissionRequiredSchema = z
  .object({
    error: z.object({
      code: z.literal(COMPOSE_PERMISSION_REQUIRED),
      message: z.string().describe('Says that permission to compose mail is needed and how to give it'),
    }),
  })
  .meta({ id: 'ComposePermissionRequired' });

export const authorize = defineContract({
  method: 'GET',
  path: `${base}/v1/auth/authorize`,
  summary:
    'Start sign-in: redirects (302) to the OpenID provider with state, nonce and PKCE bound to this browser',
  tags: ['auth'],
  query: authorizeQuerySchema,
  response: z.null(),
  successStatus: 302,
});

/** The OpenID provider sends the browser back here (an SPA route) with `code` and `state`. */
export const AUTH_CALLBACK_PATH = '/login/callback';

export const exchangeToken = defineContract({
  method: 'POST',
  path: `${base}/v1/auth/token`,
  summary: 'Exchange the OpenID authorization code for a session (API-040)',
  tags: ['auth'],
  body: z.object({
    code: text().min(1, 'code is required'),
    state: text().min(1, 'state is required'),
    iss: z
      .url()
      .check(safeText)
      .optional()
      .describe('The `iss` parameter of the callback, when the provider sends one (RFC 9207)'),
  }),
  response: authSessionSchema,
});

export const refreshToken = defineContract({
  method: 'POST',
  path: `${base}/v1/auth/refresh-token`,
  summary:
    'New access token for a live session; needs the (possibly expired) bearer of that session (API-041)',
  tags: ['auth'],
  body: z.object({ sessionId: sessionIdSchema }),
  response: authSessionSchema,
});

export const revokeSession = defineContract({
  method: 'POST',
  path: `${base}/v1/auth/revoke`,
  summary: 'End a session at once, on every server process (API-042)',
  tags: ['auth'],
  body: z.object({ sessionId: sessionIdSchema }),
  response: z.object({ revoked: z.literal(true) }),
});
