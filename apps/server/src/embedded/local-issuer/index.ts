import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { LOCAL_ISSUER_PATH } from './constants';
import { interactionRoutes } from './interaction-routes';
import { loadSigningKeys } from './keys';
import { createLocalProvider, issuerPath } from './provider';

export { LOCAL_ISSUER_PATH } from './constants';
export { subjectForEmail } from './accounts';

interface LocalIssuerOptions {
  database: Database;
  /** The issuer identifier as browsers and the client reach it, e.g. http://localhost:8080/oidc. */
  issuerUrl: string;
  client: { clientId: string; clientSecret: string; redirectUris: string[] };
  productName: string;
  /** Cookie signing keys are derived from it; the same on every process. */
  secret: string;
}

/**
 * The built-in OpenID Connect issuer (oidc-provider) for installs without Google, mounted under
 * LOCAL_ISSUER_PATH in this Fastify app. Call before `app.ready()`.
 *
 * - `/oidc/interaction/:uid` (GET) and `/oidc/interaction/:uid/login` (POST) are our sign-in
 *   pages, plain Fastify routes;
 * - everything else under `/oidc/` (discovery, auth, token, jwks, userinfo) goes to
 *   oidc-provider's Koa app untouched: no body parser runs there, so it reads the raw stream.
 *
 * All state (interactions, sessions, codes, grants, accounts, signing keys) is in the database,
 * so any server process can serve any step of a sign-in.
 */
export async function registerLocalIssuer(app: FastifyInstance, options: LocalIssuerOptions): Promise<void> {
  const issuer = new URL(options.issuerUrl);
  if (!issuer.pathname.replace(/\/$/, '').endsWith(LOCAL_ISSUER_PATH)) {
    throw new Error(`The local issuer URL must end with ${LOCAL_ISSUER_PATH}, got ${options.issuerUrl}`);
  }
  const basePath = issuerPath(options.issuerUrl);
  const signingKeys = await loadSigningKeys(options.database);
  const provider = createLocalProvider({ ...options, signingKeys, log: app.log });
  const handle = provider.callback();

  await app.register(
    async (scope) => {
      // The issuer's pages and OpenID endpoints are not our API: keep them out of /api/docs.
      scope.addHook('onRoute', (route) => {
        route.schema = { ...route.schema, hide: true };
      });
      await scope.register(interactionRoutes, {
        provider,
        database: options.database,
        productName: options.productName,
        basePath,
      });

      await scope.register(async (raw) => {
        // oidc-provider parses its own bodies (token requests are form posts): leave the stream.
        raw.removeAllContentTypeParsers();
        raw.addContentTypeParser('*', (_request, _payload, done) => done(null));

        raw.all('/*', async (request, reply) => {
          const req = request.raw as IncomingMessage & { originalUrl?: string };
          const inner = (req.url ?? '/').slice(LOCAL_ISSUER_PATH.length) || '/';
          // oidc-provider routes on the path below its mount point and rebuilds its own URLs
          // from `originalUrl` (mount path) and the forwarded proto/host, here the issuer's own.
          // So discovery names the issuer's origin even when the app's server reaches us on an
          // internal address, and cookies are Secure exactly when the issuer is https.
          req.originalUrl = `${basePath}${inner}`;
          req.url = inner;
          req.headers['x-forwarded-proto'] = issuer.protocol.slice(0, -1);
          req.headers['x-forwarded-host'] = issuer.host;
          reply.raw.setHeader('x-request-id', request.id);
          reply.hijack();
          await handle(req, reply.raw);
        });
      });
    },
    { prefix: LOCAL_ISSUER_PATH },
  );
}
