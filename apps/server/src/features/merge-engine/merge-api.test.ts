import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerge, getMerge, getMergeQuota, sendTestEmail } from '@mergeboard/core';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { MERGE_SEND_JOB } from './enqueue';
import {
  PEOPLE_HEADER,
  people,
  recipientStatuses,
  sendNowBody,
  senderWorld,
  sheetFixture,
  type SenderWorld,
} from '../../testing/merge-test-kit';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';

describe('merge engine API', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let pro: SenderWorld;
  let free: SenderWorld;

  const call = (who: SenderWorld, method: 'GET' | 'POST', url: string, body?: object) =>
    t.app.inject({
      method,
      url,
      headers: { ...who.caller.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
  const mergesUrl = (who: SenderWorld, rest = '') => `/api/v1/workspaces/${who.workspaceId}/merges${rest}`;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: sink.url, PUBLIC_URL: 'http://mergeboard.example' } });
    pro = await senderWorld(t, { plan: 'PRO' });
    free = await senderWorld(t, { plan: 'FREE' });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('sends now: one transaction writes the merge, the IN PROGRESS scheduled row, the campaign, its PENDING recipients and the job', async () => {
    const rows = [...people(4), ['Bad', 'not-an-address', 'X'], ['Twice', 'PERSON1@people.example', 'X']];
    const sheet = await sheetFixture(t.database.db, pro, { header: PEOPLE_HEADER, rows, name: 'Leads' });
    const res = await call(pro, 'POST', mergesUrl(pro), sendNowBody(sheet));
    expect(res.statusCode, res.body).toBe(201);
    const answer = createMerge.response.parse(res.json());
    expect(answer).toMatchObject({ toSend: 4, skipped: { invalid: 1, duplicate: 1, suppressed: 0 } });
    expect(answer.campaignId).not.toBeNull();

    const campaign = await t.database.execute(
      'SELECT title, spreadsheet_name, sheet_name, email_subject, last_email_sent_at FROM campaigns WHERE id = $1',
      [answer.campaignId],
    );
    expect(campaign.rows[0]).toMatchObject({
      title: 'Leads - Sheet1',
      email_subject: 'Hello {{First name}}',
    });
    expect(campaign.rows[0]!.last_email_sent_at).not.toBeNull();
    expect(await recipientStatuses(t.database, answer.campaignId!)).toEqual({ PENDING: 4 });
    const recipients = await t.database.execute(
      'SELECT email, row_number FROM campaign_recipients WHERE campaign_id = $1 ORDER BY row_number',
      [answer.campaignId],
    );
    expect(recipients.rows.map((row) => [row.email, row.row_number])).toEqual(
      [1, 2, 3, 4].map((n) => [`person${n}@people.example`, n]),
    );
    const scheduled = await t.database.execute(
      'SELECT status, merge_time, to_send_count FROM scheduled_merges WHERE id = $1',
      [answer.scheduledMergeId],
    );
    expect(scheduled.rows[0]).toMatchObject({ status: 'IN PROGRESS', to_send_count: 4 });
    expect(scheduled.rows[0]!.merge_time).not.toBeNull();
    const jobs = await t.database.execute(
      "SELECT data, singleton_key FROM pgboss.job WHERE name = $1 AND data->>'mergeId' = $2 ORDER BY singleton_key",
      [MERGE_SEND_JOB, answer.mergeId],
    );
    expect(jobs.rows).toEqual(
      [0, 1].map((lane) => ({
        data: { mergeId: answer.mergeId, lane },
        singleton_key: `${answer.mergeId}/${lane}`,
      })),
    );

    const detail = await call(pro, 'GET', mergesUrl(pro, `/${answer.mergeId}`));
    expect(getMerge.response.parse(detail.json())).toMatchObject({
      status: 'SENDING',
      toSend: 4,
      sent: 0,
      title: 'Leads - Sheet1',
      skipped: { invalid: 1, duplicate: 1, suppressed: 0 },
    });
  });

  it('refuses a second live merge of the same sheet (the Scheduled list knows a merge by its sheet)', async () => {
    const sheet = await sheetFixture(t.database.db, pro, { header: PEOPLE_HEADER, rows: people(2) });
    expect((await call(pro, 'POST', mergesUrl(pro), sendNowBody(sheet))).statusCode).toBe(201);
    const again = await call(pro, 'POST', mergesUrl(pro), sendNowBody(sheet));
    expect(again.statusCode).toBe(409);
  });

  it('schedules for a paid user: SCHEDULED with its time, no campaign until it starts, the job delayed', async () => {
    const sheet = await sheetFixture(t.database.db, pro, { header: PEOPLE_HEADER, rows: people(3) });
    const at = Date.now() + 2 * 3_600_000;
    const res = await call(
      pro,
      'POST',
      mergesUrl(pro),
      sendNowBody(sheet, { send: { mode: 'schedule', at, timeZone: 'Europe/Brussels' } }),
    );
    expect(res.statusCode).toBe(201);
    const answer = createMerge.response.parse(res.json());
    expect(answer.campaignId).toBeNull();
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/users/me/scheduled-campaigns/${answer.scheduledMergeId}`,
      headers: pro.caller.headers,
    });
    expect(listed.json()).toMatchObject({ status: 'SCHEDULED', mergeTime: at, numberOfEmailsToSend: 3 });
    const job = await t.database.execute(
      "SELECT bool_and(start_after > now() + interval '1 hour') AS later FROM pgboss.job WHERE data->>'mergeId' = $1",
      [answer.mergeId],
    );
    expect(job.rows[0]).toEqual({ later: true });
  });

  it('refuses a schedule past the latest time with a 400 naming it, writing nothing', async () => {
    const sheet = await sheetFixture(t.database.db, pro, { header: PEOPLE_HEADER, rows: people(1) });
    // Past JavaScript's largest date (8.64e15 ms), the probe's 500; and just past the cap.
    for (const at of [9e15, Date.UTC(10_000, 0, 1)]) {
      const res = await call(
        pro,
        'POST',
        mergesUrl(pro),
        sendNowBody(sheet, { send: { mode: 'schedule', at, timeZone: 'UTC' } }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain('at must be a time before the year 10000');
    }
    const count = await t.database.execute(
      'SELECT count(*)::int AS n FROM merges WHERE spreadsheet_id = $1',
      [sheet.spreadsheetId],
    );
    expect(count.rows[0]).toEqual({ n: 0 });
  });

  it('CONST-018 refuses a free user’s schedule with the spec’s rule, and the quota says so', async () => {
    const sheet = await sheetFixture(t.database.db, free, { header: PEOPLE_HEADER, rows: people(3) });
    const res = await call(
      free,
      'POST',
      mergesUrl(free),
      sendNowBody(sheet, { send: { mode: 'schedule', at: Date.now() + 3_600_000, timeZone: 'UTC' } }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Free users cannot schedule mail merges.');
    const count = await t.database.execute('SELECT count(*)::int AS n FROM merges WHERE user_id = $1', [
      free.userId,
    ]);
    expect(count.rows[0]).toEqual({ n: 0 });

    const quota = getMergeQuota.response.parse((await call(free, 'GET', mergesUrl(free, '/quota'))).json());
    expect(quota).toMatchObject({ limit: 20, used: 0, remaining: 20, canSchedule: false });
    expect(quota.scheduleRefusal).toBe('Free users cannot schedule mail merges.');
    expect(quota.resetsAt % 86_400_000).toBe(0);
  });

  it('CONST-016 gives a PRO sender 1,500 recipients a day and lets them schedule', async () => {
    const quota = getMergeQuota.response.parse((await call(pro, 'GET', mergesUrl(pro, '/quota'))).json());
    expect(quota).toMatchObject({ limit: 1500, canSchedule: true, scheduleRefusal: null });
  });

  it('answers 400 naming a merge field whose column the sheet lacks, and writes nothing', async () => {
    const sheet = await sheetFixture(t.database.db, pro, { header: PEOPLE_HEADER, rows: people(2) });
    const res = await call(
      pro,
      'POST',
      mergesUrl(pro),
      sendNowBody(sheet, { subject: 'Hi {{Nickname}}', bodyHtml: '<p>{{Title|Sir}}</p>' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      'body.subject': 'The merge field {{Nickname}} has no column in the sheet',
      'body.bodyHtml': 'The merge field {{Title}} has no column in the sheet',
    });
    const merges = await t.database.execute(
      'SELECT count(*)::int AS n FROM merges WHERE spreadsheet_id = $1',
      [sheet.spreadsheetId],
    );
    expect(merges.rows[0]).toEqual({ n: 0 });
  });

  it('answers 404 for someone else’s spreadsheet and merge (multi-user replay)', async () => {
    const sheet = await sheetFixture(t.database.db, pro, { header: PEOPLE_HEADER, rows: people(2) });
    const theirs = await call(free, 'POST', mergesUrl(free), sendNowBody(sheet));
    expect(theirs.statusCode).toBe(404);
    const mine = createMerge.response.parse(
      (await call(pro, 'POST', mergesUrl(pro), sendNowBody(sheet))).json(),
    );
    expect((await call(free, 'GET', mergesUrl(free, `/${mine.mergeId}`))).statusCode).toBe(404);
  });

  it('sends a test email rendered for one row to the caller, not counted against the quota, with inert links (no tokens)', async () => {
    const sheet = await sheetFixture(t.database.db, pro, {
      header: PEOPLE_HEADER,
      rows: [['Ada', 'ada@people.example', '']],
    });
    const res = await call(pro, 'POST', mergesUrl(pro, '/test'), {
      ...sheet,
      rowNumber: 1,
      subject: 'Hello {{First name}}',
      bodyHtml: '<p>{{First name}} at {{Company|your company}}, <a href="https://news.example/">news</a></p>',
      senderName: 'Sam from Sales',
      poll: { question: 'Coming?', answers: ['Yes', 'No'] },
    });
    expect(res.statusCode).toBe(202);
    expect(sendTestEmail.response.parse(res.json())).toEqual({ sentTo: pro.email });
    const received = sink.messages.find((message) => message.envelopeTo.includes(pro.email));
    expect(received?.mail.subject).toBe('Hello Ada');
    expect(received?.mail.html).toContain(
      '<p>Ada at your company, <a href="https://news.example/">news</a></p>',
    );
    // No recipient row, so no token: links as written, no pixel, no List-Unsubscribe; the
    // unsubscribe and poll links show the result pages and record nothing.
    const origin = t.context.config.publicUrl;
    expect(received?.mail.html).toContain(`<a href="${origin}/unsubscribed">Unsubscribe</a>`);
    expect(received?.mail.html).toContain(`<a href="${origin}/formresponse" style=`);
    expect(received?.mail.html).not.toMatch(/\/[ocpu]\/[A-Za-z0-9_-]{42}/);
    expect(received?.raw).not.toMatch(/^List-Unsubscribe/im);
    expect(received?.mail.from?.value[0]).toEqual({ name: 'Sam from Sales', address: pro.email });
    expect(sink.messages.some((message) => message.envelopeTo.includes('ada@people.example'))).toBe(false);
    const quota = getMergeQuota.response.parse((await call(pro, 'GET', mergesUrl(pro, '/quota'))).json());
    expect(quota.used).toBe(0);
  });
});
