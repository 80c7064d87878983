import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMerge } from '@mergeboard/core';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  PEOPLE_HEADER,
  recipientStatuses,
  retryHourPasses,
  sendNow,
  senderWorld,
  sheetFixture,
  type SenderWorld,
} from '../../testing/merge-test-kit';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { runMergeWorker } from './merge-worker';

/** What the recipients' server answers RCPT TO for these mailboxes. */
const REFUSALS: Record<string, { code: number; message: string }> = {
  'gone@bounces.example': { code: 550, message: '5.1.1 The email account does not exist' },
  'full@bounces.example': { code: 452, message: '4.2.2 Mailbox full' },
};

describe('SMTP refusals at send time are bounces (issue 25)', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let sender: SenderWorld;

  const work = (mergeId: string) =>
    runMergeWorker({ database: t.database, config: t.context.config, mergeId });
  const merge = async (emails: string[]) => {
    const rows = emails.map((email, i) => [`Person ${i + 1}`, email, 'Acme']);
    const sheet = await sheetFixture(t.database.db, sender, { header: PEOPLE_HEADER, rows });
    return { sheet, ...(await sendNow(t, sender, sheet)) };
  };
  const query = async (text: string, values: unknown[]) => (await t.database.execute(text, values)).rows;
  const detail = async (mergeId: string) =>
    getMerge.response.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/workspaces/${sender.workspaceId}/merges/${mergeId}`,
          headers: sender.caller.headers,
        })
      ).json(),
    );

  beforeAll(async () => {
    sink = await startSmtpSink({ refuse: (recipient) => REFUSALS[recipient] ?? null });
    t = await createTestApp({ env: { SMTP_URL: sink.url } });
    sender = await senderWorld(t, { plan: 'PRO' });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('BOUNCE-010 an SMTP 5xx to RCPT TO is a hard bounce at once: BOUNCED with the reply, counted sent and bounced, on the Bounces list; the next merge skips it', async () => {
    const first = await merge(['ok1@fine.example', 'gone@bounces.example', 'ok2@fine.example']);
    expect(await work(first.mergeId)).toBe('completed');
    expect(await recipientStatuses(t.database, first.campaignId!)).toEqual({ SENT: 2, BOUNCED: 1 });
    const [gone] = await query(
      `SELECT failure_reason, sent_at IS NOT NULL AS sent, bounced_at IS NOT NULL AS bounced
         FROM campaign_recipients WHERE campaign_id = $1 AND email = 'gone@bounces.example'`,
      [first.campaignId],
    );
    expect(gone).toMatchObject({ sent: true, bounced: true });
    expect(String(gone!.failure_reason)).toContain('550 5.1.1 The email account does not exist');
    expect(
      await query('SELECT sent_count, bounced_count FROM campaigns WHERE id = $1', [first.campaignId]),
    ).toEqual([{ sent_count: 3, bounced_count: 1 }]);
    expect(await detail(first.mergeId)).toMatchObject({ status: 'COMPLETED', sent: 3, failed: 0 });
    expect(
      await query('SELECT type, kind FROM bounces WHERE workspace_id = $1 AND email = $2', [
        sender.workspaceId,
        'gone@bounces.example',
      ]),
    ).toEqual([{ type: 'USER', kind: 'HARD' }]);

    const again = await sendNow(t, sender, first.sheet);
    expect(await work(again.mergeId)).toBe('completed');
    expect(
      await query('SELECT email FROM campaign_recipients WHERE campaign_id = $1 ORDER BY email', [
        again.campaignId,
      ]),
    ).toEqual([{ email: 'ok1@fine.example' }, { email: 'ok2@fine.example' }]);
  });

  it('an SMTP 452 is retried with the merge, a soft bounce each time; the third makes it a hard bounce and the rest goes out', async () => {
    const started = await merge(['full@bounces.example', 'ok3@fine.example']);
    const softBounces = async () =>
      (
        await query(
          `SELECT status, soft_bounces FROM campaign_recipients WHERE campaign_id = $1 AND email = 'full@bounces.example'`,
          [started.campaignId],
        )
      )[0];
    expect(await work(started.mergeId)).toBe('retrying');
    expect(await softBounces()).toEqual({ status: 'PENDING', soft_bounces: 1 });
    await retryHourPasses(t.database, started.scheduledMergeId);
    expect(await work(started.mergeId)).toBe('retrying');
    expect(await softBounces()).toEqual({ status: 'PENDING', soft_bounces: 2 });
    await retryHourPasses(t.database, started.scheduledMergeId);
    expect(await work(started.mergeId)).toBe('retrying');
    expect(await softBounces()).toEqual({ status: 'BOUNCED', soft_bounces: 3 });
    await retryHourPasses(t.database, started.scheduledMergeId);
    expect(await work(started.mergeId)).toBe('completed');
    expect(await recipientStatuses(t.database, started.campaignId!)).toEqual({ SENT: 1, BOUNCED: 1 });
    expect(
      await query('SELECT sent_count, bounced_count FROM campaigns WHERE id = $1', [started.campaignId]),
    ).toEqual([{ sent_count: 2, bounced_count: 1 }]);
    expect(
      await query('SELECT email FROM bounces WHERE workspace_id = $1 AND email = $2', [
        sender.workspaceId,
        'full@bounces.example',
      ]),
    ).toHaveLength(1);
    expect(sink.messages.filter((message) => message.envelopeTo.includes('ok3@fine.example'))).toHaveLength(
      1,
    );
  });
});
