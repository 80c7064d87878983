import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerge, getMerge, scheduledCampaignSchema } from '@mergeboard/core';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { claimBatch } from './claim-within-quota';
import { reapStaleClaims, resumeWaitingMerges } from './merge-jobs';
import { runMergeWorker } from './merge-worker';
import {
  PEOPLE_HEADER,
  people,
  quotaDayPasses,
  recipientStatuses,
  jobTaken,
  retryHourPasses,
  scheduledTimeComes,
  sendNowBody,
  senderWorld,
  sheetFixture,
  type SenderWorld,
} from '../../testing/merge-test-kit';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';

const BATCH = 5;

describe('merge lifecycle: quota, cancel, errors and retries, stale claims', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let pro: SenderWorld;
  /** Recipients whose domain the sink answers 421 (try again later) for now. */
  const failing = new Set<string>();
  /** Runs when the sink receives its n-th message of a domain. */
  let onReceived: ((domain: string, count: number) => Promise<void>) | null = null;

  const inject = (who: SenderWorld, method: 'GET' | 'POST' | 'DELETE', url: string, body?: object) =>
    t.app.inject({
      method,
      url,
      headers: { ...who.caller.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
  const newMerge = async (
    who: SenderWorld,
    rows: string[][],
    overrides: object = {},
    header = PEOPLE_HEADER,
  ) => {
    const sheet = await sheetFixture(t.database.db, who, { header, rows });
    const res = await inject(
      who,
      'POST',
      `/api/v1/workspaces/${who.workspaceId}/merges`,
      sendNowBody(sheet, overrides),
    );
    expect(res.statusCode, res.body).toBe(201);
    return { ...createMerge.response.parse(res.json()), sheet };
  };
  const schedule = (who: SenderWorld, rows: string[][], overrides: object = {}) =>
    newMerge(who, rows, {
      send: { mode: 'schedule', at: Date.now() + 3_600_000, timeZone: 'UTC' },
      ...overrides,
    });
  const work = (mergeId: string) =>
    runMergeWorker({ database: t.database, config: t.context.config, mergeId });
  const detail = async (who: SenderWorld, mergeId: string) =>
    getMerge.response.parse(
      (await inject(who, 'GET', `/api/v1/workspaces/${who.workspaceId}/merges/${mergeId}`)).json(),
    );
  const scheduledRow = async (who: SenderWorld, id: string) => {
    const res = await inject(who, 'GET', `/api/users/me/scheduled-campaigns/${id}`);
    return res.statusCode === 200 ? scheduledCampaignSchema.parse(res.json()) : null;
  };
  const received = (domain: string) =>
    sink.messages.filter((message) => message.envelopeTo[0]!.endsWith(domain));

  beforeAll(async () => {
    sink = await startSmtpSink({
      refuse: (recipient) =>
        failing.has(recipient.split('@')[1]!)
          ? { code: 421, message: 'Service not available, try again later' }
          : null,
      beforeAccept: async (message) => {
        const domain = message.envelopeTo[0]!.split('@')[1]!;
        await onReceived?.(domain, received(domain).length);
      },
    });
    t = await createTestApp({
      env: { SMTP_URL: sink.url, PUBLIC_URL: 'http://mergeboard.example', MERGE_BATCH_SIZE: String(BATCH) },
    });
    pro = await senderWorld(t, { plan: 'PRO' });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it("CONST-015 MM-028 MM-029 a free user's 30 rows: 20 sent, then 'Upon quota reset' (IN PROGRESS, no next run), the rest after the reset", async () => {
    const free = await senderWorld(t, { plan: 'FREE' });
    const merge = await newMerge(free, people(30, 'free.example'));
    expect(await work(merge.mergeId)).toBe('quota');
    expect(received('free.example')).toHaveLength(20);
    expect(await detail(free, merge.mergeId)).toMatchObject({
      status: 'WAITING_FOR_QUOTA',
      sent: 20,
      toSend: 30,
    });
    expect(await scheduledRow(free, merge.scheduledMergeId)).toMatchObject({
      status: 'IN PROGRESS',
      mergeTime: null,
      numberOfEmailsSent: 20,
      numberOfEmailsToSend: 30,
    });
    expect(await work(merge.mergeId)).toBe('nothing-to-do');
    expect(await resumeWaitingMerges(t.database, 1)).toEqual([]);

    await quotaDayPasses(t.database, free.userId);
    expect(await resumeWaitingMerges(t.database, 1)).toEqual([merge.mergeId]);
    expect((await scheduledRow(free, merge.scheduledMergeId))?.mergeTime).not.toBeNull();
    expect(await work(merge.mergeId)).toBe('completed');
    expect(received('free.example')).toHaveLength(30);
    expect(new Set(received('free.example').map((message) => message.messageId)).size).toBe(30);
    expect(await detail(free, merge.mergeId)).toMatchObject({ status: 'COMPLETED', sent: 30 });
    expect(await scheduledRow(free, merge.scheduledMergeId)).toBeNull();
  });

  it('MM-046 cancelling mid-merge stops it within the batch being sent', async () => {
    const merge = await newMerge(pro, people(60, 'cancel.example'));
    onReceived = async (domain, count) => {
      if (domain !== 'cancel.example' || count !== 12) return;
      const res = await inject(pro, 'DELETE', `/api/users/me/scheduledCampaigns/${merge.scheduledMergeId}`);
      expect(res.statusCode).toBe(200);
    };
    expect(await work(merge.mergeId)).toBe('stopped');
    onReceived = null;
    const sent = received('cancel.example').length;
    expect(sent).toBeGreaterThanOrEqual(12);
    expect(sent).toBeLessThanOrEqual(Math.ceil(12 / BATCH) * BATCH);
    expect(await detail(pro, merge.mergeId)).toMatchObject({
      status: 'CANCELED',
      sent,
      scheduledMergeId: null,
    });
    expect(await recipientStatuses(t.database, merge.campaignId!)).toEqual({ SENT: sent });
    expect(await work(merge.mergeId)).toBe('nothing-to-do');
    expect(received('cancel.example')).toHaveLength(sent);
  });

  it('MM-034 a scheduled merge whose spreadsheet was deleted stops with SPREADSHEET DELETED', async () => {
    const merge = await schedule(pro, people(3, 'gone.example'));
    await t.database.execute('DELETE FROM spreadsheets WHERE id = $1', [merge.sheet.spreadsheetId]);
    await scheduledTimeComes(t.database, merge.mergeId);
    expect(await work(merge.mergeId)).toBe('nothing-to-do');
    expect(await scheduledRow(pro, merge.scheduledMergeId)).toMatchObject({ status: 'SPREADSHEET DELETED' });
    expect(await detail(pro, merge.mergeId)).toMatchObject({ status: 'FAILED', campaignId: null });
    expect(received('gone.example')).toHaveLength(0);
  });

  it('MM-035 a scheduled merge whose sheet lost a merge field stops with INVALID DRAFT', async () => {
    const merge = await schedule(pro, people(3, 'draft.example'));
    await t.database.execute(
      `UPDATE spreadsheet_sheets SET header = '["First name","Email","Firm"]'::jsonb WHERE spreadsheet_id = $1`,
      [merge.sheet.spreadsheetId],
    );
    await scheduledTimeComes(t.database, merge.mergeId);
    await work(merge.mergeId);
    const row = await scheduledRow(pro, merge.scheduledMergeId);
    expect(row).toMatchObject({ status: 'INVALID DRAFT' });
    expect(await detail(pro, merge.mergeId)).toMatchObject({ status: 'FAILED' });
    expect(received('draft.example')).toHaveLength(0);
  });

  it('MM-031 MM-032 a deleted sheet is SHEET DELETED, retried an hour later, and sends once restored', async () => {
    const merge = await schedule(pro, people(4, 'sheet.example'));
    const saved = await t.database.execute('SELECT * FROM spreadsheet_rows WHERE spreadsheet_id = $1', [
      merge.sheet.spreadsheetId,
    ]);
    await t.database.execute('DELETE FROM spreadsheet_sheets WHERE spreadsheet_id = $1', [
      merge.sheet.spreadsheetId,
    ]);
    await scheduledTimeComes(t.database, merge.mergeId);
    await work(merge.mergeId);
    const row = await scheduledRow(pro, merge.scheduledMergeId);
    expect(row).toMatchObject({ status: 'SHEET DELETED', recoverableErrorRetries: 1 });
    expect(row!.recoverableErrorLastRetryTimestamp).not.toBeNull();
    expect(await work(merge.mergeId)).toBe('nothing-to-do');

    await t.database.execute(
      `INSERT INTO spreadsheet_sheets (spreadsheet_id, sheet_id, name, position, header, row_count)
       VALUES ($1, '0', 'Sheet1', 0, $2::jsonb, 4)`,
      [merge.sheet.spreadsheetId, JSON.stringify(PEOPLE_HEADER)],
    );
    for (const saved_row of saved.rows) {
      await t.database.execute(
        'INSERT INTO spreadsheet_rows (spreadsheet_id, sheet_id, row_number, cells) VALUES ($1, $2, $3, $4::jsonb)',
        [saved_row.spreadsheet_id, saved_row.sheet_id, saved_row.row_number, JSON.stringify(saved_row.cells)],
      );
    }
    await retryHourPasses(t.database, merge.scheduledMergeId);
    expect(await work(merge.mergeId)).toBe('completed');
    expect(received('sheet.example')).toHaveLength(4);
  });

  it('MM-031 MM-032 MM-036 SMTP 4xx makes an UNKNOWN ERROR retried an hour later; the retry sends the rest once', async () => {
    const merge = await newMerge(pro, people(8, 'flaky.example'));
    await jobTaken(t.database, merge.mergeId);
    failing.add('flaky.example');
    expect(await work(merge.mergeId)).toBe('retrying');
    const row = await scheduledRow(pro, merge.scheduledMergeId);
    expect(row).toMatchObject({ status: 'UNKNOWN ERROR', recoverableErrorRetries: 1 });
    expect(row!.mergeTime).toBe(row!.recoverableErrorLastRetryTimestamp! + 3_600_000);
    expect(await recipientStatuses(t.database, merge.campaignId!)).toEqual({ PENDING: 8 });
    const job = await t.database.execute(
      "SELECT count(*)::int AS n FROM pgboss.job WHERE data->>'mergeId' = $1 AND start_after > now() + interval '59 minutes'",
      [merge.mergeId],
    );
    expect(job.rows[0]).toEqual({ n: 2 });

    failing.delete('flaky.example');
    expect(await work(merge.mergeId)).toBe('nothing-to-do');
    await retryHourPasses(t.database, merge.scheduledMergeId);
    expect(await work(merge.mergeId)).toBe('completed');
    expect(received('flaky.example')).toHaveLength(8);
    expect(await detail(pro, merge.mergeId)).toMatchObject({ status: 'COMPLETED', sent: 8 });
  });

  it('MM-031 MM-037 after the fifth failed attempt the merge stops: all attempts failed', async () => {
    const merge = await newMerge(pro, people(3, 'down.example'));
    failing.add('down.example');
    const ends = [];
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      ends.push(await work(merge.mergeId));
      await retryHourPasses(t.database, merge.scheduledMergeId);
    }
    expect(ends).toEqual(['retrying', 'retrying', 'retrying', 'retrying', 'failed']);
    const row = await scheduledRow(pro, merge.scheduledMergeId);
    expect(row).toMatchObject({ status: 'UNKNOWN ERROR', recoverableErrorRetries: 5 });
    expect(await detail(pro, merge.mergeId)).toMatchObject({ status: 'FAILED', failed: 3, sent: 0 });
    const reasons = await t.database.execute(
      'SELECT DISTINCT failure_reason FROM campaign_recipients WHERE campaign_id = $1',
      [merge.campaignId],
    );
    expect(String(reasons.rows[0]!.failure_reason)).toMatch(/^All attempts failed: /);
  });

  it('RELIABILITY rows a dead worker claimed become UNKNOWN after the lease, are never sent again, and the merge completes', async () => {
    const merge = await newMerge(pro, people(7, 'dead.example'));
    const claim = await claimBatch(t.database.db, {
      mergeId: merge.mergeId,
      campaignId: merge.campaignId!,
      userId: pro.userId,
      limit: 1500,
      batchSize: 3,
      workerId: 'a-worker-that-dies',
    });
    expect(claim.kind === 'claimed' && claim.recipients.map((r) => r.rowNumber)).toEqual([1, 2, 3]);
    expect(await reapStaleClaims(t.database, 600)).toBe(0);
    expect(await work(merge.mergeId)).toBe('drained');
    expect(await reapStaleClaims(t.database, 0)).toBe(3);
    expect(await detail(pro, merge.mergeId)).toMatchObject({ status: 'COMPLETED', sent: 4, unknown: 3 });
    expect(
      received('dead.example')
        .map((message) => message.envelopeTo[0])
        .sort(),
    ).toEqual([4, 5, 6, 7].map((n) => `person${n}@dead.example`));
  });
});
