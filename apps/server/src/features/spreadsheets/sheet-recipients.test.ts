import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bounces } from '../../db/schema';
import { seedDemo } from '../../embedded/demo';
import { signedInAs } from '../../testing/sessions';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { sheetRecipients, sheetRows } from '.';
import {
  get,
  sampleFile,
  spaceNamed,
  uploaded,
  userIdOf,
  type Caller,
} from '../../testing/spreadsheet-test-kit';

/** The sample's address that Acme Sales' demo unsubscriptions hold for owner@acme.example. */
const UNSUBSCRIBED = 'aarav.davis@bluefin-logistics.example';

describe('who a merge of a sheet sends to', () => {
  let t: TestApp;
  let owner: Caller;
  let admin: Caller;
  let member: Caller;
  let acmeSales: string;
  let acmeEurope: string;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo({ db: t.database.db });
    owner = await signedInAs(t, 'owner@acme.example');
    admin = await signedInAs(t, 'admin@acme.example');
    member = await signedInAs(t, 'member@acme.example');
    acmeSales = await spaceNamed(t, 'Acme Sales');
    acmeEurope = await spaceNamed(t, 'Acme Europe');
  });
  afterAll(() => t.close());

  const recipientsUrl = (space: string, spreadsheetId: string, query = '') =>
    `/api/v1/workspaces/${space}/spreadsheets/${spreadsheetId}/sheets/0/recipients${query}`;

  async function suppress(
    caller: Caller,
    list: 'unsubscriptions' | 'bounces',
    workspaceId: string,
    email: string,
  ) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/users/workspace-activation-add-${list}/me`,
      headers: caller.headers,
      payload: { workspaceId, emailAddresses: [email] },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it.each(['contacts.csv', 'contacts.xlsx'])(
    'the sample %s: 20 rows, 2 invalid, 1 duplicate, 1 unsubscribed for owner@acme.example → 16 valid',
    async (name) => {
      const listed = await t.database.execute(
        `SELECT 1 FROM unsubscriptions u JOIN users o ON o.id = u.created_by_user_id
         WHERE u.workspace_id = $1 AND u.email = $2 AND o.email = 'owner@acme.example'`,
        [acmeSales, UNSUBSCRIBED],
      );
      expect(listed.rows).toHaveLength(1);
      const sheet = await uploaded(t, owner, acmeSales, { name, bytes: sampleFile(name) });
      expect(sheet.sheets[0]).toMatchObject({ rowCount: 20, emailColumn: 'Email' });
      const res = await get(t, owner, recipientsUrl(acmeSales, sheet.id));
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json();
      expect(answer.counts).toEqual({
        rows: 20,
        valid: 16,
        invalid: 2,
        duplicate: 1,
        suppressed: 1,
        copies: { valid: 0, invalid: 0, suppressed: 0 },
        addresses: 16,
      });
      expect(answer.skipped).toEqual([
        { rowNumber: 6, email: 'maria.garcia@', reason: 'INVALID' },
        { rowNumber: 8, email: UNSUBSCRIBED, reason: 'SUPPRESSED' },
        { rowNumber: 11, email: 'Ada.Lovelace@example.com', reason: 'DUPLICATE' },
        { rowNumber: 14, email: 'tom.baker at example.com', reason: 'INVALID' },
      ]);
      expect(answer.emailColumn).toBe('Email');
      expect(answer.header).toEqual([
        'First name',
        'Last name',
        'Email',
        'Company',
        'Full name',
        'Signed up',
      ]);
      expect(answer.preview).toHaveLength(10);
      expect(answer.preview[2]).toEqual({
        rowNumber: 3,
        cells: ['Alan', 'Turing', 'alan.turing@example.org', 'Bletchley Labs', 'Alan Turing', '15 Mar 2026'],
      });
    },
  );

  it.each(['contacts-30.csv', 'contacts-30.xlsx'])('the 30-row sample %s: 30 valid', async (name) => {
    const sheet = await uploaded(t, owner, acmeSales, { name, bytes: sampleFile(name) });
    const res = await get(t, owner, recipientsUrl(acmeSales, sheet.id));
    expect(res.json().counts).toEqual({
      rows: 30,
      valid: 30,
      invalid: 0,
      duplicate: 0,
      suppressed: 0,
      copies: { valid: 0, invalid: 0, suppressed: 0 },
      addresses: 30,
    });
  });

  it('counts under the column asked for, and refuses a column the sheet does not have', async () => {
    const sheet = await uploaded(t, owner, acmeSales, {
      name: 'contacts.csv',
      bytes: sampleFile('contacts.csv'),
    });
    const byCompany = await get(t, owner, recipientsUrl(acmeSales, sheet.id, '?emailColumn=Company'));
    expect(byCompany.json()).toMatchObject({
      emailColumn: 'Company',
      counts: { rows: 20, valid: 0, invalid: 20, duplicate: 0, suppressed: 0 },
    });
    expect(byCompany.json().skipped).toHaveLength(20);
    const missing = await get(t, owner, recipientsUrl(acmeSales, sheet.id, '?emailColumn=Phone'));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      error: {
        code: 'validation_failed',
        fields: { 'querystring.emailColumn': "The sheet has no column 'Phone'" },
      },
    });
    const noCc = await get(
      t,
      owner,
      recipientsUrl(acmeSales, sheet.id, '?emailColumn=Email&ccColumn=Manager'),
    );
    expect(noCc.statusCode).toBe(400);
    expect(noCc.json().error.fields).toEqual({ 'querystring.ccColumn': "The sheet has no column 'Manager'" });
  });

  it('UNSUB-013 BOUNCE-012 without sharing (Acme Sales, PRO): a sender skips their own entries, not another member’s', async () => {
    await suppress(owner, 'unsubscriptions', acmeSales, 'left@example.com');
    // PERM-015: a paid PRO sender has no Bounces page to add one on; a bounce of their own
    // mail is recorded for them as the engine records it.
    await t.database.db.insert(bounces).values({
      workspaceId: acmeSales,
      email: 'bounced@example.com',
      type: 'USER',
      createdByUserId: await userIdOf(t, 'owner@acme.example'),
    });
    const csv = 'Email\r\nleft@example.com\r\nBOUNCED@example.com\r\nstays@example.com\r\n';
    const mine = await uploaded(t, owner, acmeSales, { name: 'own.csv', bytes: csv });
    expect((await get(t, owner, recipientsUrl(acmeSales, mine.id))).json().counts).toMatchObject({
      valid: 1,
      suppressed: 2,
    });
    const theirs = await uploaded(t, admin, acmeSales, { name: 'admin.csv', bytes: csv });
    expect((await get(t, admin, recipientsUrl(acmeSales, theirs.id))).json().counts).toMatchObject({
      valid: 3,
      suppressed: 0,
    });
  });

  it('UNSUB-013 BOUNCE-012 with sharing (Acme Europe, PREMIUM): the space’s shared entries apply to every paid member', async () => {
    await suppress(admin, 'unsubscriptions', acmeEurope, 'shared.unsub@example.com');
    await suppress(admin, 'bounces', acmeEurope, 'shared.bounce@example.com');
    const csv = 'Email\r\nshared.unsub@example.com\r\nshared.bounce@example.com\r\nfine@example.com\r\n';
    const sheet = await uploaded(t, member, acmeEurope, { name: 'europe.csv', bytes: csv });
    const answer = (await get(t, member, recipientsUrl(acmeEurope, sheet.id))).json();
    expect(answer.counts).toMatchObject({
      rows: 3,
      valid: 1,
      invalid: 0,
      duplicate: 0,
      suppressed: 2,
      addresses: 1,
    });
  });

  it('sheetRecipients and sheetRows give the engine the rows to send, or what is missing', async () => {
    const sheet = await uploaded(t, owner, acmeSales, {
      name: 'contacts.csv',
      bytes: sampleFile('contacts.csv'),
    });
    const ownerId = await userIdOf(t, 'owner@acme.example');
    const request = {
      userId: ownerId,
      workspaceId: acmeSales,
      spreadsheetId: sheet.id,
      sheetId: '0',
      emailColumn: 'Email',
    };
    const result = await sheetRecipients(t.database.db, request);
    if (!result.found) throw new Error('the sheet must be found');
    expect(result.counts).toMatchObject({ rows: 20, valid: 16, invalid: 2, duplicate: 1, suppressed: 1 });
    expect(result.sendable).toHaveLength(16);
    expect(result.sendable[0]).toEqual({ rowNumber: 1, email: 'ada.lovelace@example.com', cc: [], bcc: [] });
    expect(result.sendable.map((row) => row.rowNumber)).not.toContain(11);
    expect(result.header).toContain('First name');

    const rows = await sheetRows(t.database.db, { spreadsheetId: sheet.id, sheetId: '0' }, [3, 20, 99]);
    expect([...rows.keys()]).toEqual([3, 20]);
    expect(rows.get(3)?.[0]).toBe('Alan');

    expect(await sheetRecipients(t.database.db, { ...request, sheetId: '5' })).toEqual({
      found: false,
      missing: 'SHEET',
    });
    expect(await sheetRecipients(t.database.db, { ...request, emailColumn: 'Phone' })).toEqual({
      found: false,
      missing: 'EMAIL_COLUMN',
    });
    const adminId = await userIdOf(t, 'admin@acme.example');
    expect(await sheetRecipients(t.database.db, { ...request, userId: adminId })).toEqual({
      found: false,
      missing: 'SPREADSHEET',
    });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/workspaces/${acmeSales}/spreadsheets/${sheet.id}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(await sheetRecipients(t.database.db, request)).toEqual({ found: false, missing: 'SPREADSHEET' });
  });
});
