import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import {
  configuredPromotionsSchema,
  jsonSetting,
  reviewBadgesSchema,
  testimonialsSchema,
} from '@mergeboard/core';

/** A link people follow from the app: a web page or an address to write to. */
const linkUrl = z.string().regex(/^(mailto:|https?:\/\/)\S+$/, 'must be a mailto: or http(s):// URL');
const pageUrl = z.string().regex(/^https?:\/\/\S+$/, 'must be an http(s):// URL');

/** `ip`, `ip:port` or `[ipv6]:port`: what node:dns's setServers takes (addresses, not names). */
const dnsServer = (entry: string) => {
  const match = /^\[(.+)\](?::(\d+))?$/.exec(entry) ?? /^([^:]+)(?::(\d+))?$/.exec(entry);
  const [host, port] = match ? [match[1], match[2]] : [entry, undefined];
  return isIP(host ?? '') !== 0 && (port === undefined || (Number(port) >= 1 && Number(port) <= 65535));
};

const booleanFlag = z
  .enum(['0', '1', 'true', 'false'])
  .transform((value) => value === '1' || value === 'true');

/**
 * Every setting comes from the environment with a safe embedded default (ARCHITECTURE §6).
 * A bad value stops the start with a message naming the variable.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** The From of the product's own mail; defaults to "PRODUCT_NAME <no-reply@host of PUBLIC_URL>". */
  MAIL_FROM: z
    .string()
    .regex(/^[^\r\n]+$/, 'must be one line')
    .optional(),
  /**
   * The domain of the addresses mail comes back to: a merge message's return path
   * (`bounces+{token}@…`, VERP) and its mailto: unsubscribe (`unsubscribe+{token}@…`). Its MX must
   * reach the bounce mailbox. Unset: the host of PUBLIC_URL for the local mailbox, none with SMTP or Gmail.
   */
  INBOUND_DOMAIN: z
    .string()
    .regex(/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/, 'must be a domain name')
    .transform((domain) => domain.toLowerCase())
    .optional(),
  /**
   * The mailbox INBOUND_DOMAIN's mail lands in, read by the worker over IMAP:
   * `imaps://user:password@host:993/INBOX` (imap:// for plain or STARTTLS; URL-encoded
   * credentials; the path names the mailbox, INBOX when absent). Needs INBOUND_DOMAIN.
   */
  INBOUND_IMAP_URL: z
    .string()
    .regex(/^imaps?:\/\/[^/]+@[^/]+/, 'must be an imap:// or imaps:// URL with user and password')
    .refine((url) => URL.canParse(url), 'must be a valid URL')
    .optional(),
  /** SMTP connections a merge worker keeps open at once (nodemailer's pool). */
  SMTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(100).default(5),
  /** Messages per second a merge worker hands to SMTP at most; unset is as fast as the server takes them. */
  SMTP_RATE_PER_SECOND: z.coerce.number().int().min(1).optional(),
  /** DKIM signing of merge messages: all three set, or none (the PEM may hold \\n for line breaks). */
  DKIM_PRIVATE_KEY: z.string().min(1).optional(),
  DKIM_SELECTOR: z
    .string()
    .regex(/^[A-Za-z0-9._-]+$/, 'must be a DNS label')
    .optional(),
  DKIM_DOMAIN: z
    .string()
    .regex(/^[A-Za-z0-9.-]+$/, 'must be a domain name')
    .optional(),
  /**
   * The DNS servers the sending domain's pre-flight check asks (send guard): a comma-separated list
   * of `ip`, `ip:port` or `[ipv6]:port`; unset, the system's resolvers.
   */
  DNS_SERVERS: z
    .string()
    .transform((list) => list.split(',').map((entry) => entry.trim()))
    .refine(
      (servers) => servers.every(dnsServer),
      'must be a comma-separated list of ip or ip:port ([ipv6]:port), e.g. 127.0.0.1:5353,[::1]:53',
    )
    .optional(),
  /** Recipients a merge worker claims per batch (and between which it checks for a cancel). */
  MERGE_BATCH_SIZE: z.coerce.number().int().min(1).max(5000).default(200),
  /** Messages a merge worker has in flight at once. */
  MERGE_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(32),
  /** Jobs (lanes) per merge, so that many worker processes can send one merge's rows together. */
  MERGE_WORKERS_PER_MERGE: z.coerce.number().int().min(1).max(32).default(2),
  /**
   * A merge worker renews its heartbeat six times in this; one unseen this long is dead: its claimed
   * recipients become UNKNOWN and its job goes to another worker. At least 10 s, so that renewals
   * (every lease / 6) are not issued faster than a busy database answers them.
   */
  MERGE_CLAIM_LEASE_SECONDS: z.coerce.number().int().min(10).default(30),
  PRODUCT_NAME: z.string().min(1).default('Mergeboard'),
  ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  LEGACY_APP_URL: z.url().optional(),
  /** Shared rate-limit counters (sign-in, mutations) when several processes serve the API. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  DEMO: booleanFlag.optional(),
  /** Defaults by shape: `warn` on the embedded database (no line per request), `info` on PostgreSQL. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** `readable` (a line of text) by default on the embedded database, `json` on PostgreSQL. */
  LOG_FORMAT: z.enum(['json', 'readable'], "must be 'json' or 'readable'").optional(),
  /** Lifetime of access tokens; the web app refreshes 2 s before it ends. */
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(3600),
  MARKETPLACE_URL: z.url().default('https://workspace.google.com/marketplace'),
  SHEETS_URL: z.url().default('https://docs.google.com/spreadsheets/create'),
  /**
   * The install's own content (issue 24): where 'contact us' and 'Help center' lead, the legal
   * pages, and the login page's and sidebar's review scores, testimonials and promotions. Each
   * is the operator's to give; unset, the app shows none of it rather than placeholders.
   */
  SUPPORT_URL: linkUrl.optional(),
  HELP_CENTER_URL: linkUrl.optional(),
  TERMS_URL: pageUrl.optional(),
  PRIVACY_URL: pageUrl.optional(),
  COOKIE_POLICY_URL: pageUrl.optional(),
  DPA_URL: pageUrl.optional(),
  REVIEW_BADGES: jsonSetting(reviewBadgesSchema).default([]),
  TESTIMONIALS: jsonSetting(testimonialsSchema).default([]),
  PROMOTIONS: jsonSetting(configuredPromotionsSchema).default([]),
  /** `allow` runs the built-in issuer (no Google client) on an https:// PUBLIC_URL; see loadConfig. */
  LOCAL_SIGN_IN: z.enum(['allow'], "must be 'allow' (or unset)").optional(),
  /** `allow` runs the payment sandbox (no STRIPE_SECRET_KEY) on an https:// PUBLIC_URL; see paymentsOf. */
  PAYMENTS_SANDBOX: z.enum(['allow'], "must be 'allow' (or unset)").optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'SESSION_SECRET' | 'LOG_LEVEL' | 'LOG_FORMAT' | 'INBOUND_DOMAIN'> {
  SESSION_SECRET: string;
  /** Absolute data directory. */
  dataDir: string;
  /** The origin users reach us at; derived from PORT when PUBLIC_URL is not set. */
  publicUrl: string;
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dir: string | null };
  /**
   * The domain of the return path and the mailto: unsubscribe address: INBOUND_DOMAIN, or PUBLIC_URL's
   * host where mail goes no further than the local mailbox (its simulator answers there). Null when
   * mail leaves by SMTP or Gmail and no INBOUND_DOMAIN says where it comes back: messages then keep
   * the sender's own return path and only the https one-click unsubscribe, so an upgrade never sends
   * bounces, or a relay's MAIL FROM check, to a domain nobody reads.
   */
  inboundDomain: string | null;
  /** The bounce and reply mailbox the worker reads (INBOUND_IMAP_URL), or null. */
  inboundImap: ImapMailbox | null;
  /** The From header of outgoing mail (MAIL_FROM or its default). */
  mailFrom: string;
  /** Google when its client is configured, else the built-in issuer under /oidc. */
  signIn: { provider: 'google'; clientId: string; clientSecret: string } | { provider: 'local' };
  /**
   * Stripe when STRIPE_SECRET_KEY is set; else the payment sandbox in this process, whose API key
   * and webhook secret derive from SESSION_SECRET (stable across restarts, unguessable).
   */
  payments: { provider: 'stripe' | 'sandbox'; secretKey: string; webhookSecret: string };
  /** DKIM signing of merge messages, when DKIM_PRIVATE_KEY, DKIM_SELECTOR and DKIM_DOMAIN are set. */
  dkim: { privateKey: string; keySelector: string; domainName: string } | null;
  /**
   * The log, by shape unless LOG_LEVEL / LOG_FORMAT say otherwise: someone trying the embedded
   * default at a terminal reads warnings and errors as text; production gets every request as JSON.
   */
  log: { level: NonNullable<Env['LOG_LEVEL']>; format: NonNullable<Env['LOG_FORMAT']> };
}

export class ConfigError extends Error {}

export interface ImapMailbox {
  host: string;
  port: number;
  /** TLS from the start (imaps://); else plain, upgraded with STARTTLS where the server offers it. */
  secure: boolean;
  user: string;
  pass: string;
  mailbox: string;
}

/**
 * INBOUND_IMAP_URL, taken apart. The mailbox only receives what is sent to INBOUND_DOMAIN, so a
 * mailbox without one would be read for mail that never comes: a mistake worth stopping for.
 */
function inboundImapOf(env: Env): ImapMailbox | null {
  if (!env.INBOUND_IMAP_URL) return null;
  if (!env.INBOUND_DOMAIN) {
    throw new ConfigError(
      'Refusing to start: INBOUND_IMAP_URL is set but INBOUND_DOMAIN is not, so merge messages would ' +
        "keep the sender's return path and no bounce would reach that mailbox. Set INBOUND_DOMAIN to " +
        'the domain whose mail lands in it.',
    );
  }
  const url = new URL(env.INBOUND_IMAP_URL);
  const secure = url.protocol === 'imaps:';
  const mailbox = decodeURIComponent(url.pathname.replace(/^\//, ''));
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 993 : 143,
    secure,
    user: decodeURIComponent(url.username),
    pass: decodeURIComponent(url.password),
    mailbox: mailbox || 'INBOX',
  };
}

function parseEnv(env: NodeJS.ProcessEnv): Env {
  // `FOO=` in a shell or compose file means "not set", not "set to nothing".
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** Reads the session secret from DATA_DIR, creating it on first start so restarts keep sessions. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The built-in issuer signs in whoever types an address, which suits the embedded shape on a
 * private machine. An https:// PUBLIC_URL says the install is reachable by others, so it needs
 * Google, or the operator saying on purpose that the built-in sign-in is wanted there.
 */
function checkSignIn(signIn: Config['signIn'], publicUrl: string, env: Env): void {
  if (signIn.provider !== 'local' || !publicUrl.startsWith('https://') || env.LOCAL_SIGN_IN === 'allow') {
    return;
  }
  throw new ConfigError(
    `Refusing to start: PUBLIC_URL is ${publicUrl} but no Google client is configured, so sign-in ` +
      'would use the built-in local issuer, which vouches for any address typed into it (anyone who ' +
      'reaches this server could sign in as anyone). Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, ' +
      'or set LOCAL_SIGN_IN=allow if this https install is private and the local sign-in is intended.',
  );
}

/** DKIM needs its three settings together; a partial set is a mistake worth stopping for. */
function dkimOf(env: Env): Config['dkim'] {
  const { DKIM_PRIVATE_KEY: key, DKIM_SELECTOR: selector, DKIM_DOMAIN: domain } = env;
  if (!key && !selector && !domain) return null;
  if (!key || !selector || !domain) {
    throw new ConfigError(
      'Refusing to start: DKIM needs DKIM_PRIVATE_KEY, DKIM_SELECTOR and DKIM_DOMAIN together; set all three or none.',
    );
  }
  return { privateKey: key.replace(/\\n/g, '\n'), keySelector: selector, domainName: domain };
}

/** A secret of the sandbox's own, derived from the session secret so none needs storing. */
const derivedSecret = (sessionSecret: string, purpose: string) =>
  createHmac('sha256', sessionSecret).update(`stripe-sandbox:${purpose}`).digest('hex');

/**
 * The sandbox sells Pro for the test card 4242, which suits the embedded shape on a private
 * machine. An https:// PUBLIC_URL says the install is reachable by others, so it needs Stripe, or
 * the operator saying on purpose that the sandbox is wanted there (a staging install).
 */
function paymentsOf(env: Env, sessionSecret: string, publicUrl: string): Config['payments'] {
  if (!env.STRIPE_SECRET_KEY) {
    if (publicUrl.startsWith('https://') && env.PAYMENTS_SANDBOX !== 'allow') {
      throw new ConfigError(
        `Refusing to start: PUBLIC_URL is ${publicUrl} but STRIPE_SECRET_KEY is not set, so payments ` +
          'would go to the built-in payment sandbox, where anyone can buy any plan with a test card. ' +
          'Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or set PAYMENTS_SANDBOX=allow if this https ' +
          'install is not meant to take real payments.',
      );
    }
    return {
      provider: 'sandbox',
      secretKey: `sk_test_sandbox_${derivedSecret(sessionSecret, 'api-key')}`,
      webhookSecret: `whsec_${derivedSecret(sessionSecret, 'webhook')}`,
    };
  }
  if (!env.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      'Refusing to start: STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not, so no Stripe event ' +
        'could be verified. Set it to the signing secret (whsec_…) of the webhook endpoint ' +
        '/api/v1/webhooks/stripe.',
    );
  }
  return { provider: 'stripe', secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = parseEnv(env);
  const dataDir = path.resolve(parsed.DATA_DIR);
  const publicUrl = (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, '');
  const signIn: Config['signIn'] =
    parsed.GOOGLE_CLIENT_ID && parsed.GOOGLE_CLIENT_SECRET
      ? { provider: 'google', clientId: parsed.GOOGLE_CLIENT_ID, clientSecret: parsed.GOOGLE_CLIENT_SECRET }
      : { provider: 'local' };
  checkSignIn(signIn, publicUrl, parsed);
  const sessionSecret = parsed.SESSION_SECRET ?? loadOrCreateSecret(dataDir);
  const embedded = !parsed.DATABASE_URL;
  return {
    ...parsed,
    dataDir,
    SESSION_SECRET: sessionSecret,
    payments: paymentsOf(parsed, sessionSecret, publicUrl),
    dkim: dkimOf(parsed),
    publicUrl,
    inboundDomain:
      parsed.INBOUND_DOMAIN ??
      (parsed.SMTP_URL || signIn.provider === 'google' ? null : new URL(publicUrl).hostname),
    inboundImap: inboundImapOf(parsed),
    mailFrom:
      parsed.MAIL_FROM ??
      `"${parsed.PRODUCT_NAME.replace(/["\\\r\n]/g, '')}" <no-reply@${new URL(publicUrl).hostname}>`,
    signIn,
    log: {
      level: parsed.LOG_LEVEL ?? (embedded ? 'warn' : 'info'),
      format: parsed.LOG_FORMAT ?? (embedded ? 'readable' : 'json'),
    },
    database: parsed.DATABASE_URL
      ? { kind: 'postgres', url: parsed.DATABASE_URL }
      : { kind: 'pglite', dir: path.join(dataDir, 'pgdata') },
  };
}
