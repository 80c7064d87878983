import type { FastifyInstance } from 'fastify';
import type pino from 'pino';
import type { AppContext, Runtime } from './app-context';
import type { Config } from './config/config';
import type { Database } from './db/client';
import type { EmbeddedChain } from './db/migrate';
import type { JobDefinition } from './jobs/job';
import {
  LOCAL_ISSUER_PATH,
  localClientCredentials,
  localIssuerUrl,
  redirectUri,
} from './access/openid-client';
import { cookieIdentity } from './features/auth';
import { SANDBOX_STRIPE_PREFIX, STRIPE_API_VERSION, STRIPE_WEBHOOK_PATH } from './features/billing';

/**
 * The one door to the stage set (`embedded/`): the payment sandbox stands in for Stripe, the
 * built-in OpenID issuer for Google, the mailbox page for the recipients' inboxes, the demo data
 * for real customers. Each is imported here with `import()` only when the configuration asks for
 * it, so a production process (Stripe, Google and SMTP configured, no DEMO) loads none of their
 * code, and its database gets none of their tables (each part has its own migration chain).
 * Nothing else in the product imports `embedded/` (lint: tooling/boundaries.test.ts).
 */

const MAILBOX_PATH = '/mailbox';

/**
 * Where the stand-ins answer when they run. When one does not, its paths answer 404 like any
 * unknown API path, rather than the web app's index.html (which would pass off a closed door as
 * a page of the product).
 */
const EMBEDDED_PATHS = [LOCAL_ISSUER_PATH, SANDBOX_STRIPE_PREFIX, MAILBOX_PATH];

export const isEmbeddedPath = (path: string): boolean =>
  EMBEDDED_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/**
 * Demo data fills the embedded shape on its first start (DEMO=0 turns that off); on PostgreSQL
 * it is loaded only when asked for (DEMO=1 or `npm run demo`).
 */
export function wantsDemo(config: Config): boolean {
  return config.DEMO ?? config.database.kind === 'pglite';
}

/** The migration chains of the parts this configuration runs, besides the product's own. */
export function embeddedChainsFor(config: Config): EmbeddedChain[] {
  return [
    ...(config.payments.provider === 'sandbox' ? (['stripe-sandbox'] as const) : []),
    ...(config.signIn.provider === 'local' ? (['local-issuer'] as const) : []),
  ];
}

/** The jobs of the parts this configuration runs (the issuer forgets expired sign-in state). */
export async function embeddedJobsFor(config: Config): Promise<JobDefinition[]> {
  if (config.signIn.provider !== 'local') return [];
  const { purgeExpiredIssuerStateJob } = await import('./embedded/local-issuer/purge-job');
  return [purgeExpiredIssuerStateJob];
}

/** Mounts the issuer, the sandbox and the mailbox page on `app`, each only when configured. */
export async function registerEmbeddedParts(
  app: FastifyInstance,
  options: {
    context: AppContext;
    /** This very process, wherever PUBLIC_URL points: the issuer and the sandbox live here. */
    internalOrigin: () => string;
  },
): Promise<void> {
  const { context, internalOrigin } = options;
  const { config, database } = context;
  if (config.signIn.provider === 'local') {
    const { registerLocalIssuer } = await import('./embedded/local-issuer');
    await registerLocalIssuer(app, {
      database,
      issuerUrl: localIssuerUrl(config),
      client: { ...localClientCredentials(config), redirectUris: [redirectUri(config)] },
      productName: config.PRODUCT_NAME,
      secret: config.SESSION_SECRET,
    });
  }
  if (config.payments.provider === 'sandbox') {
    const { registerStripeSandbox } = await import('./embedded/stripe-sandbox');
    await registerStripeSandbox(app, {
      database,
      secretKey: config.payments.secretKey,
      apiVersion: STRIPE_API_VERSION,
      publicUrl: config.publicUrl,
      webhook: {
        url: () => `${internalOrigin()}${STRIPE_WEBHOOK_PATH}`,
        secret: config.payments.webhookSecret,
      },
    });
  }
  if (!config.SMTP_URL) {
    const { registerMailboxPage } = await import('./embedded/mailbox/mailbox-page');
    registerMailboxPage(app, {
      path: MAILBOX_PATH,
      database,
      productName: config.PRODUCT_NAME,
      identify: (request) => cookieIdentity(database.db, request, config.SESSION_SECRET),
    });
  }
}

/** Loads the demo data when wanted. */
export async function seedDemoIfWanted(config: Config, database: Database, logger: pino.Logger) {
  if (!wantsDemo(config)) return;
  const { seeded } = await seedDemoData(database);
  if (seeded) logger.info('demo data loaded (DEMO=0 skips it on a new data directory)');
}

/** `npm run demo`, or a first start that wants the demo: false when it was loaded before. */
export async function seedDemoData(database: Database): Promise<{ seeded: boolean }> {
  const { seedDemo } = await import('./embedded/demo');
  return seedDemo({ db: database.db });
}

/** The demo's per-seat subscriptions, bought in the payment sandbox once its catalogue exists. */
export async function buyDemoPurchases(options: {
  database: Database;
  payments: Runtime['payments'];
  publicUrl: string;
}): Promise<void> {
  const { provisionDemoPurchases } = await import('./embedded/demo');
  await provisionDemoPurchases({
    db: options.database.db,
    stripe: options.payments.stripe,
    provider: options.payments.provider,
    publicUrl: options.publicUrl,
  });
}
