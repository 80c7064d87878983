import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { env } from '../../config/env';
import { browserLocation } from '../../lib/browser-location';
import { SIGN_IN_INTENT_KEY } from '../auth';
import { ALLOW_SHEETS_TEXT, SHEETS_DENIED_TEXT } from './components/sheets-permission';
import { COPY_ADDRESSES_PER_CELL, SPREADSHEET_LIMITS, type SheetRecipients } from '@mergeboard/core';
import { apiError, json } from '../../testing/fake-server';
import { renderInSpace } from '../../testing/space-fixtures';
import {
  chooseFile,
  composerPage,
  composerRoutes,
  csvFile,
  recipients,
  routeKeys,
  spreadsheet,
  user,
} from '../../testing/composer-fixtures';

const countOf = (label: string) => within(screen.getByRole('group', { name: label }));

describe('new mail merge: recipients', () => {
  it('uploads a file: the sheet, its detected email column, counts, first rows and skipped rows with reasons', async () => {
    const { user: clicker, server } = await renderInSpace(composerPage, { user, routes: composerRoutes() });
    expect(await screen.findByText('CSV or XLSX, up to 10 MB and 50.000 rows.')).toBeInTheDocument();
    await chooseFile(clicker, csvFile());

    await within(await screen.findByRole('group', { name: 'Valid' })).findByText('3');
    expect(countOf('Invalid').getByText('1')).toBeInTheDocument();
    expect(countOf('Duplicate').getByText('1')).toBeInTheDocument();
    expect(countOf('Suppressed').getByText('0')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Email column' })).toHaveValue('Email');
    expect(screen.getByText('contacts.csv')).toBeInTheDocument();
    const upload = server.calls(routeKeys.upload)[0]!;
    expect(upload.url.searchParams.get('filename')).toBe('contacts.csv');
    expect(upload.headers.get('Content-Type')).toBe('text/csv');

    const preview = screen.getByRole('table', { name: 'The first 5 rows of the sheet' });
    expect(within(preview).getByRole('columnheader', { name: 'Email addresses' })).toBeInTheDocument();
    expect(within(preview).getByRole('cell', { name: 'Tom & Jerry <Ltd>' })).toBeInTheDocument();
    const skipped = screen.getByRole('region', { name: 'Skipped rows (2)' });
    expect(
      within(skipped).getByRole('row', { name: '2 not-an-address Not a valid email address' }),
    ).toBeInTheDocument();
    expect(
      within(skipped).getByRole('row', { name: '4 ana@example.com Duplicate of an earlier row' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next: Message' })).toBeEnabled();
  });

  it('uploads a file dropped on the zone', async () => {
    const { server } = await renderInSpace(composerPage, { user, routes: composerRoutes() });
    fireEvent.drop(await screen.findByTestId('spreadsheet-drop-zone'), {
      dataTransfer: { files: [csvFile('dropped.csv')] },
    });
    await within(await screen.findByRole('group', { name: 'Valid' })).findByText('3');
    expect(server.calls(routeKeys.upload)[0]!.url.searchParams.get('filename')).toBe('dropped.csv');
    expect(screen.getByRole('button', { name: 'Choose another file' })).toBeInTheDocument();
  });

  it("shows the server's refusal of a file and keeps the spreadsheet chosen before it", async () => {
    const refusal = 'No column of contacts-2.csv holds email addresses.';
    const { user: clicker } = await renderInSpace(composerPage, {
      user,
      routes: composerRoutes({
        [routeKeys.upload]: [json(201, spreadsheet), apiError(400, 'spreadsheet_no_email_column', refusal)],
      }),
    });
    await chooseFile(clicker, csvFile());
    await within(await screen.findByRole('group', { name: 'Valid' })).findByText('3');

    await chooseFile(clicker, csvFile('contacts-2.csv'));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    // Nothing lost: the earlier upload, its counts and the way on are still there.
    expect(screen.getByText('contacts.csv')).toBeInTheDocument();
    expect(countOf('Valid').getByText('3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next: Message' })).toBeEnabled();
  });

  it('refuses a file over 10 MB before sending it, and says why', async () => {
    const { user: clicker, server } = await renderInSpace(composerPage, { user, routes: composerRoutes() });
    const big = new File([new Uint8Array(SPREADSHEET_LIMITS.maxBytes + 1)], 'huge.csv', { type: 'text/csv' });
    await chooseFile(clicker, big);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'huge.csv is larger than 10 MB. Split it into smaller files.',
    );
    expect(server.calls(routeKeys.upload)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Next: Message' })).toBeDisabled();
  });

  it('changing the email column asks for the counts of that column', async () => {
    const { user: clicker, server } = await renderInSpace(composerPage, { user, routes: composerRoutes() });
    await chooseFile(clicker, csvFile());
    await within(await screen.findByRole('group', { name: 'Valid' })).findByText('3');
    await clicker.click(screen.getByRole('combobox', { name: 'Email column' }));
    await clicker.click(await screen.findByRole('option', { name: 'Company' }));
    await waitFor(() =>
      expect(server.calls(routeKeys.recipients).at(-1)!.url.searchParams.get('emailColumn')).toBe('Company'),
    );
  });

  it('RELIABILITY CONST-015 Cc and Bcc columns join the analysis: copies counted toward the quota, left-out addresses and over-full cells listed with why', async () => {
    const withCopies: SheetRecipients = {
      ...recipients,
      counts: {
        ...recipients.counts,
        valid: 2,
        invalid: 2,
        copies: { valid: 4, invalid: 1, suppressed: 2 },
        addresses: 6,
      },
      skipped: [...recipients.skipped, { rowNumber: 5, email: 'eve@example.com', reason: 'TOO_MANY_COPIES' }],
      skippedCopies: [
        { rowNumber: 1, column: 'CC', email: 'gone@example.com', reason: 'SUPPRESSED' },
        { rowNumber: 3, column: 'BCC', email: 'bounced@example.com', reason: 'SUPPRESSED' },
        { rowNumber: 3, column: 'BCC', email: 'nope', reason: 'INVALID' },
      ],
    };
    const { user: clicker, server } = await renderInSpace(composerPage, {
      user,
      routes: composerRoutes({
        [routeKeys.recipients]: (request) =>
          json(200, request.url.searchParams.has('ccColumn') ? withCopies : recipients),
      }),
    });
    await chooseFile(clicker, csvFile());
    await within(await screen.findByRole('group', { name: 'Valid' })).findByText('3');
    expect(screen.queryByRole('group', { name: 'Cc and Bcc' })).not.toBeInTheDocument();

    await clicker.click(screen.getByRole('combobox', { name: 'Cc column' }));
    await clicker.click(await screen.findByRole('option', { name: 'Company' }));
    const copies = await screen.findByRole('group', { name: 'Cc and Bcc' });
    const asked = server.calls(routeKeys.recipients).at(-1)!.url.searchParams;
    expect(asked.get('emailColumn')).toBe('Email');
    expect(asked.get('ccColumn')).toBe('Company');
    expect(copies).toHaveTextContent(
      'Cc and Bcc: 4 addresses get a copy; left out: 1 not valid, 2 unsubscribed or bounced.',
    );
    expect(copies).toHaveTextContent(
      '6 recipients in all (To, Cc and Bcc): each one counts against your daily quota.',
    );
    const skippedRows = screen.getByRole('region', { name: 'Skipped rows (3)' });
    expect(
      within(skippedRows).getByRole('row', {
        name: `5 eve@example.com More than ${COPY_ADDRESSES_PER_CELL} addresses in its Cc or Bcc cell`,
      }),
    ).toBeInTheDocument();
    const leftOut = screen.getByRole('region', { name: 'Cc and Bcc addresses left out (3)' });
    expect(
      within(leftOut).getByRole('row', { name: '1 Cc gone@example.com Unsubscribed or bounced' }),
    ).toBeInTheDocument();
    expect(
      within(leftOut).getByRole('row', { name: '3 Bcc bounced@example.com Unsubscribed or bounced' }),
    ).toBeInTheDocument();
    expect(
      within(leftOut).getByRole('row', { name: '3 Bcc nope Not a valid email address' }),
    ).toBeInTheDocument();
  });
});

describe('new mail merge: a Google Sheet without the Sheets permission', () => {
  const sheetUrl = 'https://docs.google.com/spreadsheets/d/abc123/edit';
  const linkKey = `POST /api/v1/workspaces/${user.userWorkspaces![0]!.workspaceId}/spreadsheets/google`;
  const refused = apiError(403, 'sheets_permission_required', 'Allow Mergeboard to read your Google Sheets.');
  const googleSheet = { ...spreadsheet, name: 'Leads (Google)', source: 'GOOGLE_SHEETS' };

  beforeEach(() => {
    const local = env.authProvider;
    Object.assign(env, { authProvider: 'google' });
    return () => void Object.assign(env, { authProvider: local });
  });

  it('offers to allow access to Google Sheets and goes to authorize with sheets=1, the link kept for the return', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const { user: clicker, server } = await renderInSpace(composerPage, {
      user,
      routes: composerRoutes({ [linkKey]: refused }),
    });
    await clicker.type(await screen.findByRole('textbox', { name: 'Use a Google Sheet' }), sheetUrl);
    await clicker.click(screen.getByRole('button', { name: 'Use this sheet' }));
    await clicker.click(await screen.findByRole('button', { name: ALLOW_SHEETS_TEXT }));

    expect(assign).toHaveBeenCalledWith(
      `/api/v1/auth/authorize?sheets=1&loginHint=${encodeURIComponent(user.userEmail)}`,
    );
    expect(server.calls(linkKey)[0]!.body).toEqual({ url: sheetUrl });
    expect(JSON.parse(window.sessionStorage.getItem(SIGN_IN_INTENT_KEY) ?? 'null')).toEqual({
      continue: composerPage,
      createAccount: false,
      compose: true,
    });
    expect(screen.queryByText('This spreadsheet cannot be used')).not.toBeInTheDocument();
  });

  it('back with the permission, links the same sheet again by itself; declined, says so', async () => {
    vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const {
      user: clicker,
      server,
      router,
    } = await renderInSpace(composerPage, {
      user,
      routes: composerRoutes({ [linkKey]: [refused, json(201, googleSheet)] }),
    });
    await clicker.type(await screen.findByRole('textbox', { name: 'Use a Google Sheet' }), sheetUrl);
    await clicker.click(screen.getByRole('button', { name: 'Use this sheet' }));
    await clicker.click(await screen.findByRole('button', { name: ALLOW_SHEETS_TEXT }));
    // The return trip (/login/callback → the composer) carries the outcome in the location state.
    await act(() => router.navigate(composerPage, { state: { composePermission: 'granted' } }));

    expect(await screen.findByText('Leads (Google)')).toBeInTheDocument();
    expect(server.calls(linkKey)).toHaveLength(2);
    expect(server.calls(linkKey)[1]!.body).toEqual({ url: sheetUrl });
    await waitFor(() => expect(router.state.location.state).toBeNull());

    // Asked again and declined: the reason, not another offer.
    await clicker.type(screen.getByRole('textbox', { name: 'Use a Google Sheet' }), '2');
    server.on(linkKey, refused);
    await clicker.click(screen.getByRole('button', { name: 'Use this sheet' }));
    await clicker.click(await screen.findByRole('button', { name: ALLOW_SHEETS_TEXT }));
    await act(() => router.navigate(composerPage, { state: { composePermission: 'failed' } }));
    expect(await screen.findByText(SHEETS_DENIED_TEXT)).toBeInTheDocument();
    expect(server.calls(linkKey)).toHaveLength(3);
  });
});
