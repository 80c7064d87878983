import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingTokens } from '../tracking';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  PEOPLE_HEADER,
  people,
  sendNow,
  senderWorld,
  sheetFixture,
  type SenderWorld,
  inboundWrites,
} from '../../testing/merge-test-kit';
import { mergeSendJob } from '../merge-engine';
import { applyInboundEvent } from './apply-inbound-event';
import type { InboundEvent } from './inbound-event';

interface Row {
  id: string;
  email: string;
  messageId: string;
}

describe('applying what comes back by mail (issue 25)', () => {
  let t: TestApp;
  let sender: SenderWorld;
  let other: SenderWorld;
  let sheet: { spreadsheetId: string; sheetId: string };
  let campaignId: string;
  /** The sent merge's rows in sheet order; each test takes its own. */
  let rows: Row[];
  let otherRow: Row;
  const tokens = trackingTokens('test-secret-test-secret-test-secret-000');
  const returnToken = (row: Row) => tokens.signForAddress({ kind: 'return', recipientId: row.id, index: 0 });
  const apply = (event: InboundEvent, options: { mailboxOf?: string } = {}) =>
    applyInboundEvent(t.database.db, tokens, event, options);

  /** The merge's send job runs, as a worker would run it, and the merge completes. */
  const send = async (mergeId: string) => {
    await mergeSendJob.run({
      database: t.database,
      config: t.context.config,
      data: { mergeId },
      jobId: randomUUID(),
    });
    expect(await query('SELECT status FROM merges WHERE id = $1', [mergeId])).toEqual([
      { status: 'COMPLETED' },
    ]);
  };
  async function query<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
    return (await t.database.execute(text, values)).rows as T[];
  }
  async function sentMerge(who: SenderWorld, domain: string, count: number) {
    const fixture = await sheetFixture(t.database.db, who, {
      header: PEOPLE_HEADER,
      rows: people(count, domain),
    });
    const merge = await sendNow(t, who, fixture);
    await send(merge.mergeId);
    const sent = await query<Row>(
      `SELECT id, email, trim(both '<>' from message_id) AS "messageId" FROM campaign_recipients
        WHERE campaign_id = $1 ORDER BY row_number`,
      [merge.campaignId],
    );
    return { fixture, merge, rows: sent };
  }
  const recipient = async (row: Row) =>
    (
      await query(
        `SELECT status, failure_reason, soft_bounces, bounced_at IS NOT NULL AS bounced,
                responded_at IS NOT NULL AS responded, unsubscribed_at IS NOT NULL AS unsubscribed,
                complained_at IS NOT NULL AS complained
           FROM campaign_recipients WHERE id = $1`,
        [row.id],
      )
    )[0];
  const counts = async () =>
    (
      await query(
        `SELECT sent_count, bounced_count, responded_count, unsubscribed_count, complained_count
           FROM campaigns WHERE id = $1`,
        [campaignId],
      )
    )[0];
  const listed = async (table: 'bounces' | 'unsubscriptions', email: string) =>
    query(`SELECT type, created_by_user_id AS by FROM ${table} WHERE workspace_id = $1 AND email = $2`, [
      sender.workspaceId,
      email,
    ]);
  const everything = () => inboundWrites(t.database);

  type Bounce = Extract<InboundEvent, { kind: 'hard-bounce' | 'soft-bounce' }>;
  const hardBounce = (row: Row, token: string | null = returnToken(row)): Bounce => ({
    kind: 'hard-bounce',
    messageId: `dsn-${randomUUID()}@mx.people.example`,
    returnToken: token,
    inReplyTo: [row.messageId],
    recipient: row.email,
    status: '5.1.1',
    reason: 'smtp; 550 5.1.1 The email account that you tried to reach does not exist',
  });

  beforeAll(async () => {
    t = await createTestApp();
    sender = await senderWorld(t, { plan: 'PRO' });
    other = await senderWorld(t, { plan: 'PRO' });
    const first = await sentMerge(sender, 'people.example', 12);
    sheet = first.fixture;
    campaignId = first.merge.campaignId!;
    rows = first.rows;
    otherRow = (await sentMerge(other, 'elsewhere.example', 1)).rows[0]!;
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('BOUNCE-010 BOUNCE-012 a hard bounce matched by its VERP token: BOUNCED with the reason, counted, on the Bounces list', async () => {
    const row = rows[0]!;
    expect(await apply(hardBounce(row))).toBe('applied');
    expect(await recipient(row)).toMatchObject({ status: 'BOUNCED', bounced: true });
    // The server's words give the status code already: it is not said twice.
    expect((await recipient(row))!.failure_reason).toBe(
      'smtp; 550 5.1.1 The email account that you tried to reach does not exist',
    );
    expect(await counts()).toMatchObject({ sent_count: 12, bounced_count: 1 });
    // Sharing off (BOUNCE-012): the sender's own entry.
    expect(await listed('bounces', row.email)).toEqual([{ type: 'USER', by: sender.userId }]);
    expect(await query('SELECT kind FROM bounces WHERE email = $1', [row.email])).toEqual([{ kind: 'HARD' }]);
  });

  it('the same DSN twice, even at once, counts once', async () => {
    const row = rows[1]!;
    const event = hardBounce(row);
    expect((await Promise.all([apply(event), apply(event)])).sort()).toEqual(['applied', 'duplicate']);
    const after = await everything();
    expect(await apply(event)).toBe('duplicate');
    expect(await everything()).toBe(after);
    expect(await counts()).toMatchObject({ bounced_count: 2 });
    expect(await query('SELECT kind FROM inbound_messages WHERE message_id = $1', [event.messageId])).toEqual(
      [{ kind: 'hard-bounce' }],
    );
  });

  it('a bounce that quotes only our Message-ID is matched by it, when it names that row’s address', async () => {
    const row = rows[2]!;
    const before = await everything();
    // Another recipient of the merge forging a DSN about this row: the address does not match.
    expect(await apply({ ...hardBounce(row, null), recipient: rows[3]!.email })).toBe('unmatched');
    expect(await apply({ ...hardBounce(row, null), recipient: null })).toBe('unmatched');
    expect(await everything()).toBe(before);
    expect(await apply({ ...hardBounce(row, null), recipient: row.email.toUpperCase() })).toBe('applied');
    expect(await recipient(row)).toMatchObject({ status: 'BOUNCED' });
  });

  it('soft bounces are counted on the row; the third is a hard bounce', async () => {
    const row = rows[4]!;
    const soft = (): Bounce => ({
      ...hardBounce(row),
      kind: 'soft-bounce',
      status: '4.2.2',
      reason: 'Mailbox full',
    });
    const bouncedBefore = (await counts())!.bounced_count as number;
    expect(await apply(soft())).toBe('applied');
    expect(await apply(soft())).toBe('applied');
    expect(await recipient(row)).toMatchObject({ status: 'SENT', soft_bounces: 2, bounced: false });
    expect(await listed('bounces', row.email)).toEqual([]);
    expect(await apply(soft())).toBe('applied');
    expect(await recipient(row)).toMatchObject({ status: 'BOUNCED', soft_bounces: 3, bounced: true });
    expect((await recipient(row))!.failure_reason).toBe('3 soft bounces, the last: 4.2.2 Mailbox full');
    expect((await counts())!.bounced_count).toBe(bouncedBefore + 1);
    expect(await listed('bounces', row.email)).toHaveLength(1);
  });

  it('UNSUB-011 a complaint unsubscribes the address in the space as a one-click does, and counts as a complaint', async () => {
    const row = rows[5]!;
    const before = (await counts())!;
    const complaint: InboundEvent = {
      kind: 'complaint',
      messageId: `arf-${randomUUID()}@feedback.example`,
      returnToken: returnToken(row),
      inReplyTo: [],
      recipient: null,
    };
    expect(await apply(complaint)).toBe('applied');
    expect(await apply(complaint)).toBe('duplicate');
    expect(await recipient(row)).toMatchObject({ unsubscribed: true, complained: true, bounced: false });
    expect(await counts()).toMatchObject({
      unsubscribed_count: (before.unsubscribed_count as number) + 1,
      complained_count: (before.complained_count as number) + 1,
    });
    expect(await listed('unsubscriptions', row.email)).toEqual([{ type: 'USER', by: sender.userId }]);
  });

  it('MM-016 a reply matched by In-Reply-To: respondedAt, RESPONDED and the Responded count, once; an auto-reply is recorded, never counted', async () => {
    const row = rows[6]!;
    const ooto = rows[7]!;
    const before = (await counts())!.responded_count as number;
    const reply = (to: Row, kind: 'reply' | 'auto-reply' = 'reply'): InboundEvent => ({
      kind,
      messageId: `${randomUUID()}@people.example`,
      returnToken: null,
      inReplyTo: ['someone-else@elsewhere.example', to.messageId],
      from: to.email,
    });
    expect(await apply(reply(row))).toBe('applied');
    expect(await apply(reply(row))).toBe('applied');
    expect(await recipient(row)).toMatchObject({ status: 'RESPONDED', responded: true });
    expect((await counts())!.responded_count).toBe(before + 1);

    expect(await apply(reply(ooto, 'auto-reply'))).toBe('applied');
    expect(await recipient(ooto)).toMatchObject({ status: 'SENT', responded: false });
    expect((await counts())!.responded_count).toBe(before + 1);
    expect(await query('SELECT kind FROM inbound_messages WHERE recipient_id = $1', [ooto.id])).toEqual([
      { kind: 'auto-reply' },
    ]);
  });

  it('RELIABILITY a mail to the mailto: List-Unsubscribe address unsubscribes as the one-click does', async () => {
    const row = rows[8]!;
    const unsubscribe: InboundEvent = {
      kind: 'unsubscribe',
      messageId: `${randomUUID()}@people.example`,
      returnToken: tokens.signForAddress({ kind: 'unsubscribe', recipientId: row.id, index: 0 }),
      from: row.email,
    };
    expect(await apply(unsubscribe)).toBe('applied');
    expect(await recipient(row)).toMatchObject({ unsubscribed: true, complained: false });
    expect(await listed('unsubscriptions', row.email)).toHaveLength(1);
  });

  it('a forged or misused token writes nothing, whatever else the message names', async () => {
    const row = rows[9]!;
    const before = await everything();
    const token = returnToken(row);
    const forged = `${token.slice(0, 10)}${token[10] === 'a' ? 'b' : 'a'}${token.slice(11)}`;
    const otherSecret = trackingTokens('another session secret, also thirty-two characters');
    expect(await apply(hardBounce(row, forged))).toBe('unmatched');
    expect(
      await apply(
        hardBounce(row, otherSecret.signForAddress({ kind: 'return', recipientId: row.id, index: 0 })),
      ),
    ).toBe('unmatched');
    // The return path's token cannot unsubscribe, nor a URL token stand in for it.
    expect(
      await apply({ kind: 'unsubscribe', messageId: randomUUID(), returnToken: token, from: null }),
    ).toBe('unmatched');
    expect(await apply(hardBounce(row, tokens.sign({ kind: 'return', recipientId: row.id, index: 0 })))).toBe(
      'unmatched',
    );
    // A token for a row that does not exist.
    expect(await apply(hardBounce({ ...row, id: randomUUID() }))).toBe('unmatched');
    expect(await apply({ kind: 'ignored', messageId: null, reason: 'spam' })).toBe('ignored');
    expect(await everything()).toBe(before);
  });

  it('a reply read from a sender’s own mailbox matches only that sender’s merges: another space’s Message-ID writes nothing', async () => {
    const before = await everything();
    const reply: InboundEvent = {
      kind: 'reply',
      messageId: `${randomUUID()}@elsewhere.example`,
      returnToken: null,
      inReplyTo: [otherRow.messageId],
      from: otherRow.email,
    };
    expect(await apply(reply, { mailboxOf: sender.userId })).toBe('unmatched');
    expect(await apply({ ...hardBounce(otherRow) }, { mailboxOf: sender.userId })).toBe('unmatched');
    // A look-alike of our Message-ID at another host, and one of a row never sent.
    expect(await apply({ ...reply, inReplyTo: [rows[10]!.messageId.replace(/@.*/, '@evil.example')] })).toBe(
      'unmatched',
    );
    expect(await everything()).toBe(before);
    expect(await apply(reply, { mailboxOf: other.userId })).toBe('applied');
  });

  it('BOUNCE-012 UNSUB-013 a second merge to the same sheet skips the bounced and the complained addresses', async () => {
    const merge = await sendNow(t, sender, sheet);
    await send(merge.mergeId);
    const sentTo = (
      await query<{ email: string }>('SELECT email FROM campaign_recipients WHERE campaign_id = $1', [
        merge.campaignId,
      ])
    ).map((row) => row.email);
    // Bounced: rows 0, 1, 2, 4; complained: 5; unsubscribed by mail: 8.
    for (const at of [0, 1, 2, 4, 5, 8]) expect(sentTo).not.toContain(rows[at]!.email);
    for (const at of [3, 6, 7, 9, 10, 11]) expect(sentTo).toContain(rows[at]!.email);
    expect(await query('SELECT skipped FROM merges WHERE id = $1', [merge.mergeId])).toEqual([
      { skipped: { invalid: 0, duplicate: 0, suppressed: 6 } },
    ]);
  });

  it('BOUNCE-012 a merge already under way skips an address bounced since it started', async () => {
    const row = rows[10]!;
    const fixture = await sheetFixture(t.database.db, sender, {
      header: PEOPLE_HEADER,
      rows: [
        ['Late', row.email, 'Acme'],
        ['Fresh', 'fresh@people.example', 'Acme'],
      ],
    });
    const started = await sendNow(t, sender, fixture);
    expect(await apply(hardBounce(row))).toBe('applied');
    await send(started.mergeId);
    expect(
      await query(
        'SELECT email, status, failure_reason FROM campaign_recipients WHERE campaign_id = $1 ORDER BY row_number',
        [started.campaignId],
      ),
    ).toEqual([
      {
        email: row.email,
        status: 'FAILED',
        failure_reason: 'Unsubscribed or bounced since the merge started',
      },
      { email: 'fresh@people.example', status: 'SENT', failure_reason: null },
    ]);
  });
});
