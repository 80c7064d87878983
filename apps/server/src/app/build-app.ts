import { randomUUID } from 'node:crypto';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_DOCS_PATH, errorBody } from '@mergeboard/core';
import type { AddressInfo } from 'node:net';
import type { AppContext, Runtime } from '../app-context';
import { createOpenIdClient } from '../access/openid-client';
import { createTokenKeys } from '../access/tokens';
import { isEmbeddedPath, registerEmbeddedParts } from '../embedded-door';
import { SYNC_BILLING_CUSTOMER_JOB } from '../features/billing';
import { registerStripeWebhook } from '../features/billing';
import { registerHitRoutes, type HitRoutesOptions } from '../features/tracking';
import { clientErrorHandler } from '../http/client-errors';
import { registerErrorHandling } from '../http/error-handler';
import { openApiOptions } from '../http/openapi';
import { registerRateLimit } from '../http/rate-limit';
import { registerSecurityHeaders } from '../http/security-headers';
import { OneLinePerRequest } from '../http/request-log';
import { registerRoute, type RouteDefinition } from '../http/route';
import { defaultWebDistDir, registerSpa, type SpaHandler } from '../http/spa';
import { withLogRedaction } from '../http/log-redaction';
import { logOptions } from '../log-options';
import { parseQueryString, refuseMalformedQueries } from '../http/strict-query';
import { routes as defaultRoutes } from './routes';

const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildAppOptions {
  context: Runtime;
  /** Built SPA to serve; null serves the API only. Defaults to apps/web/dist when built. */
  webDistDir?: string | null;
  routes?: readonly RouteDefinition[];
  /** Pino options; tests pass `false` to keep output quiet. */
  logger?: boolean | { level: string; stream?: NodeJS.WritableStream };
  /** The global limit; `namespace` keeps the Redis keys of one deployment (or test) apart. */
  rateLimit?: { max: number; timeWindow: number | string; namespace?: string };
  /** The hit endpoints' own limit per client address (tracking); tests lower it. */
  hitRateLimit?: HitRoutesOptions['rateLimit'];
  /** Outbound HTTP to the sign-in provider (Google); tests stand in for Google here. */
  providerFetch?: typeof fetch;
  /** Told of every route as it is added (the route document lists them all). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * Settings the web app reads from <meta> tags in index.html (apps/web/src/config/env.ts). An
 * unset one is written empty, so the build's own default cannot stand in for it.
 */
export function spaMeta(config: Runtime['config']): Record<string, string> {
  return {
    'product-name': config.PRODUCT_NAME,
    'auth-provider': config.signIn.provider,
    'legacy-app-url': config.LEGACY_APP_URL ?? '',
    'marketplace-url': config.MARKETPLACE_URL,
    'sheets-url': config.SHEETS_URL,
    'support-url': config.SUPPORT_URL ?? '',
    'help-center-url': config.HELP_CENTER_URL ?? '',
    'terms-url': config.TERMS_URL ?? '',
    'privacy-url': config.PRIVACY_URL ?? '',
    'cookie-policy-url': config.COOKIE_POLICY_URL ?? '',
    'dpa-url': config.DPA_URL ?? '',
    'review-badges': JSON.stringify(config.REVIEW_BADGES),
    testimonials: JSON.stringify(config.TESTIMONIALS),
  };
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options.context;
  const serverOptions: FastifyServerOptions = {
    logger: withLogRedaction(options.logger ?? logOptions(config)),
    // One line per request instead of two (http/request-log.ts).
    logController: new OneLinePerRequest(),
    bodyLimit: BODY_LIMIT_BYTES,
    // Client addresses come from X-Forwarded-For only through the configured number of proxies.
    trustProxy: config.TRUST_PROXY > 0 ? (_address: string, hop: number) => hop < config.TRUST_PROXY : false,
    genReqId: () => randomUUID(),
    clientErrorHandler,
    routerOptions: { querystringParser: parseQueryString },
    // Errors the router raises before any route runs (bad URL encoding, over-long parameters)
    // answer in the one error shape too.
    frameworkErrors: (error, _request, reply) => {
      const status =
        error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      const message =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? 'A path parameter is longer than 100 characters'
          : 'Malformed URL';
      void (reply as FastifyReply)
        .status(status)
        .send(errorBody(status === 414 ? 'uri_too_long' : 'bad_request', message));
    },
  };
  const app: FastifyInstance = Fastify(serverOptions);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // This very process, wherever PUBLIC_URL points: the built-in issuer and the sandbox live here.
  const internalOrigin = () => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const context: AppContext = {
    ...options.context,
    tokens: createTokenKeys(config.SESSION_SECRET),
    signIn: createOpenIdClient({ config, internalOrigin, fetch: options.providerFetch }),
  };
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  refuseMalformedQueries(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // Time in the server up to the first byte of the answer, for benchmarks and browser devtools.
    reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(1)}`);
  });

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        // Mantine writes style attributes; avatars may come from the identity provider.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'https:'],
      },
    },
    // Served over plain http in the embedded shape; only ask for https when we are on it.
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
  });
  await app.register(fastifyCookie, { secret: config.SESSION_SECRET });
  await registerRateLimit(app, {
    max: options.rateLimit?.max ?? 600,
    timeWindow: options.rateLimit?.timeWindow ?? '1 minute',
    redisUrl: config.REDIS_URL ?? null,
    ...(options.rateLimit?.namespace ? { namespace: options.rateLimit.namespace } : {}),
  });

  await app.register(fastifySwagger, openApiOptions({ productName: config.PRODUCT_NAME }));
  await app.register(fastifySwaggerUi, { routePrefix: API_DOCS_PATH, staticCSP: true });

  for (const route of options.routes ?? defaultRoutes) registerRoute(app, context, route);
  await registerEmbeddedParts(app, { context, internalOrigin });
  app.addHook('onListen', async () => context.payments.listeningAt(internalOrigin()));
  await registerStripeWebhook(app, {
    database: context.database,
    stripe: context.payments.stripe,
    onCustomerEvent: async (customerId) => {
      await context.queue.send(SYNC_BILLING_CUSTOMER_JOB, { customerId }, { singletonKey: customerId });
    },
    webhookSecret: config.payments.webhookSecret,
  });

  await registerHitRoutes(app, {
    database: context.database,
    sessionSecret: config.SESSION_SECRET,
    productName: config.PRODUCT_NAME,
    ...(options.hitRateLimit ? { rateLimit: options.hitRateLimit } : {}),
  });

  const distDir = options.webDistDir === undefined ? defaultWebDistDir() : options.webDistDir;
  const spa: SpaHandler | null = distDir ? await registerSpa(app, { distDir, meta: spaMeta(config) }) : null;

  app.setNotFoundHandler((request, reply) => {
    const pathOnly = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathOnly.startsWith('/api/') &&
      !isEmbeddedPath(pathOnly);
    if (spa && isPage) return spa.sendIndex(reply);
    return reply.status(404).send(errorBody('not_found', `No route ${request.method} ${pathOnly}`));
  });

  return app;
}
