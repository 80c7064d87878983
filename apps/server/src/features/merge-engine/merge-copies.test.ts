import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMerge, getSheetRecipients, oversizedMessageReason } from '@mergeboard/core';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { resumeWaitingMerges } from './merge-jobs';
import { runMergeWorker } from './merge-worker';
import {
  quotaDayPasses,
  recipientStatuses,
  sendNow,
  senderWorld,
  sheetFixture,
  type SenderWorld,
} from '../../testing/merge-test-kit';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';

/** A sheet whose Manager column is the merge's Cc column and Archive its Bcc column. */
const HEADER = ['First name', 'Email', 'Company', 'Manager', 'Archive'];
const COPIES = { ccColumn: 'Manager', bccColumn: 'Archive' };

/** `count` addresses of a domain, as one cell writes them. */
const addresses = (count: number, domain: string, name = 'copy') =>
  Array.from({ length: count }, (_, i) => `${name}${i + 1}@${domain}`).join(', ');

describe('merge engine: every Cc and Bcc address counts against the quota and is checked against the suppression lists', () => {
  let t: TestApp;
  let sink: SmtpSink;

  const work = (mergeId: string) =>
    runMergeWorker({ database: t.database, config: t.context.config, mergeId });
  /** The messages whose To is at `domain`, each with every address its envelope reached. */
  const received = (domain: string) =>
    sink.messages.filter((message) => message.mail.to && JSON.stringify(message.mail.to).includes(domain));
  const delivered = (domain: string) => received(domain).flatMap((message) => message.envelopeTo);
  const quotaUsed = async (who: SenderWorld) => {
    const result = await t.database.execute(
      "SELECT coalesce(sum(used), 0)::int AS used FROM sender_daily_quota WHERE user_id = $1 AND day = (now() AT TIME ZONE 'UTC')::date",
      [who.userId],
    );
    return Number(result.rows[0]!.used);
  };
  const detail = async (who: SenderWorld, mergeId: string) =>
    getMerge.response.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/workspaces/${who.workspaceId}/merges/${mergeId}`,
          headers: who.caller.headers,
        })
      ).json(),
    );
  const analysis = async (who: SenderWorld, sheet: { spreadsheetId: string; sheetId: string }) => {
    const res = await t.app.inject({
      method: 'GET',
      url:
        `/api/v1/workspaces/${who.workspaceId}/spreadsheets/${sheet.spreadsheetId}/sheets/${sheet.sheetId}` +
        '/recipients?emailColumn=Email&ccColumn=Manager&bccColumn=Archive',
      headers: who.caller.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return getSheetRecipients.response.parse(res.json());
  };
  const suppress = (who: SenderWorld, list: 'unsubscriptions' | 'bounces', email: string) =>
    t.database.execute(
      `INSERT INTO ${list} (workspace_id, email, type, created_by_user_id) VALUES ($1, $2, 'USER', $3)`,
      [who.workspaceId, email, who.userId],
    );

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({
      env: { SMTP_URL: sink.url, PUBLIC_URL: 'http://mergeboard.example', MERGE_BATCH_SIZE: '4' },
    });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('CONST-015 RELIABILITY a free sender (20 a day) mailing 2 rows with 300 Bcc addresses each: both rows refused for their cell, the quota never passed and used equals addresses sent', async () => {
    const free = await senderWorld(t, { plan: 'FREE' });
    const rows = [1, 2].map((n) => [
      `P${n}`,
      `p${n}@bcc-flood.example`,
      'Acme',
      '',
      addresses(300, 'flood.example'),
    ]);
    const sheet = await sheetFixture(t.database.db, free, { header: HEADER, rows });
    const merge = await sendNow(t, free, sheet, COPIES);
    await work(merge.mergeId);
    expect(delivered('bcc-flood.example')).toHaveLength(await quotaUsed(free));
    expect(await quotaUsed(free)).toBeLessThanOrEqual(20);
    expect(
      sink.messages.some((message) => message.envelopeTo.some((to) => to.endsWith('@flood.example'))),
    ).toBe(false);
    expect(merge).toMatchObject({ toSend: 0, skipped: { invalid: 2 } });
    const shown = await analysis(free, sheet);
    expect(shown.counts).toMatchObject({ rows: 2, valid: 0, invalid: 2, addresses: 0 });
    expect(shown.skipped.map((row) => row.reason)).toEqual(['TOO_MANY_COPIES', 'TOO_MANY_COPIES']);
  });

  it('CONST-015 MM-028 a message to To + 2 Cc + 1 Bcc uses 4 of the free 20: five rows go today, the sixth waits whole for the reset', async () => {
    const free = await senderWorld(t, { plan: 'FREE' });
    const rows = Array.from({ length: 6 }, (_, i) => [
      `P${i + 1}`,
      `p${i + 1}@four.example`,
      'Acme',
      `boss${i + 1}@four-cc.example; deputy${i + 1}@four-cc.example`,
      `archive${i + 1}@four-bcc.example`,
    ]);
    const sheet = await sheetFixture(t.database.db, free, { header: HEADER, rows });
    const merge = await sendNow(t, free, sheet, COPIES);
    expect(await work(merge.mergeId)).toBe('quota');
    expect(delivered('four.example')).toHaveLength(20);
    expect(received('four.example')).toHaveLength(5);
    expect(await quotaUsed(free)).toBe(20);
    expect((await analysis(free, sheet)).counts).toMatchObject({
      valid: 6,
      copies: { valid: 18, invalid: 0, suppressed: 0 },
      addresses: 24,
    });
    expect(await detail(free, merge.mergeId)).toMatchObject({ status: 'WAITING_FOR_QUOTA', sent: 5 });

    await quotaDayPasses(t.database, free.userId);
    expect(await resumeWaitingMerges(t.database, 1)).toEqual([merge.mergeId]);
    expect(await work(merge.mergeId)).toBe('completed');
    const sixth = received('four.example').find((message) => message.envelopeTo.includes('p6@four.example'))!;
    expect(sixth.envelopeTo.sort()).toEqual([
      'archive6@four-bcc.example',
      'boss6@four-cc.example',
      'deputy6@four-cc.example',
      'p6@four.example',
    ]);
    expect(await quotaUsed(free)).toBe(4);
  });

  it('CONST-015 a message with more addresses than the whole daily quota fails with its reason instead of waiting for ever', async () => {
    const free = await senderWorld(t, { plan: 'FREE', freeUserQuota: 5 });
    const rows = [
      [
        'Big',
        'big@too-big.example',
        'Acme',
        addresses(3, 'too-big-cc.example'),
        addresses(3, 'too-big-bcc.example'),
      ],
      ['Small', 'small@too-big.example', 'Acme', '', ''],
    ];
    const sheet = await sheetFixture(t.database.db, free, { header: HEADER, rows });
    const merge = await sendNow(t, free, sheet, COPIES);
    expect(await work(merge.mergeId)).toBe('completed');
    expect(received('too-big.example').map((message) => message.envelopeTo)).toEqual([
      ['small@too-big.example'],
    ]);
    expect(await recipientStatuses(t.database, merge.campaignId!)).toEqual({ SENT: 1, FAILED: 1 });
    const failed = await t.database.execute(
      "SELECT failure_reason FROM campaign_recipients WHERE campaign_id = $1 AND status = 'FAILED'",
      [merge.campaignId],
    );
    expect(failed.rows[0]!.failure_reason).toBe(oversizedMessageReason(5));
    expect(await quotaUsed(free)).toBe(1);
  });

  it('RELIABILITY UNSUB-013 BOUNCE-012 unsubscribed and bounced addresses in a Cc and a Bcc cell are listed by the analysis and never delivered; the quota counts what went', async () => {
    const pro = await senderWorld(t, { plan: 'PRO' });
    await suppress(pro, 'unsubscriptions', 'gone-cc@listed.example');
    await suppress(pro, 'bounces', 'bounced-bcc@listed.example');
    await suppress(pro, 'bounces', 'bounced-cc@listed.example');
    await suppress(pro, 'unsubscriptions', 'gone-bcc@listed.example');
    const rows = [
      [
        'Ann',
        'ann@suppressed-copies.example',
        'Acme',
        'Gone-CC@listed.example, boss@kept.example',
        'bounced-bcc@listed.example archive@kept.example',
      ],
      [
        'Bob',
        'bob@suppressed-copies.example',
        'Acme',
        'bounced-cc@listed.example; not-an-address',
        'gone-bcc@listed.example',
      ],
    ];
    const sheet = await sheetFixture(t.database.db, pro, { header: HEADER, rows });
    const merge = await sendNow(t, pro, sheet, COPIES);
    expect(await work(merge.mergeId)).toBe('completed');
    const envelopes = received('suppressed-copies.example').map((message) => message.envelopeTo.sort());
    expect(envelopes.sort()).toEqual([
      ['ann@suppressed-copies.example', 'archive@kept.example', 'boss@kept.example'],
      ['bob@suppressed-copies.example'],
    ]);
    expect(
      sink.messages.some((message) => message.envelopeTo.some((to) => to.endsWith('listed.example'))),
    ).toBe(false);
    expect(await quotaUsed(pro)).toBe(4);
    // 'Sent' counts messages (TEAM-003's emails sent): two, though they reached four addresses.
    expect(await detail(pro, merge.mergeId)).toMatchObject({ status: 'COMPLETED', sent: 2 });
    const rollup = await t.database.execute(
      'SELECT sum(sent)::int AS sent FROM sender_monthly_sent WHERE user_id = $1',
      [pro.userId],
    );
    expect(Number(rollup.rows[0]!.sent)).toBe(2);
    const shown = await analysis(pro, sheet);
    expect(shown.counts).toMatchObject({
      valid: 2,
      copies: { valid: 2, invalid: 1, suppressed: 4 },
      addresses: 4,
    });
    expect(shown.skippedCopies).toEqual([
      { rowNumber: 1, column: 'CC', email: 'Gone-CC@listed.example', reason: 'SUPPRESSED' },
      { rowNumber: 1, column: 'BCC', email: 'bounced-bcc@listed.example', reason: 'SUPPRESSED' },
      { rowNumber: 2, column: 'CC', email: 'bounced-cc@listed.example', reason: 'SUPPRESSED' },
      { rowNumber: 2, column: 'CC', email: 'not-an-address', reason: 'INVALID' },
      { rowNumber: 2, column: 'BCC', email: 'gone-bcc@listed.example', reason: 'SUPPRESSED' },
    ]);
  });

  it('RELIABILITY an unsubscription or a bounce recorded after the merge started stops its Cc and Bcc copies at claim time, as for To, and gives their quota back', async () => {
    const pro = await senderWorld(t, { plan: 'PRO' });
    const rows = Array.from({ length: 3 }, (_, i) => [
      `P${i + 1}`,
      `p${i + 1}@late.example`,
      'Acme',
      `manager${i + 1}@late-cc.example`,
      `archive${i + 1}@late-bcc.example`,
    ]);
    const sheet = await sheetFixture(t.database.db, pro, { header: HEADER, rows });
    const merge = await sendNow(t, pro, sheet, COPIES);
    await suppress(pro, 'unsubscriptions', 'manager2@late-cc.example');
    await suppress(pro, 'bounces', 'archive3@late-bcc.example');
    await suppress(pro, 'unsubscriptions', 'p1@late.example');
    expect(await work(merge.mergeId)).toBe('completed');
    const envelopes = received('late.example').map((message) => message.envelopeTo.sort());
    expect(envelopes.sort()).toEqual([
      ['archive2@late-bcc.example', 'p2@late.example'],
      ['manager3@late-cc.example', 'p3@late.example'],
    ]);
    expect(await recipientStatuses(t.database, merge.campaignId!)).toEqual({ SENT: 2, FAILED: 1 });
    expect(await quotaUsed(pro)).toBe(4);
  });
});
