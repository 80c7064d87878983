import { describe, expect, it } from 'vitest';
import { viewports, runJourneys } from '../lib/browser';
import { journeyEnvironment } from '../lib/environment';
import { shot, signInAs } from '../lib/session';

describe.skipIf(!runJourneys)('journeys: team report', () => {
  const env = journeyEnvironment();

  it('TEAM-001 TEAM-003 TEAM-005 shows three stat cards and the active members of Acme Sales, scrolling sideways at 375 px; TEAM-002 SHELL-023 a free member has none and asks for an upgrade (desktop and 375 px); the skip link is the first Tab stop', async () => {
    const page = await env.browser.newPage({ viewport: viewports.desktop });
    const prefix = await signInAs(page, env.server.url, 'owner@acme.example');
    // Keyboard (issue 24): the first Tab shows a skip link, which takes focus to the page.
    await page.getByRole('heading', { name: 'Mail merges' }).waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
    await shot(page, 'skip-link-desktop');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
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
    // At 1440 px the table fits: no scroll region, no extra Tab stop.
    const scroller = page.getByRole('region', { name: 'Team members, scrolls sideways' });
    expect(await scroller.count()).toBe(0);
    await shot(page, 'team-report-desktop');

    await page.setViewportSize(viewports.mobile);
    await page.goto(`${env.server.url}${prefix}/team-report`);
    await page.getByRole('button', { name: 'Open navigation' }).waitFor();
    await owner.waitFor();
    // Issue 24: at 375 px the table scrolls in its box, which says so with a shadow at the edge
    // that hides columns, and takes the keyboard.
    await scroller.waitFor();
    await page.locator('[data-scroll-cue="end"]').waitFor();
    await shot(page, 'team-report-mobile');
    // The arrow keys scroll the focused box (40 px a press); at its end the shadow has moved to the start.
    await scroller.focus();
    for (let press = 0; press < 15; press += 1) await page.keyboard.press('ArrowRight');
    await page.locator('[data-scroll-cue="start"]').waitFor();
    await page.locator('[data-scroll-cue="end"]').waitFor({ state: 'detached' });
    expect(await scroller.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
    // Focusing the box scrolled the page down to it; back at the top the picture is the whole page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'team-report-mobile-scrolled');
    await page.close();

    // TEAM-002 SHELL-023: a free member of Acme Sales has no Team report; asking for an upgrade
    // lists whom to ask, each address with a copy icon that has a name (issue 24).
    const freeMember = await env.browser.newPage({ viewport: viewports.desktop });
    await signInAs(freeMember, env.server.url, 'free.member@acme.example');
    const navigation = freeMember.getByRole('navigation', { name: 'Main navigation' });
    await navigation.getByRole('link', { name: 'Unsubscriptions' }).waitFor();
    expect(await navigation.getByRole('link', { name: 'Team report' }).count()).toBe(0);
    await freeMember.getByRole('button', { name: 'Upgrade' }).click();
    const copy = freeMember
      .getByRole('dialog', { name: 'Upgrade your plan' })
      .getByRole('button', { name: 'Copy owner@acme.example' });
    await copy.waitFor();
    expect(await copy.innerText()).toBe('');
    await shot(freeMember, 'upgrade-info-desktop');
    // At 375 px from a fresh load, so the sidebar has become the drawer before the picture.
    await freeMember.setViewportSize(viewports.mobile);
    await freeMember.reload();
    await freeMember.getByRole('button', { name: 'Upgrade' }).click();
    await copy.waitFor();
    await shot(freeMember, 'upgrade-info-mobile');
    await freeMember.close();
  });
});
