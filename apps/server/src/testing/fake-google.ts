import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';

interface FakeGooglePerson {
  sub: string;
  email: string;
  name?: string;
}

/** A draft the stand-in Gmail received (users.drafts.create). */
interface FakeGmailDraft {
  id: string;
  messageId: string;
  /** Whose mailbox: the subject of the access token used. */
  sub: string;
  /** The message exactly as sent: base64url RFC 2822. */
  raw: string;
  accessToken: string;
  /** When Gmail took it (its internalDate), in epoch milliseconds. */
  at: number;
}

/** A message in a person's stand-in Gmail: received (INBOX), sent or a draft. */
interface FakeGmailMessage {
  id: string;
  raw: Buffer;
  internalDate: number;
  labelIds: string[];
}

const GMAIL_COMPOSE = 'https://www.googleapis.com/auth/gmail.compose';
const GMAIL_READONLY = 'https://www.googleapis.com/auth/gmail.readonly';
const GMAIL_MESSAGES_URL = 'https://gmail.googleapis.com/gmail/v1/users/me/messages';
const SHEETS_READONLY = 'https://www.googleapis.com/auth/spreadsheets.readonly';
const SHEETS_API = 'https://sheets.googleapis.com/v4/spreadsheets/';

/** A Google Sheet the stand-in holds: who may open it, and each sheet's values as Sheets shows them. */
interface FakeGoogleSheet {
  title: string;
  /** The subjects of the people who may open it. */
  readers: string[];
  sheets: { sheetId: number; title: string; values: string[][] }[];
}
const GMAIL_DRAFTS_URL = 'https://gmail.googleapis.com/gmail/v1/users/me/drafts';
const GMAIL_SEND_URL = 'https://gmail.googleapis.com/gmail/v1/users/me/messages/send';
/** Google names the short sign-in scopes by their full URLs in token responses. */
const SCOPE_NAMES: Record<string, string> = {
  email: 'https://www.googleapis.com/auth/userinfo.email',
  profile: 'https://www.googleapis.com/auth/userinfo.profile',
};

/** Gmail's error bodies (Google API error format) for the statuses the tests ask for. */
function gmailError(status: number): unknown {
  const known: Record<number, { status: string; message: string; reason: string }> = {
    401: {
      status: 'UNAUTHENTICATED',
      message: 'Request had invalid authentication credentials.',
      reason: 'authError',
    },
    403: {
      status: 'PERMISSION_DENIED',
      message: 'Request had insufficient authentication scopes.',
      reason: 'insufficientPermissions',
    },
    429: { status: 'RESOURCE_EXHAUSTED', message: 'Too many requests.', reason: 'rateLimitExceeded' },
    404: { status: 'NOT_FOUND', message: 'Requested entity was not found.', reason: 'notFound' },
  };
  const entry = known[status] ?? {
    status: 'INTERNAL',
    message: 'Internal error encountered.',
    reason: 'backendError',
  };
  return {
    error: {
      code: status,
      message: entry.message,
      errors: [{ message: entry.message, domain: 'global', reason: entry.reason }],
      status: entry.status,
    },
  };
}

/**
 * A stand-in for Google's servers as our server reaches them: the OpenID endpoints (discovery,
 * JWKS, token — authorization code and refresh grants), the Gmail API's drafts.create,
 * messages.send, and messages.list and messages.get over the person's mailbox, and the
 * Sheets API's spreadsheets.get and values.get. It
 * checks what Google checks (client, code, PKCE verifier, refresh token, bearer token and its
 * scope), signs id tokens with its own key so the server's id-token checks run for real, and
 * behaves like Google with offline access: a refresh token comes with the first offline consent,
 * or with `prompt=consent`, and `include_granted_scopes` answers every scope granted so far.
 */
export async function createFakeGoogle(clientId: string, clientSecret: string) {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'fake-google-1', alg: 'RS256', use: 'sig' };
  const codes = new Map<
    string,
    {
      person: FakeGooglePerson;
      nonce: string;
      challenge: string;
      scopes: string[];
      offline: boolean;
      consent: boolean;
      includeGranted: boolean;
    }
  >();
  const idTokenTweaks: { audience?: string; expiresInSeconds?: number; nonce?: string } = {};
  /** Scopes each person has granted this client. */
  const granted = new Map<string, Set<string>>();
  /** People who have given this client offline access (Google sends a refresh token the first time). */
  const offlineGiven = new Set<string>();
  const accessTokens = new Map<string, { person: FakeGooglePerson; expiresAt: number }>();
  const refreshTokens = new Map<string, FakeGooglePerson>();
  /** Gmail: drafts received, and statuses to answer instead of the next requests (in order). */
  const gmail = {
    drafts: [] as FakeGmailDraft[],
    /** Messages sent (users.messages.send), in the same shape as drafts. */
    sent: [] as FakeGmailDraft[],
    failures: [] as number[],
    /** The bearer token of every drafts.create and messages.send request, accepted or not. */
    requests: [] as { accessToken: string; status: number }[],
    /** Every messages.list and messages.get request (the mailbox read), with its answer's status. */
    reads: [] as { url: string; status: number }[],
    /** Statuses (with a Gmail error reason) to answer instead of the next reads, in order. */
    readFailures: [] as { status: number; reason?: string }[],
    /**
     * The person's mailbox, by subject: push RFC 5322 messages into it as Gmail receiving them
     * now (labels INBOX and UNREAD).
     */
    inbox(sub: string) {
      return {
        push(raw: string | Buffer) {
          received.push({
            sub,
            message: {
              id: randomBytes(8).toString('hex'),
              raw: Buffer.from(raw),
              internalDate: Date.now(),
              labelIds: ['INBOX', 'UNREAD'],
            },
          });
        },
      };
    },
  };
  const received: { sub: string; message: FakeGmailMessage }[] = [];
  /** Sheets API: the spreadsheets it holds by id, and every request's URL with its answer. */
  const sheetsApi = {
    files: new Map<string, FakeGoogleSheet>(),
    requests: [] as { url: string; status: number }[],
  };
  /** Token endpoint: requests by grant type, and statuses to answer instead of the next refreshes. */
  const tokenEndpoint = {
    grants: [] as string[],
    /** Every refresh token handed out, in order (tests check none is stored in the clear). */
    issuedRefreshTokens: [] as string[],
    refreshFailures: [] as number[],
    /** Answer the next code exchanges without a refresh token, as Google does for repeat consents. */
    omitRefreshToken: false,
    /** Lifetime of the access tokens issued next. */
    accessTokenSeconds: 3599,
  };

  const issuer = 'https://accounts.google.com';
  const discovery = {
    issuer,
    authorization_endpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
    token_endpoint: 'https://oauth2.googleapis.com/token',
    jwks_uri: 'https://www.googleapis.com/oauth2/v3/certs',
    response_types_supported: ['code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    code_challenge_methods_supported: ['plain', 'S256'],
    token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
  };

  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  const grantedScope = (sub: string) => [...(granted.get(sub) ?? [])].join(' ');

  function issueAccessToken(person: FakeGooglePerson): string {
    const token = `ya29.${randomBytes(24).toString('base64url')}`;
    accessTokens.set(token, { person, expiresAt: Date.now() + tokenEndpoint.accessTokenSeconds * 1000 });
    return token;
  }

  function signIdToken(person: FakeGooglePerson, nonce: string | null) {
    return new SignJWT({
      email: person.email,
      email_verified: true,
      ...(person.name ? { name: person.name } : {}),
      ...(nonce === null ? {} : { nonce }),
    })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid! })
      .setIssuer(issuer)
      .setSubject(person.sub)
      .setAudience(idTokenTweaks.audience ?? clientId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + (idTokenTweaks.expiresInSeconds ?? 3600))
      .sign(privateKey);
  }

  async function codeGrant(body: URLSearchParams): Promise<Response> {
    const grant = codes.get(body.get('code') ?? '');
    codes.delete(body.get('code') ?? '');
    if (!grant) return json({ error: 'invalid_grant' }, 400);
    const verifier = body.get('code_verifier') ?? '';
    if (createHash('sha256').update(verifier).digest('base64url') !== grant.challenge) {
      return json({ error: 'invalid_grant', error_description: 'code_verifier mismatch' }, 400);
    }
    const { person } = grant;
    const before = new Set(granted.get(person.sub) ?? []);
    const now = new Set([...(grant.includeGranted ? before : []), ...grant.scopes]);
    granted.set(person.sub, new Set([...before, ...grant.scopes]));
    let refreshToken: string | undefined;
    if (
      grant.offline &&
      (grant.consent || !offlineGiven.has(person.sub)) &&
      !tokenEndpoint.omitRefreshToken
    ) {
      refreshToken = `1//${randomBytes(32).toString('base64url')}`;
      refreshTokens.set(refreshToken, person);
      tokenEndpoint.issuedRefreshTokens.push(refreshToken);
    }
    if (grant.offline) offlineGiven.add(person.sub);
    return json({
      access_token: issueAccessToken(person),
      id_token: await signIdToken(person, idTokenTweaks.nonce ?? grant.nonce),
      token_type: 'Bearer',
      expires_in: tokenEndpoint.accessTokenSeconds,
      scope: [...now].join(' '),
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
    });
  }

  async function refreshGrant(body: URLSearchParams): Promise<Response> {
    const failure = tokenEndpoint.refreshFailures.shift();
    if (failure) return json({ error: 'internal_failure' }, failure);
    const person = refreshTokens.get(body.get('refresh_token') ?? '');
    if (!person) {
      return json({ error: 'invalid_grant', error_description: 'Token has been expired or revoked.' }, 400);
    }
    return json({
      access_token: issueAccessToken(person),
      id_token: await signIdToken(person, null),
      token_type: 'Bearer',
      expires_in: tokenEndpoint.accessTokenSeconds,
      scope: grantedScope(person.sub),
    });
  }

  function token(body: URLSearchParams, authorization: string | null): Promise<Response> | Response {
    const basic = authorization?.startsWith('Basic ')
      ? Buffer.from(authorization.slice(6), 'base64').toString().split(':').map(decodeURIComponent)
      : [body.get('client_id'), body.get('client_secret')];
    if (basic[0] !== clientId || basic[1] !== clientSecret) return json({ error: 'invalid_client' }, 401);
    const grantType = body.get('grant_type') ?? '';
    tokenEndpoint.grants.push(grantType);
    if (grantType === 'authorization_code') return codeGrant(body);
    if (grantType === 'refresh_token') return refreshGrant(body);
    return json({ error: 'unsupported_grant_type' }, 400);
  }

  /** drafts.create (the message under `message.raw`) or messages.send (under `raw`). */
  function writeMessage(kind: 'draft' | 'send', headers: Headers, body: string): Response {
    const accessToken = /^Bearer (.+)$/.exec(headers.get('authorization') ?? '')?.[1] ?? '';
    const answer = (status: number, payload: unknown) => {
      gmail.requests.push({ accessToken, status });
      return json(payload, status);
    };
    const failure = gmail.failures.shift();
    if (failure) return answer(failure, gmailError(failure));
    const holder = accessTokens.get(accessToken);
    if (!holder || holder.expiresAt <= Date.now()) return answer(401, gmailError(401));
    if (!granted.get(holder.person.sub)?.has(GMAIL_COMPOSE)) return answer(403, gmailError(403));
    let raw: unknown;
    try {
      const parsed = JSON.parse(body) as { raw?: unknown; message?: { raw?: unknown } };
      raw = kind === 'draft' ? parsed.message?.raw : parsed.raw;
    } catch {
      raw = undefined;
    }
    if (typeof raw !== 'string' || !/^[A-Za-z0-9_-]+={0,2}$/.test(raw)) {
      return answer(400, {
        error: { code: 400, message: 'Invalid message.raw', status: 'INVALID_ARGUMENT' },
      });
    }
    const draft: FakeGmailDraft = {
      id: `r${randomBytes(8).readBigUInt64BE().toString()}`,
      messageId: randomBytes(8).toString('hex'),
      sub: holder.person.sub,
      raw,
      accessToken,
      at: Date.now(),
    };
    if (kind === 'send') {
      gmail.sent.push(draft);
      return answer(200, { id: draft.messageId, threadId: draft.messageId, labelIds: ['SENT'] });
    }
    gmail.drafts.push(draft);
    return answer(200, {
      id: draft.id,
      message: { id: draft.messageId, threadId: draft.messageId, labelIds: ['DRAFT'] },
    });
  }

  /** Everything in the person's Gmail: what they received, sent and drafted, newest first. */
  function mailboxOf(sub: string): FakeGmailMessage[] {
    const written = (list: FakeGmailDraft[], label: string, id: (draft: FakeGmailDraft) => string) =>
      list
        .filter((draft) => draft.sub === sub)
        .map((draft) => ({
          id: id(draft),
          raw: Buffer.from(draft.raw, 'base64url'),
          internalDate: draft.at,
          labelIds: [label],
        }));
    return [
      ...received.filter((entry) => entry.sub === sub).map((entry) => entry.message),
      ...written(gmail.sent, 'SENT', (draft) => draft.messageId),
      ...written(gmail.drafts, 'DRAFT', (draft) => draft.messageId),
    ].sort((a, b) => b.internalDate - a.internalDate);
  }

  /**
   * The search terms of messages.list's `q` the stand-in understands (`after:` in epoch seconds,
   * `in:`/`-in:` a label); anything else is a 400, so a query Gmail would read otherwise is caught.
   */
  function matcher(q: string): ((message: FakeGmailMessage) => boolean) | null {
    const tests: ((message: FakeGmailMessage) => boolean)[] = [];
    for (const term of q.split(/\s+/).filter(Boolean)) {
      const after = /^after:(\d+)$/.exec(term);
      const label = /^(-?)in:(inbox|sent|drafts)$/.exec(term);
      if (after) tests.push((message) => message.internalDate >= Number(after[1]) * 1000);
      else if (label) {
        const name = { inbox: 'INBOX', sent: 'SENT', drafts: 'DRAFT' }[
          label[2] as 'inbox' | 'sent' | 'drafts'
        ];
        tests.push((message) => message.labelIds.includes(name) !== (label[1] === '-'));
      } else return null;
    }
    return (message) => tests.every((test) => test(message));
  }

  /**
   * users.messages.list (q, maxResults, pageToken; newest first) and users.messages.get
   * (format=minimal or raw) over the person's mailbox: a valid token (else 401) with
   * gmail.readonly (else 403 insufficientPermissions, as Gmail answers a compose-only token).
   */
  function readMailbox(url: URL, headers: Headers): Response {
    const answer = (status: number, payload: unknown) => {
      gmail.reads.push({ url: url.href, status });
      return json(payload, status);
    };
    const failure = gmail.readFailures.shift();
    if (failure) {
      const body = gmailError(failure.status) as { error: { errors: { reason: string }[] } };
      if (failure.reason) body.error.errors[0]!.reason = failure.reason;
      return answer(failure.status, body);
    }
    const accessToken = /^Bearer (.+)$/.exec(headers.get('authorization') ?? '')?.[1] ?? '';
    const holder = accessTokens.get(accessToken);
    if (!holder || holder.expiresAt <= Date.now()) return answer(401, gmailError(401));
    if (!granted.get(holder.person.sub)?.has(GMAIL_READONLY)) return answer(403, gmailError(403));
    const mailbox = mailboxOf(holder.person.sub);
    const id = url.pathname.slice(new URL(GMAIL_MESSAGES_URL).pathname.length + 1);
    if (id === '') {
      const matches = matcher(url.searchParams.get('q') ?? '');
      if (!matches)
        return answer(400, { error: { code: 400, message: 'Invalid query', status: 'INVALID_ARGUMENT' } });
      const size = Math.min(Number(url.searchParams.get('maxResults') ?? 100), 500);
      const from = Number(url.searchParams.get('pageToken') ?? 0);
      const found = mailbox.filter(matches);
      const page = found.slice(from, from + size);
      return answer(200, {
        ...(page.length > 0
          ? { messages: page.map((message) => ({ id: message.id, threadId: message.id })) }
          : {}),
        ...(from + size < found.length ? { nextPageToken: String(from + size) } : {}),
        resultSizeEstimate: found.length,
      });
    }
    const message = mailbox.find((candidate) => candidate.id === id);
    if (!message) return answer(404, gmailError(404));
    const minimal = {
      id: message.id,
      threadId: message.id,
      labelIds: message.labelIds,
      snippet: '',
      historyId: '1',
      internalDate: String(message.internalDate),
      // Gmail's estimate is of the message, not of its base64url in the answer.
      sizeEstimate: message.raw.length,
    };
    if (url.searchParams.get('format') === 'raw')
      return answer(200, { ...minimal, raw: message.raw.toString('base64url') });
    return answer(200, minimal);
  }

  /**
   * spreadsheets.get and spreadsheets.values.get: a valid token with the spreadsheets.readonly
   * scope (else 403 ACCESS_TOKEN_SCOPE_INSUFFICIENT, as Google answers), a sheet the person may
   * open (else 403 PERMISSION_DENIED, or 404 for no such id). Values come as stored (formatted),
   * trailing empty rows left out as Google does.
   */
  function readSheets(url: URL, headers: Headers): Response {
    const answer = (status: number, payload: unknown) => {
      sheetsApi.requests.push({ url: url.href, status });
      return json(payload, status);
    };
    const accessToken = /^Bearer (.+)$/.exec(headers.get('authorization') ?? '')?.[1] ?? '';
    const holder = accessTokens.get(accessToken);
    if (!holder || holder.expiresAt <= Date.now()) return answer(401, gmailError(401));
    if (!granted.get(holder.person.sub)?.has(SHEETS_READONLY)) {
      return answer(403, {
        error: {
          code: 403,
          message: 'Request had insufficient authentication scopes.',
          status: 'PERMISSION_DENIED',
          details: [
            {
              '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
              reason: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
            },
          ],
        },
      });
    }
    const [id, values, range] = url.pathname.slice(new URL(SHEETS_API).pathname.length).split('/');
    const file = sheetsApi.files.get(decodeURIComponent(id ?? ''));
    if (!file) return answer(404, gmailError(404));
    if (!file.readers.includes(holder.person.sub)) {
      return answer(403, {
        error: { code: 403, message: 'The caller does not have permission', status: 'PERMISSION_DENIED' },
      });
    }
    if (values === undefined) {
      return answer(200, {
        spreadsheetId: id,
        properties: { title: file.title },
        sheets: file.sheets.map((sheet, index) => ({
          properties: { sheetId: sheet.sheetId, title: sheet.title, index, sheetType: 'GRID' },
        })),
      });
    }
    const title = /^'(.*)'$/.exec(decodeURIComponent(range ?? ''))?.[1]?.replaceAll("''", "'");
    const sheet = file.sheets.find((candidate) => candidate.title === title);
    if (!sheet)
      return answer(400, {
        error: { code: 400, message: 'Unable to parse range', status: 'INVALID_ARGUMENT' },
      });
    const rows = [...sheet.values];
    while (rows.length > 0 && rows.at(-1)!.every((cell) => cell === '')) rows.pop();
    return answer(200, {
      range: `'${sheet.title}'!A1:Z${rows.length}`,
      majorDimension: 'ROWS',
      ...(rows.length > 0 ? { values: rows } : {}),
    });
  }

  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const headers = new Headers(init?.headers);
    if (url.href === `${issuer}/.well-known/openid-configuration`) return json(discovery);
    if (url.href === discovery.jwks_uri) return json({ keys: [jwk] });
    if (url.href === discovery.token_endpoint && init?.method === 'POST') {
      return token(new URLSearchParams(String(init.body)), headers.get('authorization'));
    }
    if (url.href === GMAIL_DRAFTS_URL && init?.method === 'POST')
      return writeMessage('draft', headers, String(init.body));
    if (url.href === GMAIL_SEND_URL && init?.method === 'POST')
      return writeMessage('send', headers, String(init.body));
    if (url.href.startsWith(SHEETS_API) && (init?.method ?? 'GET') === 'GET') return readSheets(url, headers);
    if (
      url.origin + url.pathname !== GMAIL_SEND_URL &&
      url.href.startsWith(GMAIL_MESSAGES_URL) &&
      (init?.method ?? 'GET') === 'GET'
    )
      return readMailbox(url, headers);
    return json({ error: 'not_found' }, 404);
  }) as typeof fetch;

  return {
    fetch: fetchImpl,
    /**
     * What Google does after the person picks an account (and, when asked, ticks the consent
     * boxes): a code for that authorization request. `declineCompose` leaves the Gmail box unticked.
     */
    approve(
      authorizationUrl: string,
      person: FakeGooglePerson,
      options: { declineCompose?: boolean; declineInboxRead?: boolean } = {},
    ): { code: string; state: string; iss: string } {
      const params = new URL(authorizationUrl).searchParams;
      const code = randomUUID();
      const scopes = (params.get('scope') ?? '')
        .split(/\s+/)
        .filter(Boolean)
        .map((scope) => SCOPE_NAMES[scope] ?? scope)
        .filter((scope) => !(options.declineCompose && scope === GMAIL_COMPOSE))
        .filter((scope) => !(options.declineInboxRead && scope === GMAIL_READONLY));
      codes.set(code, {
        person,
        nonce: params.get('nonce')!,
        challenge: params.get('code_challenge')!,
        scopes,
        offline: params.get('access_type') === 'offline',
        consent: (params.get('prompt') ?? '').split(' ').includes('consent'),
        includeGranted: params.get('include_granted_scopes') === 'true',
      });
      return { code, state: params.get('state')!, iss: issuer };
    },
    /** The person takes back one scope at myaccount.google.com: their tokens no longer carry it. */
    withdrawScope(sub: string, scope: string) {
      granted.get(sub)?.delete(scope);
    },
    /** The person removes this app at myaccount.google.com: every token stops working. */
    revoke(sub: string) {
      for (const [token, person] of refreshTokens) if (person.sub === sub) refreshTokens.delete(token);
      for (const [token, holder] of accessTokens) if (holder.person.sub === sub) accessTokens.delete(token);
      granted.delete(sub);
      offlineGiven.delete(sub);
    },
    /** The hour passes: the access tokens issued so far no longer work. */
    expireAccessTokens() {
      for (const holder of accessTokens.values()) holder.expiresAt = 0;
    },
    gmail,
    sheetsApi,
    tokenEndpoint,
    idTokenTweaks,
  };
}
