import { describe, expect, it } from 'vitest';
import { viewports, runJourneys } from '../lib/browser';
import { journeyEnvironment } from '../lib/environment';
import { shot } from '../lib/session';

describe.skipIf(!runJourneys)('journey: first start of the built app', () => {
  const env = journeyEnvironment();

  for (const [name, viewport] of Object.entries(viewports)) {
    it(`ROUTE-002 opening / lands on the login page (${name} ${viewport.width}px) with the product title`, async () => {
      const page = await env.browser.newPage({ viewport });
      await page.goto(`${env.server.url}/`);
      await page.waitForURL(/\/login(\?|$)/);
      // The login screen loads lazily: wait for it rather than sampling once.
      await page.getByRole('heading', { name: 'Welcome to Mergeboard' }).waitFor();
      expect(await page.title()).toBe('Login | Mergeboard');
      await shot(page, `login-${name}`);
      await page.close();
    });
  }

  it('ROUTE-004 keeps the asked-for path in ?continue= when sending a logged-out visitor to /login', async () => {
    const page = await env.browser.newPage({ viewport: viewports.desktop });
    await page.goto(`${env.server.url}/123/acme-sales/mail-merges/sent?x=1`);
    await page.waitForURL(/\/login\?/);
    expect(new URL(page.url()).searchParams.get('continue')).toBe('/123/acme-sales/mail-merges/sent?x=1');
    await page.close();
  });

  it('prints a readable start line and no line per request (the embedded default), then shuts down gracefully on SIGTERM (exit code 0)', async () => {
    const afterPages = env.server.output();
    expect(afterPages).toContain(`Mergeboard is running at ${env.server.url}`);
    expect(afterPages).not.toContain('request completed');
    expect(afterPages).not.toMatch(/^\{"level"/m);
    expect(await env.server.stop()).toBe(0);
    expect(env.server.output()).toContain('SIGTERM received');
  });
});
