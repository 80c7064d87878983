import { describe, expect, it } from 'vitest';
import { runJourneys, viewports } from '../lib/browser';
import { journeyEnvironment } from '../lib/environment';
import { invitationLinkFor } from '../lib/inbox';
import { callApi, shot, signInAs, spacePrefixOf } from '../lib/session';

interface Me {
  userWorkspaces: { workspaceId: string; workspaceName: string }[];
}

describe.skipIf(!runJourneys)('journeys: joining a space from an invitation', () => {
  const env = journeyEnvironment();

  it.each([
    ['desktop', 'newcomer.wide@acme.example'],
    ['mobile', 'newcomer.narrow@acme.example'],
  ] as const)(
    'INV-002 INV-004 AUTH-039 AUTH-006 ONB-002 a brand-new address invited to Acme Sales is told so at sign-in, creates its account from the link, lands in the space with no second click, and Get started names the space it joined (%s)',
    async (width, email) => {
      // The demo owner invites the address (the members screens arrive separately: through the API).
      const ownerContext = await env.browser.newContext({ viewport: viewports.desktop });
      const owner = await ownerContext.newPage();
      await signInAs(owner, env.server.url, 'owner@acme.example');
      const me = await callApi(owner, 'GET', '/api/v2/users/me?includeWorkspaces=true');
      const acme = (me.body as Me).userWorkspaces.find((space) => space.workspaceName === 'Acme Sales')!;
      const invited = await callApi(owner, 'POST', `/api/v1/workspaces/${acme.workspaceId}/invitations`, {
        emails: [email],
      });
      expect(invited.status).toBe(200);
      await ownerContext.close();

      const link = await invitationLinkFor(env.browser, env.server.url, email);

      const context = await env.browser.newContext({ viewport: viewports[width] });
      const page = await context.newPage();
      const visited: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
      });

      // Signed out, the link asks for a sign-in, which says what the link is for (issue 24).
      await page.goto(link);
      await page.waitForURL(/\/login\?continue=%2Finvitations%2F/);
      const invitationNote = page.getByRole('note', { name: 'You were invited to Acme Sales' });
      await invitationNote
        .getByText(`Olivia Bennett invited ${email} to join Acme Sales. Sign in with that address to join it`)
        .waitFor();
      await shot(page, `joining-invited-login-${width}`);

      // The person presses Sign in (not Create): the address has no account yet. The issuer is
      // handed the invited address.
      await page.getByRole('button', { name: 'Sign in with your email address' }).click();
      await page.waitForURL(/\/oidc\/interaction\//);
      expect(await page.getByLabel('Email address').inputValue()).toBe(email);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page
        .getByText(`${email} doesn't have a Mergeboard account yet. Click below to create a new account:`)
        .waitFor();
      await invitationNote
        .getByText('Create your account below: you will join the space straight away.')
        .waitFor();
      await shot(page, `joining-no-user-${width}`);

      // Creating the account: the issuer already knows the address (login_hint).
      await page.getByRole('button', { name: 'Create an account with your email' }).click();
      await page.waitForURL(/\/oidc\/interaction\//);
      expect(await page.getByLabel('Email address').inputValue()).toBe(email);
      await page.getByLabel(/^Name/).fill('New Comer');
      await page.getByRole('button', { name: 'Continue' }).click();

      // Straight into Acme Sales with the join alert: the invitation survived account creation.
      await page.waitForURL(new RegExp(`/${acme.workspaceId}/[^/]+/mail-merges/sent$`));
      const alert = page.getByRole('alert').filter({ hasText: 'Welcome to Mergeboard' });
      await alert.getByText('You have successfully joined Acme Sales.').waitFor();
      // The new account sends from its own space, so the joined one was not made active.
      expect(await alert.textContent()).not.toContain('automatically switched');
      expect(visited).not.toContain('/get-started');
      await shot(page, `joining-welcome-${width}`);

      // The onboarding it skipped stays on offer in the sidebar (ONB-002); opened, it says which space
      // the newcomer joined (the join banner is gone by then) and how to send without the add-on.
      if (width === 'mobile') await page.getByRole('button', { name: 'Open navigation' }).click();
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Get started' })
        .click();
      await page.waitForURL(/\/get-started$/);
      await page.getByRole('note', { name: 'You joined Acme Sales' }).waitFor();
      await page.getByRole('region', { name: 'Or send from the dashboard, without the add-on' }).waitFor();
      await shot(page, `joining-get-started-${width}`);
      await page.getByRole('link', { name: 'Open Acme Sales' }).click();
      await page.waitForURL(new RegExp(`/${acme.workspaceId}/[^/]+/mail-merges/sent$`));
      await context.close();
    },
  );
});

describe.skipIf(!runJourneys)('journeys: a FREE space holds one member', () => {
  const env = journeyEnvironment();
  const refusal = 'Your current plan does not allow more than 1 free user(s).';

  it.each(['desktop', 'mobile'] as const)(
    'CONST-019 MEM-063 INV-014 the owner of a FREE space that has its one member is refused adding or inviting anyone, with the reason (%s)',
    async (width) => {
      const page = await env.browser.newPage({ viewport: viewports[width] });
      const prefix = await signInAs(page, env.server.url, 'pat@gmail.com');
      await page.goto(`${env.server.url}${prefix}/space/users`);
      await page.getByRole('table').waitFor();

      await page.getByRole('button', { name: 'Add members' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add members' });
      const input = dialog.getByRole('combobox', { name: 'Email addresses' });
      await input.fill('sam.friend@gmail.com');
      await input.press('Enter');
      await dialog.getByRole('button', { name: 'Add members' }).click();
      await dialog.getByText("We can't add some email addresses. Hover over them to know why.").waitFor();
      await dialog.locator('[data-refused]').filter({ hasText: 'sam.friend@gmail.com' }).hover();
      await page.getByRole('tooltip').filter({ hasText: refusal }).waitFor();
      await shot(page, `joining-free-space-refused-${width}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await page.getByText('1 total').waitFor();

      // The invitation call says the same and invites nobody.
      const workspaceId = spacePrefixOf(page.url()).split('/')[1]!;
      const invited = await callApi(page, 'POST', `/api/v1/workspaces/${workspaceId}/invitations`, {
        emails: ['sam.friend@gmail.com'],
      });
      expect(invited).toEqual({
        status: 200,
        body: { items: [{ email: 'sam.friend@gmail.com', errorMsg: refusal }] },
      });
      const members = await callApi(
        page,
        'GET',
        `/api/v1/workspaces/${workspaceId}/members?filterBy=memberStatus:PENDING`,
      );
      expect(members.status).toBe(200);
      expect((members.body as { total: number }).total).toBe(0);
      await page.close();
    },
  );
});
