import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Deliverability, DeliverabilityFigures, SelfPausedMerge } from '@mergeboard/core';
import { currentUser } from '../../testing/auth-fixtures';
import { apiError, json } from '../../testing/fake-server';
import { renderInSpace, spaceEntry } from '../../testing/space-fixtures';

const owner = spaceEntry(1, 'Acme Sales', { userRole: 'OWNER', workspacePlan: 'PRO', userPlan: 'PRO' });
const member = spaceEntry(2, 'Member Place', { userRole: 'MEMBER', workspacePlan: 'PRO', userPlan: 'PRO' });
const pageOf = (entry: typeof owner) => `${entry.urlPrefix}/space/deliverability`;
const apiOf = (entry: typeof owner) => `GET /api/v1/workspaces/${entry.workspaceId}/deliverability`;

function figures(
  sent: number,
  hardBounced: number,
  complained: number,
  unsubscribed: number,
): DeliverabilityFigures {
  const rate = (n: number) => (sent ? n / sent : null);
  return {
    sent,
    hardBounced,
    complained,
    unsubscribed,
    hardBounceRate: rate(hardBounced),
    complaintRate: rate(complained),
    unsubscribeRate: rate(unsubscribed),
  };
}

const days = Array.from({ length: 30 }, (_, i) => ({
  day: new Date(Date.UTC(2026, 10, 1 + i)).toISOString().slice(0, 10),
  ...figures(i % 3 === 0 ? 0 : 100, i % 5, i % 7 === 0 ? 1 : 0, 1),
}));

function pausedMerge(overrides: Partial<SelfPausedMerge> = {}): SelfPausedMerge {
  return {
    mergeId: 'merge-1',
    scheduledMergeId: 'scheduled-1',
    title: 'Spring leads - Sheet1',
    sender: { userId: 'u-1', name: 'Pat Doe', email: 'pat@acme.example' },
    reason: 'BOUNCE_RATE',
    details: '6 hard bounces out of 50 sent (12 %)',
    pausedAt: '2026-11-27T10:00:00.000Z',
    ...overrides,
  };
}

function answer(overrides: Partial<Deliverability> = {}): Deliverability {
  return {
    scope: 'space',
    domains: [
      {
        domain: 'acme.example',
        check: {
          domain: 'acme.example',
          outcome: 'FAIL',
          checkedAt: '2026-11-27T09:00:00.000Z',
          sendingHost: '203.0.113.7',
          spf: { status: 'pass', detail: 'SPF allows 203.0.113.7', publish: null },
          dkim: { status: 'pass', detail: 'The published key matches', publish: null },
          dmarc: {
            status: 'missing',
            detail: 'No DMARC record',
            publish: { type: 'TXT', name: '_dmarc.acme.example', value: 'v=DMARC1; p=none' },
          },
        },
      },
      { domain: 'gmail.com', check: null },
    ],
    totals: { last7Days: figures(1000, 10, 3, 5), last30Days: figures(4000, 240, 2, 20) },
    senders: [
      {
        userId: 'u-1',
        name: 'Pat Doe',
        email: 'pat@acme.example',
        ...{ last7Days: figures(1000, 10, 3, 5), last30Days: figures(4000, 240, 2, 20) },
      },
    ],
    daily: days,
    bounceReasons: [
      { reason: '550 5.1.1 <(address)>: Recipient address rejected', count: 180 },
      { reason: 'Bounced', count: 60 },
    ],
    pausedMerges: [
      pausedMerge({ sender: { userId: 'u-9', name: 'Marcus Chen', email: 'marcus@acme.example' } }),
    ],
    ...overrides,
  };
}

describe('deliverability page (issue 26)', () => {
  it("shows the space's rates against the providers' lines, in words as well as colour", async () => {
    await renderInSpace(pageOf(owner), {
      user: currentUser({ userWorkspaces: [owner] }),
      routes: { [apiOf(owner)]: json(200, answer()) },
    });
    const week = await screen.findByRole('group', { name: 'Last 7 days' });
    // 10 of 1,000: 1 % is good; 3 of 1,000 complaints: 0.3 % is where Gmail and Yahoo reject.
    expect(week).toHaveTextContent('1.00 %');
    expect(week).toHaveTextContent('0.30 %');
    expect(within(week).getByText('Good')).toBeInTheDocument();
    expect(within(week).getByText('Rejected')).toBeInTheDocument();
    expect(week).toHaveTextContent('Good under 2.00 %, dangerous from 5.00 %');
    const month = screen.getByRole('group', { name: 'Last 30 days' });
    // 240 of 4,000 = 6 %: dangerous; 2 of 4,000 = 0.05 %: good.
    expect(month).toHaveTextContent('6.00 %');
    expect(within(month).getByText('Dangerous')).toBeInTheDocument();
    expect(month).toHaveTextContent('No provider publishes a line for unsubscribes');
    expect(screen.getByRole('heading', { name: 'Deliverability' })).toBeInTheDocument();
    expect(await screen.findByRole('figure', { name: 'Hard-bounce rate' })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Complaint rate' })).toBeInTheDocument();
  });

  it('shows each sending domain with its outcome, when it was checked and the records to copy', async () => {
    await renderInSpace(pageOf(owner), {
      user: currentUser({ userWorkspaces: [owner] }),
      routes: { [apiOf(owner)]: json(200, answer()) },
    });
    const acme = await screen.findByRole('group', { name: 'Sending domain acme.example' });
    expect(acme).toHaveTextContent('Fails');
    expect(acme).toHaveTextContent('DMARC is missing');
    expect(acme).toHaveTextContent('_dmarc.acme.example');
    expect(acme).toHaveTextContent('v=DMARC1; p=none');
    expect(within(acme).getByRole('button', { name: 'Copy DMARC record value' })).toBeInTheDocument();
    expect(within(acme).getByRole('button', { name: 'Copy DMARC record name' })).toBeInTheDocument();
    const gmail = screen.getByRole('group', { name: 'Sending domain gmail.com' });
    expect(gmail).toHaveTextContent('Not checked yet');
  });

  it('owners see every sender, the top bounce reasons, and can resume a merge that paused itself', async () => {
    const resumeKey = `POST /api/v1/workspaces/${owner.workspaceId}/merges/merge-1/resume`;
    const { server } = await renderInSpace(pageOf(owner), {
      user: currentUser({ userWorkspaces: [owner] }),
      routes: {
        [apiOf(owner)]: [json(200, answer()), json(200, answer({ pausedMerges: [] }))],
        [resumeKey]: json(200, { status: 'SENDING', pause: null }),
      },
    });
    const senders = await screen.findByRole('table', { name: 'Senders' });
    expect(within(senders).getByText('pat@acme.example')).toBeInTheDocument();
    const reasons = screen.getByRole('table', { name: 'Top bounce reasons' });
    expect(reasons).toHaveTextContent('550 5.1.1 <(address)>: Recipient address rejected180');

    const paused = screen.getByRole('group', { name: 'Spring leads - Sheet1' });
    expect(paused).toHaveTextContent('Too many hard bounces · 6 hard bounces out of 50 sent (12 %)');
    expect(paused).toHaveTextContent('Marcus Chen');
    // Another sender's merge: no link into someone else's Scheduled list.
    expect(within(paused).queryByRole('link', { name: /Open in Scheduled/ })).not.toBeInTheDocument();
    fireEvent.click(within(paused).getByRole('button', { name: 'Resume Spring leads - Sheet1' }));
    await waitFor(() => expect(server.calls(resumeKey)).toHaveLength(1));
    expect(await screen.findByText('No merge has paused itself.')).toBeInTheDocument();
  });

  it("owners cancel another sender's paused merge after confirming; Keep it leaves it", async () => {
    const cancelKey = `DELETE /api/v1/workspaces/${owner.workspaceId}/merges/merge-1`;
    const { server } = await renderInSpace(pageOf(owner), {
      user: currentUser({ userWorkspaces: [owner] }),
      routes: {
        [apiOf(owner)]: [json(200, answer()), json(200, answer({ pausedMerges: [] }))],
        [cancelKey]: json(200, { status: 'CANCELED', pause: null }),
      },
    });
    const paused = await screen.findByRole('group', { name: 'Spring leads - Sheet1' });
    fireEvent.click(within(paused).getByRole('button', { name: 'Cancel Spring leads - Sheet1' }));
    fireEvent.click(within(paused).getByRole('button', { name: 'Keep it' }));
    expect(server.calls(cancelKey)).toHaveLength(0);
    fireEvent.click(within(paused).getByRole('button', { name: 'Cancel Spring leads - Sheet1' }));
    expect(
      within(paused).getByText('The emails not sent yet will not be sent. This cannot be undone.'),
    ).toBeInTheDocument();
    fireEvent.click(within(paused).getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(server.calls(cancelKey)).toHaveLength(1));
    expect(await screen.findByText('No merge has paused itself.')).toBeInTheDocument();
  });

  it('a member sees their own figures, and resumes or opens their own paused merge', async () => {
    const resumeKey = `POST /api/v1/workspaces/${member.workspaceId}/merges/merge-1/resume`;
    const { server } = await renderInSpace(pageOf(member), {
      user: currentUser({ userWorkspaces: [member] }),
      routes: {
        [apiOf(member)]: json(200, answer({ scope: 'own', pausedMerges: [pausedMerge()] })),
        [resumeKey]: apiError(409, 'conflict', 'This merge is no longer paused.'),
      },
    });
    expect(
      await screen.findByText('Your own merges in this space. Owners and admins see every sender.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your rates' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Senders' })).not.toBeInTheDocument();
    const paused = screen.getByRole('group', { name: 'Spring leads - Sheet1' });
    expect(within(paused).getByRole('link', { name: 'Open in Scheduled' })).toHaveAttribute(
      'href',
      `${member.urlPrefix}/mail-merges/scheduled/scheduled-1`,
    );
    fireEvent.click(within(paused).getByRole('button', { name: 'Resume Spring leads - Sheet1' }));
    await waitFor(() => expect(server.calls(resumeKey)).toHaveLength(1));
    expect(await within(paused).findByText('This merge is no longer paused.')).toBeInTheDocument();
  });

  it('says so when nothing was sent, nothing bounced and no merge paused itself', async () => {
    const none = figures(0, 0, 0, 0);
    await renderInSpace(pageOf(owner), {
      user: currentUser({ userWorkspaces: [owner] }),
      routes: {
        [apiOf(owner)]: json(
          200,
          answer({
            totals: { last7Days: none, last30Days: none },
            senders: [],
            daily: days.map((day) => ({ ...day, ...none })),
            bounceReasons: [],
            pausedMerges: [],
          }),
        ),
      },
    });
    expect(await screen.findAllByText('No messages were sent in these days.')).toHaveLength(2);
    expect(screen.getByText('No one has sent a merge in the last 30 days.')).toBeInTheDocument();
    expect(screen.getByText('No hard bounces in the last 30 days.')).toBeInTheDocument();
    expect(screen.getByText('No merge has paused itself.')).toBeInTheDocument();
    expect(screen.queryByRole('figure', { name: 'Hard-bounce rate' })).not.toBeInTheDocument();
    expect(screen.queryByText('Good')).not.toBeInTheDocument();
  });

  it('offers to try again when the figures cannot be loaded', async () => {
    await renderInSpace(pageOf(owner), {
      user: currentUser({ userWorkspaces: [owner] }),
      routes: { [apiOf(owner)]: [apiError(500, 'internal_error'), json(200, answer())] },
    });
    expect(await screen.findByText('The deliverability figures could not be loaded.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Last 7 days' })).toBeInTheDocument();
  });

  it('is in the space settings navigation for every member', async () => {
    await renderInSpace(pageOf(member), {
      user: currentUser({ userWorkspaces: [member] }),
      routes: { [apiOf(member)]: json(200, answer({ scope: 'own' })) },
    });
    const link = await screen.findByRole('link', { name: 'Deliverability' });
    expect(link).toHaveAttribute('href', pageOf(member));
    expect(link).toHaveAttribute('aria-current', 'page');
  });
});
