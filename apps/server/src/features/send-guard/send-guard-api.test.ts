import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOMAIN_CHECK_BLOCK_ABOVE, getSendingDomainCheck, type Role } from '@mergeboard/core';
import { memberships, users } from '../../db/schema';
import { startDnsTestServer, type DnsTestServer } from '../../testing/dns-test-server';
import { PEOPLE_HEADER, people, senderWorld, sendNowBody, sheetFixture } from '../../testing/merge-test-kit';
import { signedInAs } from '../../testing/sessions';
import { createTestApp, type TestApp } from '../../testing/test-app';

interface Sender {
  userId: string;
  workspaceId: string;
  caller: { headers: { authorization: string } };
}

describe('the send guard on the API: the composer’s check and createMerge holding back large merges from a failing domain', () => {
  let t: TestApp;
  let dns: DnsTestServer;
  let space: string;
  let owner: Sender;
  let admin: Sender;
  let member: Sender;
  let good: Sender;

  /** A seat with `role` in `workspaceId`, signed in. */
  async function seat(email: string, role: Role, workspaceId: string): Promise<Sender> {
    const { db } = t.database;
    const [user] = await db.insert(users).values({ email, name: email }).returning();
    await db
      .insert(memberships)
      .values({ workspaceId, userId: user!.id, role, userPlan: 'PRO', isPaid: true });
    return { userId: user!.id, workspaceId, caller: await signedInAs(t, email) };
  }

  const merge = async (who: Sender, recipients: number, overrides: object = {}) => {
    const sheet = await sheetFixture(t.database.db, who, {
      header: PEOPLE_HEADER,
      rows: people(recipients),
    });
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/workspaces/${who.workspaceId}/merges`,
      headers: { ...who.caller.headers, 'content-type': 'application/json' },
      payload: JSON.stringify(sendNowBody(sheet, overrides)),
    });
  };
  const mergesOf = async (who: Sender) =>
    (await t.database.execute('SELECT id FROM merges WHERE user_id = $1', [who.userId])).rows.length;

  beforeAll(async () => {
    const key = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const publicKey = key.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    dns = await startDnsTestServer({
      'good.test': { TXT: ['v=spf1 ip4:127.0.0.1 -all'] },
      'mb._domainkey.good.test': { TXT: [`v=DKIM1; k=rsa; p=${publicKey}`] },
      '_dmarc.good.test': { TXT: ['v=DMARC1; p=none'] },
      'bad.test': { TXT: ['v=spf1 -all'] },
    });
    // The local mailbox shape (no SMTP_URL): SPF is checked for 127.0.0.1; DKIM signs good.test only.
    t = await createTestApp({
      env: {
        DNS_SERVERS: dns.address,
        DKIM_PRIVATE_KEY: key.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        DKIM_SELECTOR: 'mb',
        DKIM_DOMAIN: 'good.test',
      },
    });
    owner = await senderWorld(t, { plan: 'PRO', email: 'owner@bad.test' });
    space = owner.workspaceId;
    admin = await seat('admin@bad.test', 'ADMIN', space);
    member = await seat('member@bad.test', 'MEMBER', space);
    good = await senderWorld(t, { plan: 'PRO', email: 'owner@good.test' });
  });
  afterAll(async () => {
    await t.close();
    await dns.stop();
  });

  it('answers the composer with the caller’s domain check, whether a send of N would be blocked, and whether they may override', async () => {
    const ask = (who: Sender, recipients: number) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/workspaces/${who.workspaceId}/merges/sending-domain?recipients=${recipients}`,
        headers: who.caller.headers,
      });
    const failing = getSendingDomainCheck.response.parse((await ask(member, 101)).json());
    expect(failing).toMatchObject({
      blockAbove: DOMAIN_CHECK_BLOCK_ABOVE,
      blocked: true,
      canOverride: false,
    });
    expect(failing.check).toMatchObject({ domain: 'bad.test', outcome: 'FAIL', sendingHost: '127.0.0.1' });
    expect(failing.check.spf.publish).toEqual({
      type: 'TXT',
      name: 'bad.test',
      value: 'v=spf1 ip4:127.0.0.1 -all',
    });
    expect(getSendingDomainCheck.response.parse((await ask(owner, 100)).json())).toMatchObject({
      blocked: false,
      canOverride: true,
    });
    const passing = getSendingDomainCheck.response.parse((await ask(good, 5000)).json());
    expect(passing).toMatchObject({ blocked: false, check: { outcome: 'PASS' } });
    expect(passing.check.dmarc.detail).toContain('DKIM (good.test, relaxed alignment)');

    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/v1/workspaces/${space}/merges/sending-domain?recipients=many`,
      headers: owner.caller.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('recipients must be a whole number');
  });

  it('refuses a merge of more than 100 recipients from a failing domain before writing anything, naming the domain and the problem', async () => {
    const res = await merge(owner, DOMAIN_CHECK_BLOCK_ABOVE + 1);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'sending_domain_failed' });
    expect(res.json().error.message).toMatch(/bad\.test failed its check.*does not allow 127\.0\.0\.1/);
    expect(await mergesOf(owner)).toBe(0);

    const scheduled = await merge(owner, DOMAIN_CHECK_BLOCK_ABOVE + 1, {
      send: { mode: 'schedule', at: Date.now() + 3_600_000, timeZone: 'UTC' },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(422);
    expect(await mergesOf(owner)).toBe(0);
  });

  it('lets the owner and an admin send past it knowingly (overrideDomainCheck); a member asking to gets a 403 naming who can', async () => {
    expect((await merge(owner, 150, { overrideDomainCheck: true })).statusCode).toBe(201);
    expect((await merge(admin, 150, { overrideDomainCheck: true })).statusCode).toBe(201);
    const refused = await merge(member, 150, { overrideDomainCheck: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      "Only the space's owner or an admin can send past a failed sending-domain check",
    );
    expect(await mergesOf(member)).toBe(0);
  });

  it('never holds back a merge of 100 recipients or fewer, nor one from a passing domain', async () => {
    expect((await merge(member, DOMAIN_CHECK_BLOCK_ABOVE)).statusCode).toBe(201);
    expect((await merge(good, 150)).statusCode).toBe(201);
  });

  it('warns only when DNS does not answer: an UNCHECKED domain’s large merge goes out', async () => {
    // The tests' default DNS_SERVERS: a closed port, refusing every query.
    const silentApp = await createTestApp({ database: t.database });
    try {
      await t.database.execute('DELETE FROM sending_domain_checks');
      const sheet = await sheetFixture(t.database.db, owner, {
        header: PEOPLE_HEADER,
        rows: people(150),
      });
      const res = await silentApp.app.inject({
        method: 'POST',
        url: `/api/v1/workspaces/${space}/merges`,
        headers: { ...owner.caller.headers, 'content-type': 'application/json' },
        payload: JSON.stringify(sendNowBody(sheet)),
      });
      expect(res.statusCode, res.body).toBe(201);
      const stored = await t.database.execute('SELECT outcome FROM sending_domain_checks WHERE domain = $1', [
        'bad.test',
      ]);
      expect(stored.rows).toEqual([{ outcome: 'UNCHECKED' }]);
    } finally {
      await silentApp.close();
    }
  });
});
