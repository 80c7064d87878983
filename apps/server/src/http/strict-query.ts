import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

/** The keys whose percent-encoding did not decode, kept on the parsed query (not enumerable). */
const MALFORMED = Symbol('malformed query keys');

type ParsedQuery = Record<string, string | string[]> & { [MALFORMED]?: string[] };

/** `decodeURIComponent` with `+` as a space, or null when the bytes are not percent-encoded UTF-8. */
function decode(raw: string): string | null {
  try {
    return decodeURIComponent(raw.includes('+') ? raw.replaceAll('+', ' ') : raw);
  } catch {
    return null;
  }
}

/**
 * Fastify's query-string parser, as the default one (repeated keys give arrays, a key without
 * `=` is ''), except for malformed percent-encoding: the default keeps such a value raw, so
 * `search=%ED%A0%80` (a lone surrogate's bytes, not UTF-8) quietly became the text '%ED%A0%80'.
 * Here the value is kept too, and its key noted, so the hook below refuses the request.
 */
export function parseQueryString(input: string): ParsedQuery {
  const query: ParsedQuery = Object.create(null) as ParsedQuery;
  const malformed: string[] = [];
  for (const pair of input.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawKey = eq === -1 ? pair : pair.slice(0, eq);
    const rawValue = eq === -1 ? '' : pair.slice(eq + 1);
    const key = decode(rawKey);
    const value = decode(rawValue);
    const name = key ?? rawKey;
    if (key === null || value === null) malformed.push(name);
    const text = value ?? rawValue;
    const existing = query[name];
    query[name] =
      existing === undefined ? text : Array.isArray(existing) ? [...existing, text] : [existing, text];
  }
  if (malformed.length > 0) Object.defineProperty(query, MALFORMED, { value: malformed, enumerable: false });
  return query;
}

/**
 * API calls with a malformed query string answer 400 validation_failed naming the parameters,
 * where validation would: after the route has settled who is calling (its `onRequest`), before
 * the schemas run. Pages and the built-in issuer (outside `/api/`) are left alone: they read
 * their own URLs.
 */
export function refuseMalformedQueries(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const malformed = (request.query as ParsedQuery | undefined)?.[MALFORMED];
    if (!malformed || !request.url.startsWith('/api/')) return;
    const fields = Object.fromEntries(
      malformed.map((key) => [`querystring.${key}`, 'Not valid percent-encoded UTF-8']),
    );
    throw new AppError(
      'validation_failed',
      `Invalid request: ${malformed.map((key) => `querystring.${key}`).join(', ')}: not valid percent-encoded UTF-8`,
      { fields },
    );
  });
}
