import { describe, expect, it } from 'vitest';
import { viewports, runJourneys } from '../lib/browser';
import { journeyEnvironment } from '../lib/environment';
import { shot, signInAs } from '../lib/session';

describe.skipIf(!runJourneys)('journeys: team report', () => {
  const env = journeyEnvironment();

  it('TEAM-001 TEAM-003 TEAM-005 shows three stat cards and the active members of Acme Sales (desktop and 375 px)', async () => {
    const page = await env.browser.newPage({ viewport: viewports.desktop });
    const prefix = await signInAs(page, env.server.url, 'owner@acme.example');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Team report' })
      .click();
    await page.waitForURL((url) => url.pathname === `${prefix}/team-report`);
    await page.getByRole('heading', { name: 'Team report' }).waitFor();
    const table = page.getByRole('table', { name: 'Team members' });
    const owner = table.getByRole('row').filter({ hasText: 'owner@acme.example' });
    await owner.waitFor();
    await owner.getByText('Olivia Bennett').waitFor();

    // TEAM-001 TEAM-003: three cards; the member count is the number of active members listed.
    const membersCard = page.getByRole('group', { name: 'Team members' });
    for (const label of ['Team members', 'Emails sent this month', 'Emails sent all time'])
      await page
        .getByRole('group', { name: label })
        .getByText(/^[\d.]+$/)
        .waitFor();
    const listed = (await table.getByRole('row').count()) - 1;
    expect(await membersCard.getByText(/^[\d.]+$/).innerText()).toBe(String(listed));
    // TEAM-005: only ACTIVE (or LEGACY) members: not the invited one, not the disabled one.
    expect(await table.getByText('diego.alvarez@acme.example').count()).toBe(0);
    expect(await table.getByText('noah.fischer@acme.example').count()).toBe(0);
    await shot(page, 'team-report-desktop');

    await page.setViewportSize(viewports.mobile);
    await page.goto(`${env.server.url}${prefix}/team-report`);
    await page.getByRole('button', { name: 'Open navigation' }).waitFor();
    await owner.waitFor();
    await shot(page, 'team-report-mobile');
    await page.close();
  });
});
