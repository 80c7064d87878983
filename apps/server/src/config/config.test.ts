import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration from the environment', () => {
  it('runs embedded with no environment: PGlite under DATA_DIR, port 8080, product Mergeboard', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mb-config-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.PORT).toBe(8080);
    expect(config.PRODUCT_NAME).toBe('Mergeboard');
    expect(config.database).toEqual({ kind: 'pglite', dir: path.join(dataDir, 'pgdata') });
    expect(config.publicUrl).toBe('http://localhost:8080');
  });

  it('generates the session secret once and keeps it in DATA_DIR, so restarts keep sessions', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mb-config-'));
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, 'session-secret'), 'utf8')).toBe(first.SESSION_SECRET);
    expect(loadConfig({ DATA_DIR: dataDir }).SESSION_SECRET).toBe(first.SESSION_SECRET);
  });

  it('switches to PostgreSQL when DATABASE_URL is set and treats an empty value as unset', () => {
    const env = { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mb-config-')) };
    expect(loadConfig({ ...env, DATABASE_URL: 'postgres://u@h:5432/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h:5432/db',
    });
    expect(loadConfig({ ...env, DATABASE_URL: '' }).database.kind).toBe('pglite');
  });

  it('stops with a message naming each bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SESSION_SECRET: 'short' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SESSION_SECRET: 'short' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/DATABASE_URL: must be a postgres:\/\/ URL/);
      expect((error as Error).message).toMatch(/SESSION_SECRET: must be at least 32 characters/);
    }
  });

  it('AUTH-037 SHELL-009 (issue 24) takes the install content as JSON and links as URLs, none by default, and stops naming a bad one', () => {
    const env = { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mb-config-')) };
    const plain = loadConfig(env);
    expect(plain.SUPPORT_URL).toBeUndefined();
    expect(plain.TERMS_URL).toBeUndefined();
    expect(plain).toMatchObject({ REVIEW_BADGES: [], TESTIMONIALS: [], PROMOTIONS: [] });
    const configured = loadConfig({
      ...env,
      SUPPORT_URL: 'mailto:help@acme.test',
      REVIEW_BADGES: '[{"score":"4.7/5","source":"G2"}]',
      TESTIMONIALS: '[{"quote":"It works.","author":"Ana, Acme"}]',
    });
    expect(configured.SUPPORT_URL).toBe('mailto:help@acme.test');
    expect(configured.REVIEW_BADGES).toEqual([{ score: '4.7/5', source: 'G2' }]);
    expect(configured.TESTIMONIALS).toEqual([{ quote: 'It works.', author: 'Ana, Acme' }]);
    const bad = () =>
      loadConfig({
        ...env,
        TERMS_URL: 'javascript:alert(1)',
        REVIEW_BADGES: '4.9 on G2',
        PROMOTIONS: '[{"name":"Only a name"}]',
      });
    expect(bad).toThrow(/TERMS_URL: must be an http\(s\):\/\/ URL/);
    expect(bad).toThrow(/REVIEW_BADGES: must be JSON/);
    expect(bad).toThrow(/PROMOTIONS\.0\.description/);
  });

  it('AUTH-001 signs in with Google when its client is configured, else with the built-in issuer', () => {
    const env = { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mb-config-')) };
    expect(loadConfig(env).signIn).toEqual({ provider: 'local' });
    expect(
      loadConfig({ ...env, GOOGLE_CLIENT_ID: 'id.apps.example', GOOGLE_CLIENT_SECRET: 's3cret' }).signIn,
    ).toEqual({
      provider: 'google',
      clientId: 'id.apps.example',
      clientSecret: 's3cret',
    });
    // Half a Google configuration is not a Google configuration.
    expect(loadConfig({ ...env, GOOGLE_CLIENT_ID: 'id.apps.example' }).signIn).toEqual({ provider: 'local' });
  });

  it('AUTH-001 refuses to start the built-in issuer on an https:// PUBLIC_URL unless LOCAL_SIGN_IN=allow', () => {
    const env = {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mb-config-')),
      PUBLIC_URL: 'https://mail.example.com',
      PAYMENTS_SANDBOX: 'allow',
    };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/vouches for any address typed into it/);
    expect(() => loadConfig(env)).toThrow(/GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/);
    expect(() => loadConfig(env)).toThrow(/LOCAL_SIGN_IN=allow/);
    // Said on purpose: a private install behind https.
    expect(loadConfig({ ...env, LOCAL_SIGN_IN: 'allow' }).signIn).toEqual({ provider: 'local' });
    // With Google, or on plain http (the embedded shape), there is nothing to refuse.
    expect(
      loadConfig({ ...env, GOOGLE_CLIENT_ID: 'id.apps.example', GOOGLE_CLIENT_SECRET: 's3cret' }).signIn
        .provider,
    ).toBe('google');
    expect(loadConfig({ ...env, PUBLIC_URL: 'http://localhost:8080' }).signIn).toEqual({ provider: 'local' });
    expect(() => loadConfig({ ...env, LOCAL_SIGN_IN: 'yes' })).toThrow(/LOCAL_SIGN_IN/);
  });
  it('sends mail from MAIL_FROM, else from the product at the public host; SMTP_URL must be smtp(s)://', () => {
    const env = { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mb-config-')) };
    expect(
      loadConfig({
        ...env,
        PUBLIC_URL: 'https://mail.example.com',
        LOCAL_SIGN_IN: 'allow',
        PAYMENTS_SANDBOX: 'allow',
      }).mailFrom,
    ).toBe('"Mergeboard" <no-reply@mail.example.com>');
    expect(loadConfig({ ...env, MAIL_FROM: 'Team <team@acme.example>' }).mailFrom).toBe(
      'Team <team@acme.example>',
    );
    expect(() => loadConfig({ ...env, SMTP_URL: 'mail.example:25' })).toThrow(
      /SMTP_URL: must be an smtp:\/\//,
    );
    expect(loadConfig({ ...env, SMTP_URL: 'smtps://u:p@mail.example:465' }).SMTP_URL).toBe(
      'smtps://u:p@mail.example:465',
    );
  });
  it('takes mail back at INBOUND_DOMAIN, else at the public host for the local mailbox only; a bad domain stops the start', () => {
    const env = {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mb-config-')),
      PUBLIC_URL: 'http://mb.example:8080',
    };
    expect(loadConfig(env).inboundDomain).toBe('mb.example');
    expect(loadConfig({ ...env, INBOUND_DOMAIN: 'Bounces.Example.COM' }).inboundDomain).toBe(
      'bounces.example.com',
    );
    expect(() => loadConfig({ ...env, INBOUND_DOMAIN: 'bounces@example.com' })).toThrow(/INBOUND_DOMAIN/);
    // Mail that leaves by SMTP keeps the sender's return path until an INBOUND_DOMAIN is read.
    const smtp = { ...env, SMTP_URL: 'smtp://mail.example:25' };
    expect(loadConfig(smtp).inboundDomain).toBeNull();
    expect(loadConfig({ ...smtp, INBOUND_DOMAIN: 'bounces.example.com' }).inboundDomain).toBe(
      'bounces.example.com',
    );
  });
  it('reads the bounce mailbox named by INBOUND_IMAP_URL, only with an INBOUND_DOMAIN', () => {
    const env = {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mb-config-')),
      INBOUND_DOMAIN: 'bounces.example.com',
    };
    expect(loadConfig(env).inboundImap).toBeNull();
    expect(
      loadConfig({
        ...env,
        INBOUND_IMAP_URL: 'imaps://bounce%40example.com:p%2Fss@imap.example.com/Bounces%2FIn',
      }).inboundImap,
    ).toEqual({
      host: 'imap.example.com',
      port: 993,
      secure: true,
      user: 'bounce@example.com',
      pass: 'p/ss',
      mailbox: 'Bounces/In',
    });
    expect(
      loadConfig({ ...env, INBOUND_IMAP_URL: 'imap://u:p@imap.example.com:1143' }).inboundImap,
    ).toMatchObject({
      port: 1143,
      secure: false,
      mailbox: 'INBOX',
    });
    expect(() => loadConfig({ ...env, INBOUND_IMAP_URL: 'https://u:p@imap.example.com' })).toThrow(
      /INBOUND_IMAP_URL: must be an imap/,
    );
    expect(() => loadConfig({ ...env, INBOUND_IMAP_URL: 'imaps://u:p@imap.example.com:99999' })).toThrow(
      /INBOUND_IMAP_URL: must be a valid URL/,
    );
    const { INBOUND_DOMAIN: _, ...withoutDomain } = env;
    expect(() => loadConfig({ ...withoutDomain, INBOUND_IMAP_URL: 'imaps://u:p@imap.example.com' })).toThrow(
      /INBOUND_IMAP_URL is set but INBOUND_DOMAIN is not/,
    );
  });
  it('refuses to start the payment sandbox on an https:// PUBLIC_URL unless PAYMENTS_SANDBOX=allow', () => {
    // Google is configured, so only the payments are left to the sandbox (the probe's case).
    const env = {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mb-config-')),
      PUBLIC_URL: 'https://mail.example.com',
      GOOGLE_CLIENT_ID: 'id.apps.example',
      GOOGLE_CLIENT_SECRET: 's3cret',
    };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/anyone can buy any plan with a test card/);
    expect(() => loadConfig(env)).toThrow(/STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig(env)).toThrow(/PAYMENTS_SANDBOX=allow/);
    // Said on purpose: a staging install behind https.
    expect(loadConfig({ ...env, PAYMENTS_SANDBOX: 'allow' }).payments.provider).toBe('sandbox');
    // With Stripe, or on plain http (the embedded shape), there is nothing to refuse.
    expect(
      loadConfig({ ...env, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).payments
        .provider,
    ).toBe('stripe');
    expect(loadConfig({ ...env, PUBLIC_URL: 'http://localhost:8080' }).payments.provider).toBe('sandbox');
    expect(() => loadConfig({ ...env, PAYMENTS_SANDBOX: 'yes' })).toThrow(/PAYMENTS_SANDBOX/);
  });

  it('pays through the sandbox without STRIPE_SECRET_KEY, with secrets of its own that survive restarts', () => {
    const secret = { SESSION_SECRET: 'a'.repeat(40), DATA_DIR: '/nonexistent' };
    const sandbox = loadConfig(secret).payments;
    expect(sandbox.provider).toBe('sandbox');
    expect(sandbox.secretKey).toMatch(/^sk_test_sandbox_[0-9a-f]{64}$/);
    expect(sandbox.webhookSecret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(loadConfig(secret).payments).toEqual(sandbox);
    expect(loadConfig({ ...secret, SESSION_SECRET: 'b'.repeat(40) }).payments.secretKey).not.toBe(
      sandbox.secretKey,
    );
  });

  it('pays through Stripe with STRIPE_SECRET_KEY, and refuses to start without its webhook secret', () => {
    const env = { SESSION_SECRET: 'a'.repeat(40), DATA_DIR: '/nonexistent', STRIPE_SECRET_KEY: 'sk_live_x' };
    expect(() => loadConfig(env)).toThrow(/STRIPE_WEBHOOK_SECRET is not/);
    expect(loadConfig({ ...env, STRIPE_WEBHOOK_SECRET: 'whsec_x' }).payments).toEqual({
      provider: 'stripe',
      secretKey: 'sk_live_x',
      webhookSecret: 'whsec_x',
    });
  });

  it('takes DKIM settings all three together (\\n in the key for line breaks) and refuses a partial set', () => {
    const env = { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mb-config-')) };
    expect(loadConfig(env).dkim).toBeNull();
    const dkim = loadConfig({
      ...env,
      DKIM_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----',
      DKIM_SELECTOR: 'mb',
      DKIM_DOMAIN: 'merge.example',
    }).dkim;
    expect(dkim).toEqual({
      privateKey: '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----',
      keySelector: 'mb',
      domainName: 'merge.example',
    });
    expect(() => loadConfig({ ...env, DKIM_SELECTOR: 'mb' })).toThrow(
      /DKIM_PRIVATE_KEY, DKIM_SELECTOR and DKIM_DOMAIN together/,
    );
  });

  it('asks the DNS servers of DNS_SERVERS for the sending-domain check (the system resolvers when unset), and stops naming a bad list', () => {
    const env = { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mb-config-')) };
    expect(loadConfig(env).DNS_SERVERS).toBeUndefined();
    expect(loadConfig({ ...env, DNS_SERVERS: '127.0.0.1:5353, 10.0.0.2,[::1]:53' }).DNS_SERVERS).toEqual([
      '127.0.0.1:5353',
      '10.0.0.2',
      '[::1]:53',
    ]);
    for (const bad of ['dns.example:53', '127.0.0.1:0', '127.0.0.1,', '127.0.0.1:99999']) {
      expect(() => loadConfig({ ...env, DNS_SERVERS: bad })).toThrow(
        /DNS_SERVERS: must be a comma-separated list/,
      );
    }
  });
});
