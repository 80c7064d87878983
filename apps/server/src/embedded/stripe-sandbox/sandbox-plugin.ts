import { createHash, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import qs from 'qs';
import type { Database } from '../../db/client';
import { sandboxStripeRequests } from './schema';
import { eventLog } from './sandbox-events';
import { SandboxError } from './sandbox-errors';
import type { SandboxContext, SandboxRoute } from './sandbox-route';
import { registerHostedCheckout } from './hosted/hosted-checkout';
import { billingPortalRoutes } from './resources/billing-portal';
import { catalogRoutes } from './resources/catalog';
import { catalogUpdateRoutes } from './resources/catalog-updates';
import { checkoutSessionRoutes } from './resources/checkout-sessions';
import { customerRoutes } from './resources/customers';
import { eventRoutes } from './resources/events';
import { invoiceRoutes } from './resources/invoices';
import { paymentIntentRoutes } from './resources/payment-intents';
import { subscriptionScheduleRoutes } from './resources/subscription-schedules';
import { subscriptionRoutes } from './resources/subscriptions';
import { taxRateRoutes } from './resources/tax-rates';
import { testClockRoutes } from './resources/test-clocks';
import { renderAnswer } from './sandbox-render';
import { SANDBOX_STRIPE_PREFIX } from './sandbox-paths';

/** Stripe's own API takes form bodies far below this; the largest we send is a few KB. */
const API_BODY_LIMIT_BYTES = 256 * 1024;

/** Every endpoint; those that make links for people (hosted pages, invoices) need our origin. */
const sandboxRoutes = (publicOrigin: string): SandboxRoute[] => [
  ...customerRoutes,
  ...catalogRoutes,
  ...catalogUpdateRoutes,
  ...taxRateRoutes,
  ...checkoutSessionRoutes(publicOrigin),
  ...subscriptionRoutes(publicOrigin),
  ...subscriptionScheduleRoutes,
  ...invoiceRoutes,
  ...paymentIntentRoutes,
  ...eventRoutes,
  ...testClockRoutes(publicOrigin),
  ...billingPortalRoutes(publicOrigin),
];

const expandOf = (input: unknown): string[] => {
  const expand = (input as { expand?: unknown } | null)?.expand;
  return Array.isArray(expand) ? expand.filter((path): path is string => typeof path === 'string') : [];
};

/** Nesting as Stripe's form encoding uses it (`items[0][price]`, `expand[0]`). */
const QS_OPTIONS = { depth: 8, arrayLimit: 100, parameterLimit: 1000 } as const;

const sameSecret = (given: string, expected: string) =>
  given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

function authenticate(request: FastifyRequest, secretKey: string): void {
  const header = request.headers.authorization ?? '';
  const key = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  if (!sameSecret(key, secretKey)) {
    throw new SandboxError(401, 'invalid_request_error', 'Invalid API Key provided.', 'api_key_invalid');
  }
}

/**
 * Stripe's promise for a POST with an Idempotency-Key: the first answer is kept and replayed for
 * the same key; the key with other parameters is refused (the SDK sends a key with every POST and
 * reuses it on its own retries).
 */
async function idempotent(
  database: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  run: () => Promise<unknown>,
): Promise<unknown> {
  const key = request.headers['idempotency-key'];
  if (request.method !== 'POST' || typeof key !== 'string' || key === '') return run();
  const requestHash = createHash('sha256')
    .update(`${request.method} ${request.url} ${JSON.stringify(request.body ?? {})}`)
    .digest('hex');
  const [earlier] = await database.db
    .select()
    .from(sandboxStripeRequests)
    .where(eq(sandboxStripeRequests.idempotencyKey, key));
  if (earlier) {
    if (earlier.requestHash !== requestHash) {
      throw new SandboxError(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    }
    return reply.header('idempotent-replayed', 'true').status(earlier.statusCode).send(earlier.body);
  }
  let statusCode = 200;
  let body: unknown;
  try {
    body = await run();
  } catch (error) {
    if (!(error instanceof SandboxError) || error.status >= 500) throw error;
    statusCode = error.status;
    body = error.body();
  }
  await database.db
    .insert(sandboxStripeRequests)
    .values({ idempotencyKey: key, requestHash, statusCode, body: body as object })
    .onConflictDoNothing();
  return reply.status(statusCode).send(body);
}

/**
 * The payment sandbox (design/payments.md §2): a small, stateful part of Stripe's REST API at
 * /sandbox/stripe/v1/…, for installs without STRIPE_SECRET_KEY and for the tests. It takes Stripe's
 * form-encoded bodies and bracketed query strings, answers Stripe's JSON and error shapes, keeps
 * its objects in its own tables and sends its events, signed as Stripe signs them, to our webhook
 * endpoint. Only the `stripe` SDK talks to it (through features/billing/payments), never our code directly.
 */
export async function registerStripeSandbox(
  app: FastifyInstance,
  options: {
    database: Database;
    secretKey: string;
    apiVersion: string;
    /** Where people reach this server: the hosted checkout page's links start here. */
    publicUrl: string;
    webhook: { url: () => string; secret: string };
  },
): Promise<void> {
  const events = eventLog({
    db: options.database.db,
    apiVersion: options.apiVersion,
    webhook: options.webhook,
  });
  app.addHook('onClose', async () => events.close());
  const context: SandboxContext = { db: options.database.db, emit: events.emit };

  await app.register(
    async (scope) => {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_request, body, done) => done(null, qs.parse(body as string, QS_OPTIONS)),
      );
      scope.setErrorHandler((error, _request, reply) => {
        if (error instanceof SandboxError) return reply.status(error.status).send(error.body());
        const status = (error as { statusCode?: number }).statusCode;
        if (status && status >= 400 && status < 500) {
          return reply
            .status(status)
            .send(new SandboxError(status, 'invalid_request_error', (error as Error).message).body());
        }
        reply.log.error({ err: error }, 'payment sandbox failed');
        return reply.status(500).send(new SandboxError(500, 'api_error', 'The sandbox failed.').body());
      });
      scope.setNotFoundHandler((request, reply) =>
        reply
          .status(404)
          .send(
            new SandboxError(
              404,
              'invalid_request_error',
              `Unrecognized request URL (${request.method}: ${request.url.split('?')[0]}).`,
            ).body(),
          ),
      );
      scope.addHook('onRequest', async (request) => authenticate(request, options.secretKey));

      for (const route of sandboxRoutes(options.publicUrl)) {
        scope.route({
          method: route.method,
          url: `/v1${route.path}`,
          bodyLimit: API_BODY_LIMIT_BYTES,
          handler: (request, reply) => {
            const input =
              request.method === 'GET'
                ? qs.parse(request.url.split('?')[1] ?? '', QS_OPTIONS)
                : (request.body ?? {});
            return idempotent(options.database, request, reply, async () =>
              renderAnswer(
                options.database.db,
                await route.handle(context, { params: request.params as Record<string, string>, input }),
                expandOf(input),
              ),
            );
          },
        });
      }
    },
    { prefix: SANDBOX_STRIPE_PREFIX },
  );
  await registerHostedCheckout(app, { context, publicUrl: options.publicUrl });
}
