import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../testing/fake-server';
import { renderInSpace } from '../../testing/space-fixtures';
import {
  composerPage,
  composerRoutes,
  reachSendStep,
  routeKeys,
  space,
  user,
  withoutRangeLayout,
} from '../../testing/composer-fixtures';

/**
 * Issue 24: the Send step names the merge (the sheet's name by default), schedules in the
 * browser's own time zone, and after sending says what happens next and where to follow it.
 */
const SHEET_TITLE = 'contacts.csv - contacts';
const SCHEDULED_MERGE_ID = '5e2d3c4b-0000-4000-8000-0000000000c1';
const scheduledList = `${space.urlPrefix}/mail-merges/scheduled`;

const created = (title: string) =>
  json(201, {
    mergeId: '6d000000-0000-4000-8000-0000000000c1',
    scheduledMergeId: SCHEDULED_MERGE_ID,
    campaignId: '3f1c2b4a-0000-4000-8000-0000000000c1',
    toSend: 3,
    skipped: { invalid: 1, duplicate: 1, suppressed: 0 },
    title,
  });

/** The Scheduled tab the composer lands on (empty: a fast merge may already be on Sent). */
const scheduledTabRoutes = {
  'GET /api/users/me/scheduled-campaigns': json(200, { items: [], total: 0 }),
  [`GET /api/users/me/workspaces/${space.workspaceId}/campaigns/count`]: json(200, { campaignCount: 0 }),
  'GET /api/users/me/campaigns': json(200, { items: [], total: 0 }),
};

type Clicker = Parameters<typeof reachSendStep>[0];

/** 'Send now' or 'Schedule', then the confirmation's button ('Send 3 emails' or 'Schedule'). */
async function confirmSend(clicker: Clicker, button: 'Send now' | 'Schedule') {
  await clicker.click(screen.getByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: 'Send this mail merge?' });
  const confirm = button === 'Send now' ? 'Send 3 emails' : 'Schedule';
  await clicker.click(within(dialog).getByRole('button', { name: confirm }));
}

/** The browser's own time zone, as Intl reports it. */
function browserInZone(timeZone: string) {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...real.call(this), timeZone };
  });
}

describe('new mail merge: name, time zone and what happens after sending', () => {
  withoutRangeLayout();

  it("MM-013 the name defaults to the sheet's ('spreadsheet - sheet'), which the server gives it anyway", async () => {
    const { user: clicker, server } = await renderInSpace(composerPage, {
      user,
      routes: composerRoutes({ [routeKeys.createMerge]: created(SHEET_TITLE), ...scheduledTabRoutes }),
    });
    await reachSendStep(clicker);
    expect(screen.getByRole('textbox', { name: 'Mail merge name' })).toHaveValue(SHEET_TITLE);
    await confirmSend(clicker, 'Send now');
    await waitFor(() => expect(server.calls(routeKeys.createMerge)).toHaveLength(1));
    expect(server.calls(routeKeys.createMerge)[0]!.body).not.toHaveProperty('name');
  });

  it('MM-013 a name typed is sent trimmed, and the confirmation calls the merge by it', async () => {
    const { user: clicker, server } = await renderInSpace(composerPage, {
      user,
      routes: composerRoutes({ [routeKeys.createMerge]: created('Spring outreach'), ...scheduledTabRoutes }),
    });
    await reachSendStep(clicker);
    const name = screen.getByRole('textbox', { name: 'Mail merge name' });
    await clicker.clear(name);
    await clicker.type(name, '  Spring outreach ');
    await confirmSend(clicker, 'Send now');
    await waitFor(() => expect(server.calls(routeKeys.createMerge)).toHaveLength(1));
    expect(server.calls(routeKeys.createMerge)[0]!.body).toMatchObject({ name: 'Spring outreach' });
    expect(await screen.findByRole('status', { name: 'Mail merge started' })).toHaveTextContent(
      '“Spring outreach” is being sent.',
    );
  });

  it("after 'Send now' the Scheduled tab says the merge is sending, to follow there and on Sent, and links to it", async () => {
    const { user: clicker, router } = await renderInSpace(composerPage, {
      user,
      routes: composerRoutes({ [routeKeys.createMerge]: created(SHEET_TITLE), ...scheduledTabRoutes }),
    });
    await reachSendStep(clicker);
    await confirmSend(clicker, 'Send now');
    await waitFor(() => expect(router.state.location.pathname).toBe(scheduledList));
    const banner = await screen.findByRole('status', { name: 'Mail merge started' });
    expect(banner).toHaveTextContent(
      `“${SHEET_TITLE}” is being sent. Follow it on this tab while its emails go out; the Sent tab shows its opens and clicks.`,
    );
    expect(within(banner).getByRole('link', { name: 'Sent' })).toHaveAttribute(
      'href',
      `${space.urlPrefix}/mail-merges/sent`,
    );
    expect(within(banner).getByRole('link', { name: 'Follow its progress' })).toHaveAttribute(
      'href',
      `${scheduledList}/${SCHEDULED_MERGE_ID}`,
    );
    // Said once: the history entry no longer carries it (a reload or Back shows no banner).
    await waitFor(() => expect(router.state.location.state).toBeNull());
    await clicker.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status', { name: 'Mail merge started' })).not.toBeInTheDocument();
  });

  it('after Schedule the Scheduled tab says the merge waits there until its delivery date', async () => {
    const { user: clicker } = await renderInSpace(composerPage, {
      user,
      routes: composerRoutes({ [routeKeys.createMerge]: created(SHEET_TITLE), ...scheduledTabRoutes }),
    });
    await reachSendStep(clicker);
    await clicker.click(screen.getByRole('radio', { name: 'Schedule' }));
    await clicker.type(screen.getByLabelText(/^Date/), '2099-03-14');
    await clicker.type(screen.getByLabelText(/^Time$|^Time \*/), '09:30');
    await confirmSend(clicker, 'Schedule');
    expect(await screen.findByRole('status', { name: 'Mail merge scheduled' })).toHaveTextContent(
      `“${SHEET_TITLE}” waits on this tab until its delivery date.`,
    );
  });

  it("a schedule's time zone is the browser's own by default, even one its list of zones leaves out (UTC)", async () => {
    browserInZone('UTC');
    const { user: clicker, server } = await renderInSpace(composerPage, {
      user,
      routes: composerRoutes({ [routeKeys.createMerge]: created(SHEET_TITLE), ...scheduledTabRoutes }),
    });
    await reachSendStep(clicker);
    await clicker.click(screen.getByRole('radio', { name: 'Schedule' }));
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('UTC');
    await clicker.type(screen.getByLabelText(/^Date/), '2099-03-14');
    await clicker.type(screen.getByLabelText(/^Time$|^Time \*/), '09:30');
    await confirmSend(clicker, 'Schedule');
    await waitFor(() => expect(server.calls(routeKeys.createMerge)).toHaveLength(1));
    expect(server.calls(routeKeys.createMerge)[0]!.body).toMatchObject({
      send: { mode: 'schedule', at: Date.UTC(2099, 2, 14, 9, 30), timeZone: 'UTC' },
    });
  });

  it('a browser in Asia/Kolkata schedules in Asia/Kolkata unless another zone is chosen', async () => {
    browserInZone('Asia/Kolkata');
    const { user: clicker } = await renderInSpace(composerPage, {
      user,
      routes: composerRoutes(),
    });
    await reachSendStep(clicker);
    await clicker.click(screen.getByRole('radio', { name: 'Schedule' }));
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Asia/Kolkata');
  });
});
