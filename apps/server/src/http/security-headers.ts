import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers for a set of options, worked out once. Our options are static (no per-request
 * CSP nonces), so every response gets the same headers; @fastify/helmet instead built the helmet
 * middleware again on every request (parsing the CSP directives each time), which showed in the
 * request path's profile.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}

/**
 * Sets helmet's headers on every response, on the raw response as helmet does, so that pages
 * answered outside Fastify's reply (the local issuer's) carry them too.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
