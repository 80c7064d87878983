import { screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns/format';
import { describe, expect, it } from 'vitest';
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
});
