import type { FastifyRequest } from 'fastify';
import pino from 'pino';

/**
 * What our logs may not carry: e-mail addresses (people's data, and the key to an account) and
 * the values of query strings (search terms, filters). Request lines keep the method, the path
 * (with any address in it replaced) and the query's keys; the request id comes from the child
 * logger's `reqId`, so a 500 can still be traced to its request.
 */
const REDACTED = '[redacted]';
const EMAIL = '[email]';

/**
 * An address, with its `@` raw or percent-encoded (`%40`), and a dotted domain. The local part
 * leaves out `/ ? & = '`, so a path or a quoted URL around an address stays.
 */
const ADDRESS = /[\w.+%!#$*^{|}~-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/gi;
/** `?key=value` / `&key=value` inside a URL or a message quoting one. */
const QUERY_VALUE = /([?&][^=&\s'"#?]+)=([^&\s'"#]*)/g;
/** drizzle's "Failed query: …\nparams: …": the bound values are user data. */
const QUERY_PARAMS = /(\nparams: ).*$/s;

export function redactText(text: string): string {
  return text
    .replace(QUERY_PARAMS, `$1${REDACTED}`)
    .replace(ADDRESS, EMAIL)
    .replace(QUERY_VALUE, (_, key: string, value: string) =>
      value === '' ? `${key}=` : `${key}=${REDACTED}`,
    );
}

/** A request URL for the log: the path with addresses replaced, the query's keys without values. */
export function redactUrl(url: string): string {
  const withoutFragment = url.split('#')[0]!;
  const at = withoutFragment.indexOf('?');
  const path = at === -1 ? withoutFragment : withoutFragment.slice(0, at);
  const query = at === -1 ? null : withoutFragment.slice(at + 1);
  const keys =
    query === null
      ? ''
      : `?${query
          .split('&')
          .map((pair) => {
            const eq = pair.indexOf('=');
            if (eq === -1) return redactText(pair);
            return eq === pair.length - 1 ? pair : `${redactText(pair.slice(0, eq))}=${REDACTED}`;
          })
          .join('&')}`;
  return `${path.replace(ADDRESS, EMAIL)}${keys}`;
}

/** Every string in a serialised error (message, stack, cause, a driver's detail), redacted. */
function redactDeep(value: unknown, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return redactText(value);
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, seen));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactDeep(item, seen)]));
}

/** Fastify's request serialiser, with the URL redacted. */
function req(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: request.headers?.['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

function err(error: Error) {
  return redactDeep(pino.stdSerializers.err(error));
}

/** Pino serialisers for the server's logger (Fastify merges them over its defaults). */
export const logSerializers = { req, err };

/** A Fastify `logger` option with the serialisers in place (false stays false: no logging). */
export function withLogRedaction(logger: boolean | object): false | object {
  if (logger === false) return false;
  return { ...(logger === true ? {} : logger), serializers: logSerializers };
}
