import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startDnsTestServer, type DnsTestServer } from '../../apps/server/src/testing/dns-test-server';
import { viewports, runJourneys } from '../lib/browser';
import { stillShot as shot, uploadFromComposer, waitUntilSent } from '../lib/composer';
import { journeyEnvironment } from '../lib/environment';
import { completeLocalSignIn } from '../lib/sign-in';
import { spacePrefixOf } from '../lib/session';

const key = generateKeyPairSync('rsa', { modulusLength: 2048 });
const publicKey = key.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');

/** good.test is ready for the local mailbox (127.0.0.1) and the key the server signs with; bad.test is not. */
const ZONE = {
  'good.test': { TXT: ['v=spf1 ip4:127.0.0.1 -all'] },
  'mb._domainkey.good.test': { TXT: [`v=DKIM1; k=rsa; p=${publicKey}`] },
  '_dmarc.good.test': { TXT: ['v=DMARC1; p=none'] },
  'bad.test': { TXT: ['v=spf1 -all'] },
};

/** A CSV of `count` people, written to a file of its own. */
function peopleCsv(name: string, count: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mb-send-guard-'));
  const file = path.join(dir, name);
  const rows = Array.from({ length: count }, (_, i) => `Person ${i + 1},person${i + 1}@people.example`);
  writeFileSync(file, ['First name,Email', ...rows].join('\n'));
  return file;
}

/** A new account signs up through the built-in issuer and lands in its own space. */
async function signUp(page: Page, baseUrl: string, email: string): Promise<string> {
  await page.goto(`${baseUrl}/signup`);
  await page.getByRole('button', { name: 'Create an account with your email' }).click();
  await completeLocalSignIn(page, { email, name: email.split('@')[0]! });
  await page.waitForURL(/\/get-started$/);
  await page.goto(`${baseUrl}/`);
  await page.waitForURL(/\/mail-merges\/sent$/);
  return spacePrefixOf(page.url());
}

/** From the Recipients step to the Send step, with a message of its own. */
async function reachSendStep(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Next: Message' }).click();
  await page.getByRole('textbox', { name: 'Subject' }).fill('Hello {{First name}}');
  await page.getByRole('textbox', { name: 'Message' }).fill('Dear {{First name}}, our news.');
  await page.getByRole('button', { name: 'Next: Send' }).click();
}

describe.skipIf(!runJourneys)('journeys: the send guard checks the sending domain before Send', () => {
  let dns: DnsTestServer;
  const serverEnv: NodeJS.ProcessEnv = {};
  beforeAll(async () => {
    dns = await startDnsTestServer(ZONE);
    Object.assign(serverEnv, {
      DNS_SERVERS: dns.address,
      DKIM_PRIVATE_KEY: key.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      DKIM_SELECTOR: 'mb',
      DKIM_DOMAIN: 'good.test',
    });
  });
  afterAll(async () => {
    await dns?.stop();
  });
  const env = journeyEnvironment(serverEnv);

  it('a merge from good.test shows pass and sends', async () => {
    const page = await env.browser.newPage({ viewport: viewports.desktop });
    const prefix = await signUp(page, env.server.url, 'owner@good.test');
    const spreadsheet = await uploadFromComposer(page, peopleCsv('good-people.csv', 5));
    await page.getByRole('group', { name: 'Valid' }).getByText('5', { exact: true }).waitFor();
    await reachSendStep(page);
    const panel = page.getByRole('region', { name: 'Sending domain' });
    await panel.getByText('Sending domain ready').waitFor();
    await panel.getByText('good.test: SPF, DKIM and DMARC pass.').waitFor();
    await shot(page, 'send-guard-pass-desktop');
    await page.getByRole('button', { name: 'Send now' }).click();
    await page
      .getByRole('dialog', { name: 'Send this mail merge?' })
      .getByRole('button', { name: 'Send 5 emails' })
      .click();
    await page.waitForURL((url) => url.pathname === `${prefix}/mail-merges/scheduled`);
    await waitUntilSent(page, `${env.server.url}${prefix}/mail-merges/sent`, spreadsheet, 5);
    await page.setViewportSize(viewports.mobile);
    await shot(page, 'send-guard-pass-sent-mobile');
    await page.close();
  });

  it('a merge of 120 from bad.test shows what to publish and is blocked above 100', async () => {
    const page = await env.browser.newPage({ viewport: viewports.desktop });
    await signUp(page, env.server.url, 'owner@bad.test');
    await uploadFromComposer(page, peopleCsv('bad-people.csv', 120));
    await page.getByRole('group', { name: 'Valid' }).getByText('120', { exact: true }).waitFor();
    await reachSendStep(page);
    const panel = page.getByRole('region', { name: 'Sending domain' });
    await panel.getByText('bad.test is not ready for bulk mail').waitFor();
    await panel.getByText('v=spf1 ip4:127.0.0.1 -all').waitFor();
    await panel.getByText('v=DMARC1; p=none; adkim=r; aspf=r').waitFor();
    expect(await panel.getByRole('button', { name: 'Copy SPF record value' }).count()).toBe(1);
    const send = page.getByRole('button', { name: 'Send now' });
    expect(await send.isDisabled()).toBe(true);
    await panel
      .getByText('Sending to more than 100 recipients is off until these records are published.')
      .waitFor();
    await shot(page, 'send-guard-blocked-desktop');
    // The owner may send anyway, knowingly.
    await panel.getByRole('checkbox', { name: /^Send anyway/ }).check();
    expect(await send.isEnabled()).toBe(true);
    // The composer, and so its check, is desktop only: at 375 px the page says so.
    await page.setViewportSize(viewports.mobile);
    await page.getByText('To create a mail merge, please visit the desktop version.').waitFor();
    await shot(page, 'send-guard-composer-mobile');
    await page.close();
  });

  it("with the DNS server stopped, 'Could not check' appears within 6 s and sending is allowed with a warning", async () => {
    await dns.stop();
    const page = await env.browser.newPage({ viewport: viewports.desktop });
    const prefix = await signUp(page, env.server.url, 'owner@quiet.test');
    await uploadFromComposer(page, peopleCsv('quiet-people.csv', 120));
    await page.getByRole('group', { name: 'Valid' }).getByText('120', { exact: true }).waitFor();
    await reachSendStep(page);
    const panel = page.getByRole('region', { name: 'Sending domain' });
    await panel.getByText('Could not check the sending domain').waitFor({ timeout: 6_000 });
    await shot(page, 'send-guard-unchecked-desktop');
    await page.getByRole('button', { name: 'Send now' }).click();
    await page
      .getByRole('dialog', { name: 'Send this mail merge?' })
      .getByRole('button', { name: 'Send 120 emails' })
      .click();
    await page.waitForURL((url) => url.pathname === `${prefix}/mail-merges/scheduled`);
    await page.close();
  });
});
