import { vi } from 'vitest';

/** One request the app sent, as the fake server saw it. */
export interface FakeRequest {
  method: string;
  /** Path without the query, e.g. /api/v2/users/me. */
  path: string;
  url: URL;
  headers: Headers;
  /** The parsed JSON body, if any. */
  body: unknown;
  /** The bearer token of the Authorization header, or null. */
  bearer: string | null;
}

export type FakeAnswer = Response | ((request: FakeRequest) => Response | Promise<Response>);

/** `'METHOD /path'` → the answer; a list answers in turn and keeps repeating its last entry. */
export type FakeRoutes = Record<string, FakeAnswer | FakeAnswer[]>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The API's error shape `{ error: { code, message } }`. */
export function apiError(status: number, code: string, message = code): Response {
  return json(status, { error: { code, message } });
}

/** Answers that every test gets unless it overrides them. */
const DEFAULT_ROUTES: FakeRoutes = {
  'POST /api/v1/events': (request) =>
    json(202, { accepted: (request.body as { events?: unknown[] } | undefined)?.events?.length ?? 0 }),
};

/**
 * Stands in for the server at the edge of the world: `fetch` is stubbed and answers per route
 * (`'POST /api/v1/auth/token'`). Unknown routes answer 404 `not_found`, so a forgotten route
 * shows up as a failing screen rather than a hang. Every request is recorded.
 */
export function fakeServer(routes: FakeRoutes = {}) {
  const table: FakeRoutes = { ...DEFAULT_ROUTES, ...routes };
  const counters = new Map<string, number>();
  const requests: FakeRequest[] = [];

  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers);
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const authorization = headers.get('Authorization');
    const request: FakeRequest = {
      method,
      path: url.pathname,
      url,
      headers,
      body: text === undefined ? undefined : (JSON.parse(text) as unknown),
      bearer: authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : null,
    };
    requests.push(request);
    const key = `${method} ${url.pathname}`;
    const entry = table[key];
    if (entry === undefined) return apiError(404, 'not_found', `No fake answer for ${key}`);
    const count = counters.get(key) ?? 0;
    counters.set(key, count + 1);
    const answer = Array.isArray(entry) ? entry[Math.min(count, entry.length - 1)] : entry;
    if (answer === undefined) return apiError(404, 'not_found', `No fake answer for ${key}`);
    // A Response body can be read once: clone fixed answers so they can repeat.
    return typeof answer === 'function' ? answer(request) : answer.clone();
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    fetch: fetchMock,
    requests,
    /** The requests sent to one route, e.g. `calls('POST /api/v1/auth/revoke')`. */
    calls: (key: string) => requests.filter((request) => `${request.method} ${request.path}` === key),
    /** Replaces (or adds) the answer of one route from now on. */
    on(key: string, answer: FakeAnswer | FakeAnswer[]) {
      table[key] = answer;
      counters.delete(key);
    },
  };
}

export type FakeServer = ReturnType<typeof fakeServer>;
