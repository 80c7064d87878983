import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUser } from '../../testing/auth-fixtures';
import { apiError, json, type FakeRoutes } from '../../testing/fake-server';
import { scheduledMergeItem } from '../../testing/scheduled-merge-fixtures';
import { renderInSpace, spaceEntry } from '../../testing/space-fixtures';

/**
 * Issue 24: a merge of an uploaded file has no Google Sheet to open. Its dialogs name the file and
 * download its rows as CSV; a merge of a linked Google Sheet keeps 'Open in Google Sheets'.
 */
const space = spaceEntry(1, 'Acme Sales', { userRole: 'OWNER', workspacePlan: 'PRO', userPlan: 'PRO' });
const user = currentUser({ userWorkspaces: [space] });
const base = `${space.urlPrefix}/mail-merges`;
const campaignId = '3f1c2b4a-0000-4000-8000-00000000000a';
const mergeId = '5e2d3c4b-0000-4000-8000-00000000000b';
const SENT_FILE = `GET /api/users/me/campaigns/${campaignId}/spreadsheet/export`;
const SCHEDULED_FILE = `GET /api/users/me/scheduled-campaigns/${mergeId}/spreadsheet/export`;
const FILE_NAME = 'Exported_contacts_Contacts_2026-11-28.csv';

const upload = { spreadsheetLink: '', spreadsheetSource: 'UPLOAD', spreadsheetName: 'contacts' };
const google = {
  spreadsheetLink: 'https://docs.google.com/spreadsheets/d/abc/edit#gid=0',
  spreadsheetSource: 'GOOGLE_SHEETS',
  spreadsheetName: 'Leads',
};
const sent = (sheet: typeof upload) => ({
  id: campaignId,
  campaignId,
  title: 'contacts - Contacts',
  createTimestamp: 1_700_000_000_000,
  lastUpdateTimestamp: 1_700_000_000_000,
  lastEmailSentTimestamp: 1_700_000_000_000,
  trackingInfos: {
    sent: 16,
    opened: 0,
    clicked: 0,
    bounced: 0,
    unsubscribed: 0,
    responded: 0,
    complained: 0,
  },
  emailSubject: 'Welcome aboard',
  mergeSourceSheetKey: 'file-0',
  machineHits: { opened: 0, clicked: 0 },
  ...sheet,
});
const scheduled = (sheet: typeof upload) =>
  scheduledMergeItem(space.workspaceId, mergeId, {
    id: 'file-0',
    spreadsheetId: 'file',
    sheetName: 'Contacts',
    title: 'contacts - Contacts',
    numberOfEmailsSent: 0,
    numberOfEmailsToSend: 16,
    ...sheet,
  });
const csvFile = () =>
  new Response('First name,Email\r\nAda,ada@example.com\r\n', {
    headers: { 'content-type': 'text/csv', 'content-disposition': `attachment; filename="${FILE_NAME}"` },
  });

function routes(sheet: typeof upload, extra: FakeRoutes = {}): FakeRoutes {
  return {
    'GET /api/users/me/campaigns': json(200, { items: [], total: 0 }),
    'GET /api/users/me/scheduled-campaigns': json(200, { items: [scheduled(sheet)], total: 1 }),
    [`GET /api/users/me/workspaces/${space.workspaceId}/campaigns/count`]: json(200, { campaignCount: 1 }),
    [`GET /api/users/me/campaigns/${campaignId}`]: json(200, sent(sheet)),
    [`GET /api/users/me/campaigns/${campaignId}/recipients`]: json(200, { items: [], total: 0 }),
    [`GET /api/users/me/scheduled-campaigns/${mergeId}`]: json(200, scheduled(sheet)),
    [SENT_FILE]: csvFile(),
    [SCHEDULED_FILE]: csvFile(),
    ...extra,
  };
}

/** The files the page hands to the browser to save, by name. */
let saved: string[];
beforeEach(() => {
  saved = [];
  // jsdom has no object URLs: the saved file is the link the page clicks, with its download name.
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL = () => 'blob:file';
      static override revokeObjectURL = () => {};
    },
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

describe("a merge's spreadsheet in its dialogs", () => {
  it('MM-008 a sent merge of an uploaded file names the file and downloads its rows as CSV, with no empty Google Sheets link', async () => {
    const { user: u, server } = await renderInSpace(`${base}/sent/${campaignId}`, {
      user,
      routes: routes(upload),
    });
    const dialog = await screen.findByRole('dialog', { name: 'contacts - Contacts' });
    expect(await within(dialog).findByText('Uploaded file:')).toHaveTextContent('Uploaded file: contacts');
    expect(within(dialog).queryByRole('link', { name: 'Open in Google Sheets' })).not.toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Download as CSV' }));
    await waitFor(() => expect(saved).toEqual([FILE_NAME]));
    expect(server.calls(SENT_FILE)).toHaveLength(1);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('MM-011 a scheduled merge of an uploaded file offers the same download beside Cancel mail merge', async () => {
    const { user: u, server } = await renderInSpace(`${base}/scheduled/${mergeId}`, {
      user,
      routes: routes(upload),
    });
    const dialog = await screen.findByRole('dialog', { name: 'contacts - Contacts' });
    expect(await within(dialog).findByText('Uploaded file:')).toHaveTextContent('Uploaded file: contacts');
    expect(within(dialog).getByRole('button', { name: 'Cancel mail merge' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Open in Google Sheets' })).not.toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Download as CSV' }));
    await waitFor(() => expect(saved).toEqual([FILE_NAME]));
    expect(server.calls(SCHEDULED_FILE)).toHaveLength(1);
  });

  it('a file that can no longer be downloaded says so', async () => {
    const { user: u } = await renderInSpace(`${base}/sent/${campaignId}`, {
      user,
      routes: routes(upload, {
        [SENT_FILE]: apiError(404, 'not_found', 'The file of this mail merge has been deleted'),
      }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'contacts - Contacts' });
    await u.click(await within(dialog).findByRole('button', { name: 'Download as CSV' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The file could not be downloaded. Please try again.',
    );
    expect(saved).toEqual([]);
  });

  it('MM-008 MM-011 a merge of a linked Google Sheet keeps its Open in Google Sheets link, and no download', async () => {
    await renderInSpace(`${base}/sent/${campaignId}`, { user, routes: routes(google) });
    const dialog = await screen.findByRole('dialog', { name: 'contacts - Contacts' });
    expect(await within(dialog).findByRole('link', { name: 'Open in Google Sheets' })).toHaveAttribute(
      'href',
      google.spreadsheetLink,
    );
    expect(within(dialog).queryByRole('button', { name: 'Download as CSV' })).not.toBeInTheDocument();
  });
});
