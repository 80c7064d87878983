import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns/format';
import { describe, expect, it, vi } from 'vitest';
import { DATE_FORMATS, type TeamMember } from '@mergeboard/core';
import { currentUser } from '../../testing/auth-fixtures';
import { json } from '../../testing/fake-server';
import { renderInSpace, spaceEntry } from '../../testing/space-fixtures';

const proOwner = spaceEntry(1, 'Acme Sales', { userRole: 'OWNER', workspacePlan: 'PRO', userPlan: 'PRO' });
const proMember = spaceEntry(2, 'Member Place', {
  userRole: 'MEMBER',
  workspacePlan: 'PRO',
  userPlan: 'PRO',
});
const base = `/api/v1/workspaces/${proOwner.workspaceId}/team-report`;
const LAST = Date.UTC(2025, 5, 3, 14, 5);

function member(n: number, overrides: Partial<TeamMember> = {}): TeamMember {
  return {
    userId: `u-${n}`,
    userName: `Person ${n}`,
    userEmail: `person${n}@acme.example`,
    lastEmailSentTimestamp: null,
    emailSentThisMonth: 0,
    emailSentAllTime: 0,
    userProfilePictureUrl: null,
    ...overrides,
  };
}

const olivia = member(1, {
  userName: 'Olivia Bennett',
  userEmail: 'owner@acme.example',
  lastEmailSentTimestamp: LAST,
  emailSentThisMonth: 1234,
  emailSentAllTime: 56789,
  userProfilePictureUrl: 'https://images.example/olivia.png',
});
const marcus = member(2, { userName: 'Marcus Chen', userEmail: 'admin@acme.example', emailSentAllTime: 12 });

describe('team report', () => {
  it('TEAM-001 TEAM-003 API-059: three stat cards show the summary', async () => {
    await renderInSpace(`${proOwner.urlPrefix}/team-report`, {
      user: currentUser({ userWorkspaces: [proOwner] }),
      routes: {
        [`GET ${base}/summary`]: json(200, {
          activeUserCount: 10,
          emailSentAllTime: 123456,
          emailSentThisMonth: 789,
        }),
        [`GET ${base}/members`]: json(200, { items: [olivia, marcus], total: 2 }),
      },
    });
    const members = await screen.findByRole('group', { name: 'Team members' });
    await waitFor(() => expect(members).toHaveTextContent('10'));
    expect(screen.getByRole('group', { name: 'Emails sent this month' })).toHaveTextContent('789');
    expect(screen.getByRole('group', { name: 'Emails sent all time' })).toHaveTextContent('123.456');
  });

  it('TEAM-004 API-058: the table shows photo or initials, last time used, this month and all time', async () => {
    await renderInSpace(`${proOwner.urlPrefix}/team-report`, {
      user: currentUser({ userWorkspaces: [proOwner] }),
      routes: {
        [`GET ${base}/summary`]: json(200, {
          activeUserCount: 2,
          emailSentAllTime: 1,
          emailSentThisMonth: 1,
        }),
        [`GET ${base}/members`]: json(200, { items: [olivia, marcus], total: 2 }),
      },
    });
    const table = await screen.findByRole('table', { name: 'Team members' });
    const oliviaRow = (await within(table).findByText('owner@acme.example')).closest('tr')!;
    expect(oliviaRow).toHaveTextContent('Olivia Bennett');
    expect(oliviaRow).toHaveTextContent(format(new Date(LAST), DATE_FORMATS.long));
    expect(oliviaRow).toHaveTextContent('1.234');
    expect(oliviaRow).toHaveTextContent('56.789');
    expect(within(oliviaRow).getByRole('img', { name: 'Olivia Bennett' })).toHaveAttribute(
      'src',
      'https://images.example/olivia.png',
    );
    const marcusRow = within(table).getByText('admin@acme.example').closest('tr')!;
    expect(marcusRow).toHaveTextContent('MC');
    expect(marcusRow).toHaveTextContent('-');
  });

  it('API-058: pages of 25 through the server', async () => {
    const page0 = Array.from({ length: 25 }, (_, index) => member(index + 10));
    const page1 = [member(99, { userEmail: 'last.page@acme.example' })];
    const { user, server } = await renderInSpace(`${proOwner.urlPrefix}/team-report`, {
      user: currentUser({ userWorkspaces: [proOwner] }),
      routes: {
        [`GET ${base}/summary`]: json(200, {
          activeUserCount: 26,
          emailSentAllTime: 0,
          emailSentThisMonth: 0,
        }),
        [`GET ${base}/members`]: (request) =>
          json(200, {
            items: request.url.searchParams.get('limitOffset') === '25' ? page1 : page0,
            total: 26,
          }),
      },
    });
    await screen.findByText('person10@acme.example');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('last.page@acme.example');
    const calls = server.calls(`GET ${base}/members`);
    expect(calls[0]!.url.searchParams.get('limit')).toBe('25');
    expect(calls.at(-1)!.url.searchParams.get('limitOffset')).toBe('25');
  });

  it('TEAM-001 TEAM-004 API-003 API-058: the column headers sort through the server, kept in the URL', async () => {
    const members = `GET ${base}/members`;
    const { user, server, router } = await renderInSpace(`${proOwner.urlPrefix}/team-report?page=1`, {
      user: currentUser({ userWorkspaces: [proOwner] }),
      routes: {
        [`GET ${base}/summary`]: json(200, {
          activeUserCount: 30,
          emailSentAllTime: 0,
          emailSentThisMonth: 0,
        }),
        [members]: json(200, { items: [olivia, marcus], total: 30 }),
      },
    });
    const lastCall = () => Object.fromEntries(server.calls(members).at(-1)!.url.searchParams);
    const header = (name: string) => screen.getByRole('columnheader', { name });
    await screen.findByText('owner@acme.example');
    // By name ascending unless the URL says otherwise; the page comes from the URL too.
    expect(lastCall()).toEqual({ sortBy: 'userName:asc', limit: '25', limitOffset: '25' });
    expect(header('Member')).toHaveAttribute('aria-sort', 'ascending');
    for (const name of ['Email', 'Last time used', 'Sent this month', 'All time']) {
      expect(header(name)).not.toHaveAttribute('aria-sort');
    }

    // A count sorts largest first, and a new sort goes back to the first page.
    await user.click(within(header('Sent this month')).getByRole('button', { name: 'Sent this month' }));
    await waitFor(() =>
      expect(lastCall()).toEqual({ sortBy: 'emailSentThisMonth:desc', limit: '25', limitOffset: '0' }),
    );
    expect(header('Sent this month')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Member')).not.toHaveAttribute('aria-sort');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      sort: 'emailSentThisMonth:desc',
    });

    // From the keyboard, a second press turns the direction round.
    within(header('Sent this month')).getByRole('button').focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(lastCall().sortBy).toBe('emailSentThisMonth:asc'));
    expect(header('Sent this month')).toHaveAttribute('aria-sort', 'ascending');

    await user.click(within(header('Email')).getByRole('button'));
    await waitFor(() => expect(lastCall().sortBy).toBe('userEmail:asc'));
  });

  it('TEAM-001 API-058: a sort in the URL is sent as it is', async () => {
    const { server } = await renderInSpace(`${proOwner.urlPrefix}/team-report?sort=emailSentAllTime:desc`, {
      user: currentUser({ userWorkspaces: [proOwner] }),
      routes: {
        [`GET ${base}/summary`]: json(200, {
          activeUserCount: 2,
          emailSentAllTime: 0,
          emailSentThisMonth: 0,
        }),
        [`GET ${base}/members`]: json(200, { items: [olivia, marcus], total: 2 }),
      },
    });
    await screen.findByText('owner@acme.example');
    expect(server.calls(`GET ${base}/members`)[0]!.url.searchParams.get('sortBy')).toBe(
      'emailSentAllTime:desc',
    );
    expect(screen.getByRole('columnheader', { name: 'All time' })).toHaveAttribute('aria-sort', 'descending');
  });

  it('TEAM-002 PERM-019: without canAccessTeamReport the page redirects to mail merges', async () => {
    const { router, server } = await renderInSpace(`${proMember.urlPrefix}/team-report`, {
      user: currentUser({ userWorkspaces: [proMember] }),
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`${proMember.urlPrefix}/mail-merges/sent`),
    );
    expect(server.calls(`GET /api/v1/workspaces/${proMember.workspaceId}/team-report/summary`)).toHaveLength(
      0,
    );
  });

  describe('a table wider than the screen (issue 24)', () => {
    const SCROLL_REGION = 'Team members, scrolls sideways';
    const open = () =>
      renderInSpace(`${proOwner.urlPrefix}/team-report`, {
        user: currentUser({ userWorkspaces: [proOwner] }),
        routes: { [`GET ${base}/members`]: json(200, { items: [olivia, marcus], total: 2 }) },
      });

    it('TEAM-004: at 375 px the table box is a labelled region in the Tab order, with a shadow on the edge that hides columns', async () => {
      // The layout a 375 px screen gives: 720 px of table in a 343 px box.
      vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(720);
      vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(343);
      const { user } = await open();
      const region = await screen.findByRole('region', { name: SCROLL_REGION });
      expect(within(region).getByRole('table', { name: 'Team members' })).toBeInTheDocument();
      expect(region).toHaveAttribute('tabindex', '0');
      const cues = () =>
        [...document.querySelectorAll('[data-scroll-cue]')].map((cue) => cue.getAttribute('data-scroll-cue'));
      expect(cues()).toEqual(['end']);

      // The keyboard reaches it (the arrow keys then scroll it, as the browser does for a focused box).
      region.blur();
      for (let stop = 0; stop < 40 && document.activeElement !== region; stop += 1) await user.tab();
      expect(region).toHaveFocus();

      // Scrolled to the end, the shadow moves to the start.
      Object.defineProperty(region, 'scrollLeft', { configurable: true, value: 377 });
      fireEvent.scroll(region);
      await waitFor(() => expect(cues()).toEqual(['start']));
      expect(document.querySelector('[data-scroll-cue]')).toHaveAttribute('aria-hidden', 'true');
    });

    it('TEAM-004: when the table fits there is no extra Tab stop and no shadow', async () => {
      await open();
      await screen.findByRole('table', { name: 'Team members' });
      expect(screen.queryByRole('region', { name: SCROLL_REGION })).not.toBeInTheDocument();
      expect(document.querySelector('[data-scroll-cue]')).toBeNull();
    });
  });
});
