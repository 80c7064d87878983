import { describe, it } from 'vitest';
import { viewports, runJourneys } from '../lib/browser';
import { journeyEnvironment } from '../lib/environment';
import { shot, signInAs } from '../lib/session';

describe.skipIf(!runJourneys)('journeys: stopping the automatic renewal of a PayPal license', () => {
  const env = journeyEnvironment();

  it('RES-005 RES-006 RES-007 signed out, the page asks to sign in (375 and 1440 px)', async () => {
    const page = await env.browser.newPage({ viewport: viewports.mobile });
    await page.goto(`${env.server.url}/stop-automatic-renewal`);
    await page
      .getByRole('heading', { name: 'Are you sure you want to stop the automatic renewal?' })
      .waitFor();
    await page.getByText('Sign in with your email address to stop the automatic renewal.').waitFor();
    await shot(page, 'stop-renewal-signed-out-mobile');
    await page.setViewportSize(viewports.desktop);
    await shot(page, 'stop-renewal-signed-out-desktop');
    await page.close();
  });

  it('RES-008 RES-010 the PayPal license owner confirms and reads that it stopped (1440 and 375 px)', async () => {
    const page = await env.browser.newPage({ viewport: viewports.desktop });
    await signInAs(page, env.server.url, 'robin.paypal@gmail.com');
    await page.goto(`${env.server.url}/stop-automatic-renewal`);
    const confirm = page.getByRole('button', { name: 'Confirm cancellation' });
    await confirm.waitFor();
    await shot(page, 'stop-renewal-confirm-desktop');
    await confirm.click();
    await page.waitForURL((url) => url.searchParams.get('success') === '1');
    await page.getByRole('heading', { name: 'Autorenewal stopped successfully' }).waitFor();
    await shot(page, 'stop-renewal-stopped-desktop');
    await page.setViewportSize(viewports.mobile);
    await shot(page, 'stop-renewal-stopped-mobile');
    await page.close();
  });
});
