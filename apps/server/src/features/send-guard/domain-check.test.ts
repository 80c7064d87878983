import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendingDomainCheckSchema } from '@mergeboard/core';
import { startDnsTestServer, type DnsTestServer, type DnsZone } from '../../testing/dns-test-server';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { sendingDomainCheckFor, type DomainCheckOptions } from './send-guard-service';

const rsaKey = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const publishedValue = (key: ReturnType<typeof rsaKey>) =>
  `v=DKIM1; k=rsa; p=${key.publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;

const signing = rsaKey();
const other = rsaKey();
const dkim = {
  privateKey: signing.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  keySelector: 'mb',
  domainName: 'good.test',
};

/** good.test: everything right for the local mailbox (127.0.0.1) and the configured key. */
const goodZone = (): DnsZone => ({
  'good.test': { A: ['127.0.0.1'], TXT: ['v=spf1 ip4:127.0.0.1 -all'] },
  'mb._domainkey.good.test': { TXT: [publishedValue(signing)] },
  '_dmarc.good.test': { TXT: ['v=DMARC1; p=none'] },
});

describe('the sending domain pre-flight check (SPF, DKIM, DMARC through mailauth, from a local DNS)', () => {
  let dns: DnsTestServer;
  let database: TestDatabase;
  const start = new Date('2026-03-02T10:00:00Z');
  const later = (ms: number) => new Date(start.getTime() + ms);

  const check = (email: string, overrides: Partial<DomainCheckOptions> = {}) =>
    sendingDomainCheckFor({
      db: database.db,
      config: { DNS_SERVERS: [dns.address], dkim },
      email,
      shape: { transport: 'local' },
      now: start,
      timeoutMs: 1_000,
      ...overrides,
    });

  beforeAll(async () => {
    dns = await startDnsTestServer();
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await dns.stop();
    await database.destroy();
  });
  beforeEach(async () => {
    dns.resume();
    dns.setZone(goodZone());
    await database.execute('DELETE FROM sending_domain_checks');
  });

  it('passes a domain whose SPF allows 127.0.0.1 (the local mailbox), whose DKIM key is the configured one and whose DMARC policy aligns', async () => {
    const result = await check('owner@good.test');
    expect(sendingDomainCheckSchema.parse(result)).toMatchObject({
      domain: 'good.test',
      outcome: 'PASS',
      sendingHost: '127.0.0.1',
      spf: { status: 'pass', publish: null },
      dkim: { status: 'pass', publish: null },
      dmarc: { status: 'pass', publish: null },
    });
    expect(result.dmarc.detail).toMatch(/p=none.*DKIM \(good\.test, relaxed alignment\)/);
  });

  it('fails an SPF record that excludes the sending host, and says which record to publish instead', async () => {
    dns.setZone({ ...goodZone(), 'good.test': { TXT: ['v=spf1 -all'] } });
    const result = await check('owner@good.test');
    expect(result.outcome).toBe('FAIL');
    expect(result.spf).toMatchObject({
      status: 'fail',
      publish: { type: 'TXT', name: 'good.test', value: 'v=spf1 ip4:127.0.0.1 -all' },
    });
    expect(result.spf.detail).toContain('does not allow 127.0.0.1');
    // DKIM still aligns, so DMARC passes through it.
    expect(result.dmarc.status).toBe('pass');
  });

  it('checks SPF for the SMTP relay’s address under SMTP_URL', async () => {
    dns.setZone({ ...goodZone(), 'good.test': { TXT: ['v=spf1 ip4:192.0.2.10 -all'] } });
    const relayed = await check('owner@good.test', { shape: { transport: 'smtp', relayHost: '192.0.2.10' } });
    expect(relayed).toMatchObject({ outcome: 'PASS', sendingHost: '192.0.2.10', transport: 'smtp' });
  });

  it('reports a missing DMARC policy with the record to publish', async () => {
    const { '_dmarc.good.test': _dmarc, ...zone } = goodZone();
    dns.setZone(zone);
    const result = await check('owner@good.test');
    expect(result.outcome).toBe('FAIL');
    expect(result.dmarc).toMatchObject({
      status: 'missing',
      publish: { type: 'TXT', name: '_dmarc.good.test', value: 'v=DMARC1; p=none; adkim=r; aspf=r' },
    });
  });

  it('fails a published DKIM key that is not the configured one, giving the key to publish', async () => {
    dns.setZone({ ...goodZone(), 'mb._domainkey.good.test': { TXT: [publishedValue(other)] } });
    const result = await check('owner@good.test');
    expect(result.outcome).toBe('FAIL');
    expect(result.dkim).toMatchObject({
      status: 'fail',
      publish: { type: 'TXT', name: 'mb._domainkey.good.test', value: publishedValue(signing) },
    });
  });

  it('says DKIM is missing for a domain the install does not sign for, naming what to configure', async () => {
    dns.setZone({ 'bad.test': { TXT: ['v=spf1 -all'] } });
    const result = await check('owner@bad.test');
    expect(result).toMatchObject({
      outcome: 'FAIL',
      spf: { status: 'fail' },
      dkim: { status: 'missing', publish: null },
      dmarc: { status: 'missing' },
    });
    expect(result.dkim.detail).toContain('DKIM_DOMAIN=bad.test');
  });

  it('answers UNCHECKED, never a pass, when DNS is silent past the timeout', async () => {
    dns.silence();
    const result = await check('owner@good.test', { timeoutMs: 300 });
    expect(result).toMatchObject({
      outcome: 'UNCHECKED',
      spf: { status: 'unchecked' },
      dkim: { status: 'unchecked' },
      dmarc: { status: 'unchecked' },
    });
  });

  it('covers a personal Gmail account sending through Gmail without asking DNS', async () => {
    dns.silence();
    const result = await check('someone@gmail.com', { shape: { transport: 'gmail' } });
    expect(result).toMatchObject({ outcome: 'PASS', spf: { status: 'pass' }, dkim: { status: 'pass' } });
    expect(result.spf.detail).toContain('Google');
  });

  it('checks a Google Workspace domain for Google’s SPF include and the google DKIM selector', async () => {
    dns.setZone({
      'work.test': { TXT: ['v=spf1 -all'] },
      '_dmarc.work.test': { TXT: ['v=DMARC1; p=none'] },
    });
    const result = await check('owner@work.test', { shape: { transport: 'gmail' } });
    expect(result.spf).toMatchObject({
      status: 'fail',
      publish: { name: 'work.test', value: 'v=spf1 include:_spf.google.com -all' },
    });
    expect(result.dkim).toMatchObject({
      status: 'missing',
      publish: { name: 'google._domainkey.work.test' },
    });
  });

  it('stores each check and reuses it for 5 minutes; an UNCHECKED one only for 30 seconds', async () => {
    const first = await check('owner@good.test');
    const stored = await database.execute(
      'SELECT outcome, result FROM sending_domain_checks WHERE domain = $1',
      ['good.test'],
    );
    expect(stored.rows[0]).toEqual({ outcome: 'PASS', result: first });

    dns.setZone({ ...goodZone(), 'good.test': { TXT: ['v=spf1 -all'] } });
    expect(await check('owner@good.test', { now: later(4 * 60_000) })).toEqual(first);
    expect((await check('owner@good.test', { now: later(5 * 60_000 + 1) })).outcome).toBe('FAIL');

    await database.execute('DELETE FROM sending_domain_checks');
    dns.setZone(goodZone());
    dns.silence();
    expect((await check('owner@good.test', { timeoutMs: 300 })).outcome).toBe('UNCHECKED');
    dns.resume();
    expect((await check('owner@good.test', { now: later(20_000) })).outcome).toBe('UNCHECKED');
    expect((await check('owner@good.test', { now: later(30_001) })).outcome).toBe('PASS');
  });
});
