import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshotDir, viewports, runJourneys } from '../lib/browser';
import { startBuiltServer, type StartedServer } from '../lib/server';

describe.skipIf(!runJourneys)('journey: first start of the built app', () => {
  let server: StartedServer;
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
    server = await startBuiltServer();
  });
  afterAll(async () => {
    await browser?.close();
    if (server && server.process.exitCode === null) await server.stop();
  });

  for (const [name, viewport] of Object.entries(viewports)) {
    it(`ROUTE-002 opening / lands on the login page (${name} ${viewport.width}px) with the product title`, async () => {
      const page = await browser.newPage({ viewport });
      await page.goto(`${server.url}/`);
      await page.waitForURL(/\/login(\?|$)/);
      // The login screen loads lazily: wait for it rather than sampling once.
      await page.getByRole('heading', { name: 'Welcome to Mergeboard' }).waitFor();
      expect(await page.title()).toBe('Login | Mergeboard');
      await page.screenshot({ path: path.join(screenshotDir, `login-${name}.png`), fullPage: true });
      await page.close();
    });
  }

  it('ROUTE-004 keeps the asked-for path in ?continue= when sending a logged-out visitor to /login', async () => {
    const page = await browser.newPage({ viewport: viewports.desktop });
    await page.goto(`${server.url}/123/acme-sales/mail-merges/sent?x=1`);
    await page.waitForURL(/\/login\?/);
    expect(new URL(page.url()).searchParams.get('continue')).toBe('/123/acme-sales/mail-merges/sent?x=1');
    await page.close();
  });

  it('shuts down gracefully on SIGTERM (exit code 0)', async () => {
    expect(await server.stop()).toBe(0);
    expect(server.output()).toContain('SIGTERM received');
  });
});
