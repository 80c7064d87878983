import { act, screen, waitFor, within } from '@testing-library/react';
import { UPON_QUOTA_RESET } from '@mergeboard/core';
import { describe, expect, it, vi } from 'vitest';
import { currentUser } from '../../testing/auth-fixtures';
import { apiError, json, type FakeRoutes } from '../../testing/fake-server';
import { scheduledMergeItem } from '../../testing/scheduled-merge-fixtures';
import { renderInSpace, spaceEntry } from '../../testing/space-fixtures';
import { formatDate } from '../../lib/format-date';
import { QUOTA_WARNING, attemptTime } from './scheduled-messages';
import { SENDING_REFETCH_MS } from './follow-sending';
import { realTrigger } from '../../testing/load-on-intent';

const space = spaceEntry(1, 'Acme Sales', { userRole: 'OWNER', workspacePlan: 'PRO', userPlan: 'PRO' });
const base = `${space.urlPrefix}/mail-merges`;
const campaignId = '3f1c2b4a-0000-4000-8000-000000000001';
const mergeId = '5e2d3c4b-0000-4000-8000-000000000002';

const SENT = 'GET /api/users/me/campaigns';
const SCHEDULED = 'GET /api/users/me/scheduled-campaigns';
const COUNT = `GET /api/users/me/workspaces/${space.workspaceId}/campaigns/count`;
const DETAIL = `GET /api/users/me/campaigns/${campaignId}`;
const POLL = `GET /api/users/me/campaigns/${campaignId}/pollResults`;
const RECIPIENTS = `GET /api/users/me/campaigns/${campaignId}/recipients`;
const EXPORT_RECIPIENTS = `${RECIPIENTS}/export`;
const POLL_RESPONSES = `GET /api/users/me/campaigns/${campaignId}/pollResponses`;
const SCHEDULED_DETAIL = `GET /api/users/me/scheduled-campaigns/${mergeId}`;
const CANCEL = `DELETE /api/users/me/scheduledCampaigns/${mergeId}`;
const EVENTS = 'POST /api/v1/events';
const ME = 'GET /api/v2/users/me';

const now = new Date();
const sentItem = {
  id: campaignId,
  campaignId,
  title: 'Leads - Sheet1',
  createTimestamp: 1_700_000_000_000,
  lastUpdateTimestamp: 1_700_000_000_000,
  lastEmailSentTimestamp: 1_700_000_000_000,
  spreadsheetLink: 'https://docs.google.com/spreadsheets/d/abc/edit#gid=0',
  trackingInfos: { sent: 12000, opened: 6000, clicked: 1000, bounced: 2000 },
};
const detail = (overrides: Record<string, unknown> = {}) => ({
  ...sentItem,
  emailSubject: 'Hello there',
  mergeSourceSheetKey: 'abc-0',
  spreadsheetName: 'Leads',
  spreadsheetSource: 'GOOGLE_SHEETS',
  trackingInfos: { ...sentItem.trackingInfos, unsubscribed: 100, responded: 2500, complained: 5 },
  machineHits: { opened: 0, clicked: 0 },
  ...overrides,
});
const scheduled = (overrides: Record<string, unknown> = {}) =>
  scheduledMergeItem(space.workspaceId, mergeId, { mergeTime: now.getTime() + 3_600_000, ...overrides });

function routes(extra: FakeRoutes = {}) {
  return {
    [SENT]: json(200, { items: [sentItem], total: 1 }),
    [SCHEDULED]: json(200, { items: [scheduled()], total: 1 }),
    [COUNT]: json(200, { campaignCount: 3 }),
    [DETAIL]: json(200, detail()),
    [POLL]: json(200, { items: [] }),
    [RECIPIENTS]: json(200, { items: [], total: 0 }),
    [SCHEDULED_DETAIL]: json(200, scheduled()),
    ...extra,
  };
}

const user = currentUser({
  userWorkspaces: [space],
  totalNumberOfMailsSent: { count: 123456 },
  monthlySentMails: [
    { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, count: 1500 },
    { year: now.getUTCFullYear() - 1, month: 1, count: 999 },
  ],
});

const query = (url: URL) => Object.fromEntries(url.searchParams);

describe('mail merges page', () => {
  it('MM-001 MM-002 MM-003 shows the header, tutorial link, stat cards and tabs; the base opens Sent', async () => {
    const { server } = await renderInSpace(base, { user, routes: routes() });
    expect(await screen.findByRole('heading', { name: 'Mail merges' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Quick tutorial' })).toHaveAttribute('href', '/get-started');
    await waitFor(() =>
      expect(
        within(screen.getByRole('group', { name: 'Scheduled mail merges' })).getByText('3'),
      ).toBeInTheDocument(),
    );
    expect(
      within(screen.getByRole('group', { name: 'Emails sent this month' })).getByText('1.500'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Emails sent all time' })).getByText('123.456'),
    ).toBeInTheDocument();
    expect(query(server.calls(COUNT)[0]!.url)).toEqual({ isScheduled: 'true' });
    expect(await screen.findByRole('tab', { name: 'Sent', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Leads - Sheet1' })).toBeInTheDocument();
  });

  it('MM-005 a Sent list that fails to load shows the error with a retry, not "no mail merges"', async () => {
    const { user: u } = await renderInSpace(`${base}/sent`, {
      user,
      routes: routes({
        [SENT]: [apiError(500, 'internal_error'), json(200, { items: [sentItem], total: 1 })],
      }),
    });
    expect(await screen.findByText('An error ocurred. Please try again.')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Leads - Sheet1' })).toBeInTheDocument();
  });

  it('MM-004 MM-012 CONST-005 CONST-006 CONST-007 CONST-008 CONST-012 sends the space, search and range to the server', async () => {
    const { user: u, server } = await renderInSpace(`${base}/sent?page=2`, { user, routes: routes() });
    await screen.findByRole('link', { name: 'Leads - Sheet1' });
    expect(query(server.calls(SENT)[0]!.url)).toEqual({
      filterBy: `workspaceId:${space.workspaceId},dateRange:LAST_12_MONTHS`,
      sortBy: 'date:desc',
      limit: '25',
      limitOffset: '50',
    });
    await u.type(screen.getByRole('textbox', { name: 'Search' }), 'a,b c');
    await waitFor(() =>
      expect(query(server.calls(SENT).at(-1)!.url)).toEqual({
        filterBy: `workspaceId:${space.workspaceId},search:a%2Cb%20c,dateRange:LAST_12_MONTHS`,
        sortBy: 'date:desc',
        limit: '25',
        limitOffset: '0',
      }),
    );
    await u.click(await realTrigger(u, () => screen.getByRole('combobox', { name: 'Date range' })));
    for (const label of ['Last 30 days', 'Last month', 'This month', 'Last 12 months', 'This year']) {
      expect(await screen.findByRole('option', { name: label })).toBeInTheDocument();
    }
    await u.click(screen.getByRole('option', { name: 'This month' }));
    await waitFor(() =>
      expect(query(server.calls(SENT).at(-1)!.url).filterBy).toBe(
        `workspaceId:${space.workspaceId},search:a%2Cb%20c,dateRange:THIS_MONTH`,
      ),
    );
    await u.clear(screen.getByRole('textbox', { name: 'Search' }));
    await waitFor(() =>
      expect(query(server.calls(SENT).at(-1)!.url).filterBy).toBe(
        `workspaceId:${space.workspaceId},dateRange:THIS_MONTH`,
      ),
    );
  });

  it('MM-005 MM-008 MM-018 MM-022 MM-023 MM-024 MM-025 MM-026 MM-027 a row opens the detail dialog with rates and the fallback subject', async () => {
    const { user: u } = await renderInSpace(`${base}/sent`, {
      user,
      routes: routes({ [DETAIL]: json(200, detail({ emailSubject: null })) }),
    });
    await u.click(await screen.findByRole('link', { name: 'Leads - Sheet1' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(
        'Subject is unavailable because this mail merge has been sent by someone else',
      ),
    ).toBeInTheDocument();
    const rates = within(dialog).getByRole('table', { name: 'Mail results' });
    const row = (name: string) => within(rates).getByRole('rowheader', { name }).closest('tr')!;
    // delivered = 12.000 − 2.000 = 10.000; opened 6.000 / 10.000 = 60 %; bounced 2.000 / 12.000 ≈ 17 %
    expect(row('Delivered')).toHaveTextContent('10.00083%');
    expect(row('Opened')).toHaveTextContent('6.00060%');
    expect(row('Responded')).toHaveTextContent('2.50025%');
    expect(row('Bounced')).toHaveTextContent('2.00017%');
    expect(within(dialog).getByRole('link', { name: 'Open in Google Sheets' })).toHaveAttribute(
      'href',
      sentItem.spreadsheetLink,
    );
  });

  /** Opens the dialog of a merge with these counts; returns its dialog and a row of its rates. */
  async function openRates(overrides: Record<string, unknown>) {
    await renderInSpace(`${base}/sent/${campaignId}`, {
      user,
      routes: routes({ [DETAIL]: json(200, detail(overrides)) }),
    });
    const dialog = await screen.findByRole('dialog');
    const rates = await within(dialog).findByRole('table', { name: 'Mail results' });
    return { dialog, row: (name: string) => within(rates).getByRole('rowheader', { name }).closest('tr')! };
  }

  it('MM-022 MM-023 MM-024 MM-025 MM-026 MM-027 the Mail results show the rates, the machine hits apart and a funnel chart with a text alternative', async () => {
    const { dialog, row } = await openRates({
      trackingInfos: {
        sent: 1200,
        opened: 457,
        clicked: 121,
        bounced: 4,
        unsubscribed: 3,
        responded: 0,
        complained: 0,
      },
      machineHits: { opened: 1234, clicked: 0 },
    });
    // delivered = 1.200 − 4 = 1.196 (100 % of sent); opened 457 / 1.196 ≈ 38 %; clicked 121 / 1.196 ≈ 10 %.
    expect(row('Sent')).toHaveTextContent(/^Sent1\.200$/);
    expect(row('Delivered')).toHaveTextContent('1.196100%');
    expect(row('Opened')).toHaveTextContent('45738%+1.234 by mail scanners');
    expect(row('Clicked')).toHaveTextContent(/^Clicked12110%$/);
    expect(row('Unsubscribed')).toHaveTextContent('30%');
    expect(row('Bounced')).toHaveTextContent('40%');
    expect(
      within(dialog).getByText(/Mail scanners and link prefetchers.*are not counted/),
    ).toBeInTheDocument();
    expect(
      await within(dialog).findByRole('img', {
        name: 'Funnel: Sent 1.200, Delivered 1.196, Opened 457, Clicked 121',
      }),
    ).toBeInTheDocument();
  });

  it('MM-027 rates of a merge with nothing sent show N/A', async () => {
    const { row } = await openRates({
      trackingInfos: {
        sent: 0,
        opened: 0,
        clicked: 0,
        bounced: 0,
        unsubscribed: 0,
        responded: 0,
        complained: 0,
      },
    });
    expect(row('Opened')).toHaveTextContent(/^Opened0N\/A$/);
    expect(row('Delivered')).toHaveTextContent(/^Delivered0N\/A$/);
  });

  it('MM-022 MM-023 MM-024 MM-025 what came back by mail: Bounced of sent, Responded and spam reports of delivered', async () => {
    const { row } = await openRates({
      trackingInfos: {
        sent: 10,
        opened: 0,
        clicked: 0,
        bounced: 1,
        unsubscribed: 1,
        responded: 1,
        complained: 1,
      },
    });
    // delivered = 10 − 1 = 9; bounced 1 / 10 = 10 %; responded 1 / 9 ≈ 11 %.
    expect(row('Delivered')).toHaveTextContent(/^Delivered990%$/);
    expect(row('Bounced')).toHaveTextContent(/^Bounced110%$/);
    expect(row('Responded')).toHaveTextContent(/^Responded111%$/);
    expect(row('Reported as spam')).toHaveTextContent(/^Reported as spam111%$/);
  });

  const recipient = (email: string, overrides: Record<string, unknown> = {}) => ({
    email,
    status: 'SENT',
    sentTimestamp: 1_700_000_000_000,
    firstOpenTimestamp: null,
    firstClickTimestamp: null,
    pollAnswer: null,
    unsubscribedTimestamp: null,
    bouncedTimestamp: null,
    respondedTimestamp: null,
    complainedTimestamp: null,
    softBounces: 0,
    reason: null,
    ...overrides,
  });

  it("CONST-005 CONST-010 CONST-012 the recipients list shows each one's activity, searches by address and exports the same search", async () => {
    const opened = 1_700_000_600_000;
    const everyone = [
      recipient('ana@example.com', {
        status: 'CLICKED',
        firstOpenTimestamp: opened,
        firstClickTimestamp: opened,
        pollAnswer: 'Yes',
      }),
      recipient('ben@example.com', { status: 'UNSUBSCRIBED', unsubscribedTimestamp: opened }),
    ];
    const { user: u, server } = await renderInSpace(`${base}/sent/${campaignId}`, {
      user,
      routes: routes({
        [RECIPIENTS]: (request) => {
          const filter = request.url.searchParams.get('filterBy');
          const items = filter === null ? everyone : filter === 'search:ana' ? everyone.slice(0, 1) : [];
          return json(200, { items, total: items.length });
        },
        [EXPORT_RECIPIENTS]: new Response('email\n', {
          headers: { 'content-type': 'text/csv' },
        }),
      }),
    });
    const dialog = await screen.findByRole('dialog');
    const list = await within(dialog).findByRole('region', { name: 'Recipients' });
    const rowOf = async (email: string) => (await within(list).findByText(email)).closest('tr')!;
    expect(await rowOf('ana@example.com')).toHaveTextContent(
      `ana@example.comClicked${formatDate(opened)}${formatDate(opened)}—Yes—`,
    );
    expect(await rowOf('ben@example.com')).toHaveTextContent(
      `ben@example.comUnsubscribed————${formatDate(opened)}`,
    );
    expect(query(server.calls(RECIPIENTS)[0]!.url)).toEqual({
      sortBy: 'row:asc',
      limit: '25',
      limitOffset: '0',
    });

    await u.type(within(list).getByRole('textbox', { name: 'Search recipients' }), 'ana');
    await waitFor(() => expect(within(list).queryByText('ben@example.com')).not.toBeInTheDocument());
    expect(within(list).getByText('ana@example.com')).toBeInTheDocument();

    await u.click(within(list).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(server.calls(EXPORT_RECIPIENTS)).toHaveLength(1));
    expect(query(server.calls(EXPORT_RECIPIENTS)[0]!.url)).toEqual({
      filterBy: 'search:ana',
      sortBy: 'row:asc',
    });

    await u.type(within(list).getByRole('textbox', { name: 'Search recipients' }), 'zzz');
    expect(await within(list).findByText('No recipients match')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Export' })).toBeDisabled();
  });

  it('the recipients list shows what came back by mail: a bounce with its reason, a reply, a spam report, soft bounces', async () => {
    const back = 1_700_000_900_000;
    const reason =
      '550 5.1.1 <bounce+1@simulator.test>: Recipient address rejected: User unknown in virtual mailbox table';
    await renderInSpace(`${base}/sent/${campaignId}`, {
      user,
      routes: routes({
        [RECIPIENTS]: json(200, {
          items: [
            recipient('bounce+1@simulator.test', { status: 'BOUNCED', bouncedTimestamp: back, reason }),
            recipient('reply+1@simulator.test', { status: 'RESPONDED', respondedTimestamp: back }),
            recipient('complaint+1@simulator.test', {
              status: 'UNSUBSCRIBED',
              unsubscribedTimestamp: back,
              complainedTimestamp: back,
            }),
            recipient('softbounce+1@simulator.test', { softBounces: 2 }),
            recipient('ooto+1@simulator.test'),
          ],
          total: 5,
        }),
      }),
    });
    const list = await within(await screen.findByRole('dialog')).findByRole('region', { name: 'Recipients' });
    const rowOf = async (email: string) => (await within(list).findByText(email)).closest('tr')!;
    const statusOf = async (email: string) => within(await rowOf(email)).getAllByRole('cell')[1]!;
    expect(await statusOf('bounce+1@simulator.test')).toHaveTextContent(`Bounced${reason}`);
    expect(await rowOf('reply+1@simulator.test')).toHaveTextContent(
      `reply+1@simulator.testResponded——${formatDate(back)}—`,
    );
    expect(await statusOf('complaint+1@simulator.test')).toHaveTextContent(
      `UnsubscribedReported as spam ${formatDate(back)}`,
    );
    expect(await statusOf('softbounce+1@simulator.test')).toHaveTextContent(/^Sent2 soft bounces$/);
    // An out-of-office is no response: the row reads as any delivered one.
    expect(await rowOf('ooto+1@simulator.test')).toHaveTextContent(/^ooto\+1@simulator\.testSent—+$/);
  });

  it('the recipients list that fails to load shows the error with a retry', async () => {
    await renderInSpace(`${base}/sent/${campaignId}`, {
      user,
      routes: routes({ [RECIPIENTS]: apiError(500, 'boom') }),
    });
    const list = await within(await screen.findByRole('dialog')).findByRole('region', { name: 'Recipients' });
    expect(await within(list).findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('MM-006 MM-007 MM-020 the poll tab lists answers with counts and percentages, else only a help link', async () => {
    const { user: u } = await renderInSpace(`${base}/sent/${campaignId}/poll`, {
      user,
      routes: routes({
        [POLL]: json(200, {
          items: [
            { info: 'Yes', count: 3 },
            { info: 'No', count: 1 },
          ],
        }),
      }),
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('tab', { name: 'Poll results', selected: true })).toBeInTheDocument();
    const table = await within(dialog).findByRole('table', { name: 'Poll results' });
    expect(within(table).getByText('Yes').closest('tr')).toHaveTextContent('Yes375%');
    expect(within(table).getByText('No').closest('tr')).toHaveTextContent('No125%');
    await u.click(within(dialog).getByRole('tab', { name: 'Mail results' }));
    expect(await within(dialog).findByText('Hello there')).toBeInTheDocument();
  });

  it('MM-007 without poll data the poll tab is only a help link', async () => {
    await renderInSpace(`${base}/sent/${campaignId}/poll`, { user, routes: routes() });
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByRole('link', { name: 'Learn how to add a poll to your mail merge' }),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
  });

  describe('MM-021 API-051 when pollResults fails, the poll tab counts the pollResponses answers', () => {
    const values = (...answers: string[]) => answers.map((value) => ({ value }));

    it('MM-021 API-051 MM-020 shows the counted answers with counts and percentages', async () => {
      const { server } = await renderInSpace(`${base}/sent/${campaignId}/poll`, {
        user,
        routes: routes({
          [POLL]: apiError(500, 'internal_error'),
          [POLL_RESPONSES]: json(200, { items: values('Yes', 'No', 'Yes', 'Maybe', 'Yes'), total: 5 }),
        }),
      });
      const dialog = await screen.findByRole('dialog');
      const table = await within(dialog).findByRole('table', { name: 'Poll results' });
      const rows = within(table).getAllByRole('row').slice(1);
      expect(rows.map((row) => row.textContent)).toEqual(['Yes360%', 'Maybe120%', 'No120%']);
      expect(server.calls(POLL)).toHaveLength(1);
      expect(query(server.calls(POLL_RESPONSES)[0]!.url)).toEqual({ limit: '1000', limitOffset: '0' });
      expect(within(dialog).queryByText(/Counted from the first/)).not.toBeInTheDocument();
    });

    it('API-051 reads page after page, stops at 10.000 answers and says so', async () => {
      const total = 10_500;
      const { server } = await renderInSpace(`${base}/sent/${campaignId}/poll`, {
        user,
        routes: routes({
          [POLL]: apiError(500, 'internal_error'),
          // Every page interleaves the two answers 3:1, as the server does.
          [POLL_RESPONSES]: (request) => {
            const offset = Number(request.url.searchParams.get('limitOffset'));
            const size = Math.min(Number(request.url.searchParams.get('limit')), total - offset);
            const page = Array.from({ length: size }, (_, i) => ((offset + i) % 4 === 3 ? 'No' : 'Yes'));
            return json(200, { items: values(...page), total });
          },
        }),
      });
      const dialog = await screen.findByRole('dialog');
      const table = await within(dialog).findByRole('table', { name: 'Poll results' });
      expect(within(table).getByText('Yes').closest('tr')).toHaveTextContent('Yes7.50075%');
      expect(within(table).getByText('No').closest('tr')).toHaveTextContent('No2.50025%');
      expect(
        within(dialog).getByText('Counted from the first 10.000 of 10.500 responses.'),
      ).toBeInTheDocument();
      expect(server.calls(POLL_RESPONSES).map((call) => call.url.searchParams.get('limitOffset'))).toEqual(
        Array.from({ length: 10 }, (_, page) => String(page * 1000)),
      );
    });

    it('MM-021 API-051 when both calls fail the poll tab says an error ocurred', async () => {
      await renderInSpace(`${base}/sent/${campaignId}/poll`, {
        user,
        routes: routes({
          [POLL]: apiError(500, 'internal_error'),
          [POLL_RESPONSES]: apiError(500, 'internal_error'),
        }),
      });
      const dialog = await screen.findByRole('dialog');
      expect(await within(dialog).findByText('An error ocurred. Please try again.')).toBeInTheDocument();
      expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
    });
  });

  it('MM-010 CONST-011 the export buttons are disabled without data', async () => {
    await renderInSpace(`${base}/scheduled`, {
      user,
      routes: routes({ [SCHEDULED]: json(200, { items: [], total: 0 }) }),
    });
    expect(await screen.findByText('Nothing to see here...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
  });

  it('MM-028 MM-029 a merge waiting for the quota shows the warning and Upon quota reset', async () => {
    const waiting = scheduled({ status: 'IN PROGRESS', mergeTime: null });
    await renderInSpace(`${base}/scheduled/${mergeId}`, {
      user,
      routes: routes({
        [SCHEDULED]: json(200, { items: [waiting], total: 1 }),
        [SCHEDULED_DETAIL]: json(200, waiting),
      }),
    });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(QUOTA_WARNING)).toBeInTheDocument();
    expect(within(dialog).getByText(UPON_QUOTA_RESET, { exact: false })).toBeInTheDocument();
    expect(screen.getAllByText(UPON_QUOTA_RESET).length).toBeGreaterThan(1);
  });

  describe('MM-028 MM-030 MM-031 MM-032 the delivery date column by status', () => {
    const lastRetry = now.getTime() - 600_000;
    const row = async (name: string) => (await screen.findByRole('link', { name })).closest('tr')!;
    const deliveryCell = (tr: HTMLElement) => within(tr).getAllByRole('cell').at(-1)!;

    it('MM-028 MM-038 a merge stopped by DRAFT NOT FOUND shows no date and not "Upon quota reset", in the table and the dialog', async () => {
      const stopped = scheduled({ status: 'DRAFT NOT FOUND', mergeTime: null });
      await renderInSpace(`${base}/scheduled/${mergeId}`, {
        user,
        routes: routes({
          [SCHEDULED]: json(200, { items: [stopped], total: 1 }),
          [SCHEDULED_DETAIL]: json(200, stopped),
        }),
      });
      const dialog = await screen.findByRole('dialog');
      expect(
        await within(dialog).findByText(
          'The draft was deleted. Please create a new draft and schedule a new mail merge.',
        ),
      ).toBeInTheDocument();
      expect(within(dialog).getByText('Delivery date:').parentElement).toHaveTextContent('Delivery date: —');
      expect(screen.queryAllByText(UPON_QUOTA_RESET, { exact: false })).toHaveLength(0);
      const tr = await row('Leads - Sheet1');
      expect(within(tr).getByText('Error')).toBeInTheDocument();
      expect(deliveryCell(tr)).toHaveTextContent(/^—$/);
    });

    it.each([
      ['DRAFT NOT FOUND with a planned time', { status: 'DRAFT NOT FOUND' }],
      ['USER PROPERTY NOT FOUND', { status: 'USER PROPERTY NOT FOUND', mergeTime: null }],
      [
        'UNKNOWN ERROR after the last retry',
        {
          status: 'UNKNOWN ERROR',
          recoverableErrorRetries: 5,
          recoverableErrorLastRetryTimestamp: lastRetry,
        },
      ],
      // A retry timestamp does not make an error that is never retried come back.
      [
        'TOO COMPLEX REGEXP with a retry timestamp',
        {
          status: 'TOO COMPLEX REGEXP',
          recoverableErrorRetries: 1,
          recoverableErrorLastRetryTimestamp: lastRetry,
        },
      ],
    ])('MM-030 MM-031 a stopped merge (%s) has no delivery date', async (_label, overrides) => {
      await renderInSpace(`${base}/scheduled`, {
        user,
        routes: routes({ [SCHEDULED]: json(200, { items: [scheduled(overrides)], total: 1 }) }),
      });
      expect(deliveryCell(await row('Leads - Sheet1'))).toHaveTextContent(/^—$/);
    });

    it('MM-032 MM-036 a recoverable error shows the next attempt (last retry + 1 hour) as its delivery date', async () => {
      const merge = scheduled({
        status: 'UNKNOWN ERROR',
        mergeTime: null,
        recoverableErrorRetries: 2,
        recoverableErrorLastRetryTimestamp: lastRetry,
      });
      await renderInSpace(`${base}/scheduled`, {
        user,
        routes: routes({ [SCHEDULED]: json(200, { items: [merge], total: 1 }) }),
      });
      expect(deliveryCell(await row('Leads - Sheet1'))).toHaveTextContent(formatDate(lastRetry + 3_600_000));
    });

    it('MM-028 CONST-003 scheduled and running merges show their next run; only IN PROGRESS without one waits for the quota', async () => {
      const second = '5e2d3c4b-0000-4000-8000-000000000003';
      const third = '5e2d3c4b-0000-4000-8000-000000000004';
      const items = [
        scheduled(),
        scheduled({ scheduledMergeId: second, title: 'Running', status: 'IN PROGRESS' }),
        scheduled({ scheduledMergeId: third, title: 'Waiting', status: 'IN PROGRESS', mergeTime: null }),
      ];
      await renderInSpace(`${base}/scheduled`, {
        user,
        routes: routes({ [SCHEDULED]: json(200, { items, total: 3 }) }),
      });
      const next = formatDate(now.getTime() + 3_600_000);
      expect(deliveryCell(await row('Leads - Sheet1'))).toHaveTextContent(next);
      expect(deliveryCell(await row('Running'))).toHaveTextContent(next);
      expect(deliveryCell(await row('Waiting'))).toHaveTextContent(UPON_QUOTA_RESET);
    });
  });

  describe('the Scheduled list follows a merge being sent', () => {
    const second = '5e2d3c4b-0000-4000-8000-000000000003';
    const row = async (name: string) => (await screen.findByRole('link', { name })).closest('tr')!;
    const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

    it('MM-010 MM-028 reads the page again every few seconds while a row is IN PROGRESS with a next run, and stops when none is', async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'], shouldAdvanceTime: true });
      const sending = (sent: number) =>
        scheduled({
          scheduledMergeId: second,
          title: 'Contacts - Sheet1',
          status: 'IN PROGRESS',
          numberOfEmailsSent: sent,
          numberOfEmailsToSend: 16,
        });
      const { server } = await renderInSpace(`${base}/scheduled`, {
        user,
        routes: routes({
          [SCHEDULED]: [
            json(200, { items: [scheduled(), sending(4)], total: 2 }),
            json(200, { items: [scheduled(), sending(12)], total: 2 }),
            // Sent in full: the merge leaves the Scheduled list.
            json(200, { items: [scheduled()], total: 1 }),
          ],
        }),
      });
      const reads = () => server.calls(SCHEDULED).length;
      expect(await row('Contacts - Sheet1')).toHaveTextContent('4 / 16');
      expect(reads()).toBe(1);

      await wait(SENDING_REFETCH_MS);
      await waitFor(() => expect(reads()).toBe(2));
      expect(await row('Contacts - Sheet1')).toHaveTextContent('12 / 16');

      await wait(SENDING_REFETCH_MS);
      await waitFor(() =>
        expect(screen.queryByRole('link', { name: 'Contacts - Sheet1' })).not.toBeInTheDocument(),
      );
      expect(reads()).toBe(3);

      // Only a SCHEDULED merge is left: no more reads.
      await wait(3 * SENDING_REFETCH_MS);
      expect(reads()).toBe(3);
      expect(screen.getByRole('link', { name: 'Leads - Sheet1' })).toBeInTheDocument();
    });

    it('MM-002 MM-003 the count card and the sent counters are read again while a merge is sent, and once after it left the list', async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'], shouldAdvanceTime: true });
      const sending = scheduled({
        scheduledMergeId: second,
        title: 'Contacts - Sheet1',
        status: 'IN PROGRESS',
      });
      const { server } = await renderInSpace(`${base}/scheduled`, {
        user,
        routes: routes({
          [SCHEDULED]: [
            json(200, { items: [scheduled(), sending], total: 2 }),
            json(200, { items: [scheduled()], total: 1 }),
          ],
          [COUNT]: [json(200, { campaignCount: 2 }), json(200, { campaignCount: 1 })],
          [ME]: [json(200, user), json(200, { ...user, totalNumberOfMailsSent: { count: 123472 } })],
        }),
      });
      const card = async (label: string) => (await screen.findByText(label)).parentElement!;
      await row('Contacts - Sheet1');
      await waitFor(async () => expect(await card('Scheduled mail merges')).toHaveTextContent('2'));
      expect(await card('Emails sent all time')).toHaveTextContent('123.456');
      const countReads = server.calls(COUNT).length;
      const userReads = server.calls(ME).length;

      await wait(SENDING_REFETCH_MS);
      await waitFor(async () => expect(await card('Scheduled mail merges')).toHaveTextContent('1'));
      expect(await card('Emails sent all time')).toHaveTextContent('123.472');
      expect(server.calls(COUNT).length).toBe(countReads + 1);
      expect(server.calls(ME).length).toBe(userReads + 1);

      // Nothing is being sent any more: the counters stay as they are.
      await wait(3 * SENDING_REFETCH_MS);
      expect(server.calls(COUNT).length).toBe(countReads + 1);
      expect(server.calls(ME).length).toBe(userReads + 1);
    });

    it('MM-011 MM-028 an open dialog of a merge being sent reads it again, so its emails sent count moves', async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'], shouldAdvanceTime: true });
      const sending = (sent: number) =>
        scheduled({ status: 'IN PROGRESS', numberOfEmailsSent: sent, numberOfEmailsToSend: 16 });
      const { server } = await renderInSpace(`${base}/scheduled/${mergeId}`, {
        user,
        routes: routes({
          [SCHEDULED_DETAIL]: [
            json(200, sending(4)),
            json(200, sending(12)),
            json(200, scheduled({ status: 'SCHEDULED' })),
          ],
        }),
      });
      const dialog = await screen.findByRole('dialog');
      await within(dialog).findByText('4 / 16');
      await wait(SENDING_REFETCH_MS);
      await within(dialog).findByText('12 / 16');
      await wait(SENDING_REFETCH_MS);
      await waitFor(() => expect(server.calls(SCHEDULED_DETAIL)).toHaveLength(3));
      await wait(3 * SENDING_REFETCH_MS);
      expect(server.calls(SCHEDULED_DETAIL)).toHaveLength(3);
    });

    it('MM-028 a merge waiting for the quota (IN PROGRESS without a next run) does not keep the list polling', async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'], shouldAdvanceTime: true });
      const waiting = scheduled({
        scheduledMergeId: second,
        title: 'Waiting',
        status: 'IN PROGRESS',
        mergeTime: null,
      });
      const { server } = await renderInSpace(`${base}/scheduled`, {
        user,
        routes: routes({ [SCHEDULED]: json(200, { items: [scheduled(), waiting], total: 2 }) }),
      });
      expect(await row('Waiting')).toHaveTextContent(UPON_QUOTA_RESET);
      await wait(3 * SENDING_REFETCH_MS);
      expect(server.calls(SCHEDULED)).toHaveLength(1);
    });
  });

  describe('MM-030 MM-031 MM-032 MM-033 MM-034 MM-035 MM-036 MM-037 MM-038 MM-039 MM-040 MM-041 MM-042 scheduled merge errors', () => {
    const lastRetry = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 9, 0).getTime();
    const recoverable = { recoverableErrorRetries: 2, recoverableErrorLastRetryTimestamp: lastRetry };
    const exhausted = { recoverableErrorRetries: 5, recoverableErrorLastRetryTimestamp: lastRetry };
    const at = attemptTime(lastRetry + 3_600_000);
    const cases: [string, Record<string, unknown>, string][] = [
      ['TOO COMPLEX REGEXP', {}, 'The draft is too long.'],
      ['SPREADSHEET DELETED', {}, 'The spreadsheet could not be found.'],
      ['INVALID DRAFT', {}, "The draft couldn't be properly processed."],
      [
        'UNKNOWN ERROR',
        recoverable,
        `An unexpected error occurred. Sending will be attempted again today at ${at}.`,
      ],
      ['UNKNOWN ERROR', exhausted, 'An unexpected error occurred. Please schedule a new mail merge.'],
      [
        'DRAFT NOT FOUND',
        {},
        'The draft was deleted. Please create a new draft and schedule a new mail merge.',
      ],
      ['NAMED RANGE DELETED', recoverable, `Sending will be attempted again today at ${at}.`],
      ['NAMED RANGE DELETED', exhausted, 'then schedule a new mail merge.'],
      ['USER PROPERTY NOT FOUND', {}, 'it will be deleted when you schedule a new one.'],
      ['SHEET DELETED', recoverable, `Restore it before today at ${at}`],
      ['SHEET DELETED', exhausted, 'all sending attempts failed. Restore the sheet and schedule'],
    ];
    it.each(cases)('%s %o', async (status, extra, text) => {
      const merge = scheduled({ status, ...extra });
      await renderInSpace(`${base}/scheduled/${mergeId}`, {
        user,
        routes: routes({ [SCHEDULED_DETAIL]: json(200, merge) }),
      });
      const dialog = await screen.findByRole('dialog');
      expect(await within(dialog).findByText(text, { exact: false })).toBeInTheDocument();
      if (status === 'SHEET DELETED' && extra === recoverable) {
        expect(
          within(dialog).getByRole('link', { name: 'Learn how to restore a sheet' }),
        ).toBeInTheDocument();
      }
    });
  });

  it('MM-011 MM-043 MM-044 MM-045 EVT-009 cancel: refresh, banner, dialog closes, event logged', async () => {
    const { user: u, server } = await renderInSpace(`${base}/scheduled`, {
      user,
      routes: routes({ [CANCEL]: json(200, { canceled: true }) }),
    });
    await u.click(await screen.findByRole('link', { name: 'Leads - Sheet1' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('link', { name: 'Open in Google Sheets' })).toBeInTheDocument();
    const listCalls = server.calls(SCHEDULED).length;
    server.on(SCHEDULED, json(200, { items: [], total: 0 }));
    await u.click(within(dialog).getByRole('button', { name: 'Cancel mail merge' }));
    expect(await screen.findByText('Mail merge cancelled.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls(CANCEL)).toHaveLength(1);
    await waitFor(() => expect(server.calls(SCHEDULED).length).toBeGreaterThan(listCalls));
    await waitFor(() =>
      expect(
        server
          .calls(EVENTS)
          .flatMap((call) => (call.body as { events: { eventType: string }[] }).events)
          .map((event) => event.eventType),
      ).toContain('scheduled_merge_canceled_by_user'),
    );
    await u.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Mail merge cancelled.')).not.toBeInTheDocument();
  });

  it('MM-046 C16 a failed cancel shows the error banner and closes the dialog', async () => {
    const { user: u } = await renderInSpace(`${base}/scheduled/${mergeId}`, {
      user,
      routes: routes({ [CANCEL]: apiError(500, 'internal_error') }),
    });
    const dialog = await screen.findByRole('dialog');
    const button = within(dialog).getByRole('button', { name: 'Cancel mail merge' });
    await waitFor(() => expect(button).toBeEnabled());
    await u.click(button);
    expect(await screen.findByText('An error ocurred. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
