import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, json } from '../../testing/fake-server';
import { renderInSpace } from '../../testing/space-fixtures';
import { setViewportWidth } from '../../testing/viewport';
import {
  chooseFile,
  composerPage,
  composerRoutes,
  csvFile,
  quota,
  recipients,
  reachSendStep,
  routeKeys,
  space,
  spreadsheet,
  startFromTemplate,
  template,
  user,
  withoutRangeLayout,
} from '../../testing/composer-fixtures';

const FREE_REFUSAL = 'Free users cannot schedule mail merges. Upgrade to schedule them.';

describe('new mail merge: send', () => {
  withoutRangeLayout();

  it('sums up recipients, skipped rows with reasons and the quota left, confirms, sends, then shows Scheduled', async () => {
    const {
      user: clicker,
      server,
      router,
    } = await renderInSpace(composerPage, {
      user,
      routes: composerRoutes({
        [routeKeys.quota]: json(200, { ...quota, used: 1499, remaining: 1 }),
        [routeKeys.createMerge]: json(201, {
          mergeId: '6d000000-0000-4000-8000-000000000001',
          scheduledMergeId: 'sm-1',
          campaignId: 'c-1',
          toSend: 3,
          skipped: { invalid: 1, duplicate: 1, suppressed: 0 },
          title: 'contacts.csv - contacts',
        }),
      }),
    });
    await reachSendStep(clicker);
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(summary).toHaveTextContent('Recipients: 3 of 5 rows');
    expect(summary).toHaveTextContent('1 — Not a valid email address');
    expect(summary).toHaveTextContent('1 — Duplicate of an earlier row');
    expect(summary).toHaveTextContent('0 — Unsubscribed or bounced');
    expect(summary).toHaveTextContent("Today's quota left: 1 of 1.500 recipients");
    expect(summary).toHaveTextContent(
      "Today's quota covers 1 of the 3 recipients; the rest go out when your quota resets",
    );

    await clicker.click(screen.getByRole('button', { name: 'Send now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this mail merge?' });
    expect(dialog).toHaveTextContent('Send 3 emails now?');
    expect(server.calls(routeKeys.createMerge)).toHaveLength(0);
    await clicker.click(within(dialog).getByRole('button', { name: 'Send 3 emails' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`${space.urlPrefix}/mail-merges/scheduled`),
    );
    expect(server.calls(routeKeys.createMerge)[0]!.body).toEqual({
      spreadsheetId: spreadsheet.id,
      sheetId: '0',
      emailColumn: 'Email',
      subject: template.subject,
      bodyHtml: template.preview,
      trackOpens: true,
      trackClicks: true,
      unsubscribeLink: true,
      send: { mode: 'now' },
    });
  });

  it('CONST-015 sends the Bcc column chosen with the recipients and weighs the quota in recipients, copies included', async () => {
    const withCopies = {
      ...recipients,
      counts: { ...recipients.counts, copies: { valid: 2, invalid: 0, suppressed: 0 }, addresses: 5 },
    };
    const { user: clicker, server } = await renderInSpace(composerPage, {
      user,
      routes: composerRoutes({
        [routeKeys.recipients]: (request) =>
          json(200, request.url.searchParams.has('bccColumn') ? withCopies : recipients),
        [routeKeys.quota]: json(200, { ...quota, used: 1496, remaining: 4 }),
        [routeKeys.createMerge]: json(201, {
          mergeId: '6d000000-0000-4000-8000-000000000002',
          scheduledMergeId: 'sm-2',
          campaignId: 'c-2',
          toSend: 3,
          skipped: { invalid: 1, duplicate: 1, suppressed: 0 },
          title: 'contacts.csv - contacts',
        }),
      }),
    });
    await chooseFile(clicker, csvFile());
    await within(await screen.findByRole('group', { name: 'Valid' })).findByText('3');
    await clicker.click(screen.getByRole('combobox', { name: 'Bcc column' }));
    await clicker.click(await screen.findByRole('option', { name: 'Company' }));
    await screen.findByRole('group', { name: 'Cc and Bcc' });
    await clicker.click(screen.getByRole('button', { name: 'Next: Message' }));
    await screen.findByRole('textbox', { name: 'Subject' });
    await startFromTemplate(clicker);
    await clicker.click(screen.getByRole('button', { name: 'Next: Send' }));
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(summary).toHaveTextContent('Cc and Bcc: 2 addresses, 5 recipients in all');
    expect(summary).toHaveTextContent(
      "Today's quota covers 4 of the 5 recipients; the rest go out when your quota resets",
    );
    await clicker.click(screen.getByRole('button', { name: 'Send now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this mail merge?' });
    await clicker.click(within(dialog).getByRole('button', { name: 'Send 3 emails' }));
    await waitFor(() => expect(server.calls(routeKeys.createMerge)).toHaveLength(1));
    expect(server.calls(routeKeys.createMerge)[0]!.body).toMatchObject({ bccColumn: 'Company' });
    expect(server.calls(routeKeys.createMerge)[0]!.body).not.toHaveProperty('ccColumn');
  });

  it("CONST-018: a free user's Schedule is refused with the server's reason", async () => {
    const { user: clicker } = await renderInSpace(composerPage, {
      user,
      routes: composerRoutes({
        [routeKeys.quota]: json(200, {
          ...quota,
          limit: 20,
          remaining: 20,
          canSchedule: false,
          scheduleRefusal: FREE_REFUSAL,
        }),
      }),
    });
    await reachSendStep(clicker);
    expect(screen.getByRole('radio', { name: 'Schedule' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Send now' })).toBeChecked();
    expect(screen.getByText(FREE_REFUSAL)).toBeInTheDocument();
  });

  it('schedules at a date, time and time zone; a refusal keeps the dialog open with the message', async () => {
    const { user: clicker, server } = await renderInSpace(composerPage, {
      user,
      routes: composerRoutes({
        [routeKeys.createMerge]: apiError(403, 'forbidden', FREE_REFUSAL),
      }),
    });
    await reachSendStep(clicker);
    await clicker.click(screen.getByRole('radio', { name: 'Schedule' }));
    expect(screen.getByRole('button', { name: 'Schedule' })).toBeDisabled();
    expect(screen.getByText('Choose the date and time to send at.')).toBeInTheDocument();
    await clicker.type(screen.getByLabelText(/^Date/), '2099-03-14');
    await clicker.type(screen.getByLabelText(/^Time$|^Time \*/), '09:30');
    await clicker.click(screen.getByRole('combobox', { name: 'Time zone' }));
    await clicker.click(await screen.findByRole('option', { name: 'Europe/Berlin' }));

    await clicker.click(screen.getByRole('button', { name: 'Schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this mail merge?' });
    await clicker.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(FREE_REFUSAL);
    const body = server.calls(routeKeys.createMerge)[0]!.body as { send: unknown };
    // 09:30 in Berlin (CET, UTC+1 in March before the change) is 08:30 UTC.
    expect(body.send).toEqual({
      mode: 'schedule',
      at: Date.UTC(2099, 2, 14, 8, 30),
      timeZone: 'Europe/Berlin',
    });
  });

  it('is desktop only: at 375 px the page shows the desktop notice and no steps', async () => {
    setViewportWidth(375);
    await renderInSpace(composerPage, { user, routes: composerRoutes() });
    expect(
      await screen.findByText('To create a mail merge, please visit the desktop version.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Choose a file' })).not.toBeInTheDocument();
  });

  it("the Sent and Scheduled pages' 'New mail merge' button opens the composer", async () => {
    const { user: clicker, router } = await renderInSpace(`${space.urlPrefix}/mail-merges/scheduled`, {
      user,
      routes: composerRoutes({
        [`GET /api/users/me/scheduled-campaigns`]: json(200, { items: [], total: 0 }),
      }),
    });
    await clicker.click(await screen.findByRole('link', { name: 'New mail merge' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(composerPage));
    expect(await screen.findByRole('heading', { name: 'New mail merge' })).toBeInTheDocument();
  });
});
