import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { findSpaceAccess } from '../../access/space-access';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  PEOPLE_HEADER,
  people,
  senderWorld,
  sendNow,
  sheetFixture,
  type SenderWorld,
} from '../../testing/merge-test-kit';
import { mergeSendJob } from '../merge-engine';
import { suppressedAmong } from '../suppressions';
import { HIT_PATHS, trackingTokens } from './tracking-tokens';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** What a browser (or a mail client's web view) sends with an image or a link. */
const BROWSER = { 'user-agent': CHROME, accept: '*/*', 'accept-language': 'en-GB,en;q=0.9' };
const LINKS = ['https://example.com/first', 'https://example.com/second?x=1'];
const POLL = { question: 'Coming?', answers: ['Yes', 'No', 'Maybe'] };

describe('the hit endpoints: opens, clicks, poll answers, unsubscribing (issue 23)', () => {
  let t: TestApp;
  let sender: SenderWorld;
  let campaignId: string;
  let mergeId: string;
  /** The recipient rows of the sent merge, in sheet order. */
  let rows: { id: string; email: string }[];
  const tokens = trackingTokens('test-secret-test-secret-test-secret-000');
  const path = (kind: keyof typeof HIT_PATHS, recipientId: string, index = 0) =>
    `${HIT_PATHS[kind]}${tokens.sign({ kind, recipientId, index })}`;
  const hit = (url: string, options: { method?: 'GET' | 'HEAD'; headers?: Record<string, string> } = {}) =>
    t.app.inject({ method: options.method ?? 'GET', url, headers: options.headers ?? BROWSER });
  const post = (url: string, payload: string, type = 'application/x-www-form-urlencoded') =>
    t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': type } });

  /** The merge's send job runs, as a worker would run it. */
  const send = (mergeId: string) =>
    mergeSendJob.run({
      database: t.database,
      config: t.context.config,
      data: { mergeId },
      jobId: randomUUID(),
    });

  async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
    return (await t.database.execute(text, values)).rows as T[];
  }
  const recipient = async (id: string) =>
    (
      await query<Record<string, unknown>>(
        `SELECT opened_at IS NOT NULL AS opened, clicked_at IS NOT NULL AS clicked, open_hits, click_hits,
                machine_hits, poll_answer, responded_at IS NOT NULL AS responded, unsubscribed_at IS NOT NULL AS unsubscribed
           FROM campaign_recipients WHERE id = $1`,
        [id],
      )
    )[0];
  const counts = async () =>
    (
      await query<Record<string, number>>(
        `SELECT opened_count, clicked_count, responded_count, unsubscribed_count, machine_open_hits, machine_click_hits
           FROM campaigns WHERE id = $1`,
        [campaignId],
      )
    )[0];
  /** Everything a hit may write, to show that a refused one wrote nothing. */
  const everything = async () =>
    JSON.stringify([
      await query('SELECT * FROM campaign_recipients WHERE campaign_id = $1 ORDER BY id', [campaignId]),
      await counts(),
      await query('SELECT answer, count FROM poll_answers WHERE campaign_id = $1 ORDER BY answer', [
        campaignId,
      ]),
      await query('SELECT email, type FROM unsubscriptions WHERE workspace_id = $1 ORDER BY email', [
        sender.workspaceId,
      ]),
    ]);

  beforeAll(async () => {
    t = await createTestApp({ hitRateLimit: { max: 100_000, timeWindowMs: 60_000 } });
    sender = await senderWorld(t, { plan: 'PRO' });
    const sheet = await sheetFixture(t.database.db, sender, { header: PEOPLE_HEADER, rows: people(12) });
    const merge = await sendNow(t, sender, sheet);
    mergeId = merge.mergeId;
    campaignId = merge.campaignId!;
    await send(mergeId);
    // The message side stores the body's links and the poll; here they are written as it would.
    await t.database.execute(`UPDATE merges SET links = $2, poll = $3 WHERE id = $1`, [
      mergeId,
      LINKS,
      JSON.stringify(POLL),
    ]);
    // Delivered a minute ago: a person's hits from now on are past the 5-second rule.
    await t.database.execute(
      `UPDATE campaign_recipients SET sent_at = now() - interval '1 minute' WHERE campaign_id = $1`,
      [campaignId],
    );
    rows = await query(
      'SELECT id, email FROM campaign_recipients WHERE campaign_id = $1 ORDER BY row_number',
      [campaignId],
    );
  });
  afterAll(() => t.close());

  it('MM-013 an open answers a transparent GIF, not cached, and a replayed open counts once', async () => {
    const [ada] = rows;
    const first = await hit(path('open', ada!.id));
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/gif');
    expect(first.headers['cache-control']).toBe('no-store, private');
    expect(first.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
    await hit(path('open', ada!.id));
    expect(await recipient(ada!.id)).toMatchObject({ opened: true, open_hits: 2, machine_hits: 0 });
    expect((await counts())!.opened_count).toBe(1);
  });

  it('MM-013 HEAD, scanner user agents, requests without browser headers and hits within 5 s of sending count as machine', async () => {
    const row = rows[1]!;
    const before = (await counts())!;
    await hit(path('open', row.id), { method: 'HEAD' });
    await hit(path('open', row.id), { headers: { ...BROWSER, 'user-agent': `${CHROME} BingPreview/1.0b` } });
    await hit(path('open', row.id), { headers: { 'user-agent': 'curl/8.5.0', accept: '*/*' } });
    const click = await hit(path('click', row.id, 0), {
      headers: { ...BROWSER, 'user-agent': 'Barracuda Sentinel' },
    });
    expect(click.statusCode).toBe(302);
    await t.database.execute('UPDATE campaign_recipients SET sent_at = now() WHERE id = $1', [row.id]);
    await hit(path('open', row.id));
    expect(await recipient(row.id)).toMatchObject({
      opened: false,
      clicked: false,
      open_hits: 0,
      machine_hits: 5,
    });
    expect(await counts()).toMatchObject({
      opened_count: before.opened_count,
      clicked_count: before.clicked_count,
      machine_open_hits: before.machine_open_hits! + 4,
      machine_click_hits: before.machine_click_hits! + 1,
    });
  });

  it("MM-013 a click goes to the merge's own link of its index, and counts as an open too", async () => {
    const row = rows[2]!;
    const before = (await counts())!;
    const res = await hit(path('click', row.id, 1));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(LINKS[1]);
    await hit(path('click', row.id, 1));
    expect(await recipient(row.id)).toMatchObject({
      opened: true,
      clicked: true,
      click_hits: 2,
      open_hits: 2,
    });
    expect(await counts()).toMatchObject({
      opened_count: before.opened_count! + 1,
      clicked_count: before.clicked_count! + 1,
    });
  });

  it('MM-013 concurrent first opens of one recipient count one open', async () => {
    const row = rows[3]!;
    const before = (await counts())!;
    await Promise.all(Array.from({ length: 8 }, () => hit(path('open', row.id))));
    expect(await recipient(row.id)).toMatchObject({ opened: true, open_hits: 8 });
    expect((await counts())!.opened_count).toBe(before.opened_count! + 1);
  });

  it('never redirects to a target the merge does not hold: an index out of range is a 404 page that writes nothing', async () => {
    const before = await everything();
    for (const index of [2, 31, 255]) {
      const res = await hit(path('click', rows[3]!.id, index));
      expect(res.statusCode).toBe(404);
      expect(res.headers.location).toBeUndefined();
      expect(res.headers['content-type']).toContain('text/html');
    }
    expect(await everything()).toBe(before);
  });

  it('MM-013 every link of a message clicked within 2 s is a scanner: the burst stops counting as a person', async () => {
    const row = rows[4]!;
    const before = (await counts())!;
    await hit(path('click', row.id, 0));
    expect((await counts())!.clicked_count).toBe(before.clicked_count! + 1);
    await hit(path('click', row.id, 1));
    expect(await recipient(row.id)).toMatchObject({
      opened: false,
      clicked: false,
      open_hits: 0,
      click_hits: 0,
      machine_hits: 2,
    });
    expect(await counts()).toMatchObject({
      opened_count: before.opened_count,
      clicked_count: before.clicked_count,
      machine_click_hits: before.machine_click_hits! + 2,
    });
    // Once the burst is over, the person's own click counts again.
    await t.database.execute(
      `UPDATE campaign_recipients SET click_burst_at = now() - interval '3 seconds' WHERE id = $1`,
      [row.id],
    );
    await hit(path('click', row.id, 0));
    expect(await recipient(row.id)).toMatchObject({ clicked: true, click_hits: 1, machine_hits: 2 });
  });

  it('a forged, altered or other-kind token is refused at every endpoint and writes nothing', async () => {
    const id = rows[5]!.id;
    const before = await everything();
    const open = path('open', id);
    const altered = open.slice(0, -1) + (open.endsWith('A') ? 'B' : 'A');
    const other = trackingTokens('another secret, also of thirty-two characters').sign({
      kind: 'open',
      recipientId: id,
      index: 0,
    });
    for (const url of [
      altered,
      `${HIT_PATHS.open}${other}`,
      `${HIT_PATHS.open}${path('click', id).slice(3)}`,
    ]) {
      const res = await hit(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('image/gif');
    }
    expect((await hit(`${HIT_PATHS.click}${path('open', id).slice(3)}`)).statusCode).toBe(404);
    expect((await hit(`${HIT_PATHS.poll}${path('click', id).slice(3)}`)).headers.location).toBe(
      '/formresponse?success=0',
    );
    const unsubscribeWithOpen = `${HIT_PATHS.unsubscribe}${path('open', id).slice(3)}`;
    expect((await post(unsubscribeWithOpen, 'List-Unsubscribe=One-Click')).statusCode).toBe(404);
    expect((await post(unsubscribeWithOpen, 'confirm=1')).headers.location).toBe('/unsubscribed?success=0');
    expect((await hit(unsubscribeWithOpen)).headers.location).toBe('/unsubscribed?success=0');
    expect(await everything()).toBe(before);
  });

  it('MM-020 RES-003 a poll answer is recorded once per recipient; a second answer moves the counts', async () => {
    const row = rows[6]!;
    const answers = async () =>
      Object.fromEntries(
        (
          await query<{ answer: string; count: number }>(
            'SELECT answer, count FROM poll_answers WHERE campaign_id = $1',
            [campaignId],
          )
        ).map((a) => [a.answer, a.count]),
      );
    const before = (await counts())!;
    const first = await hit(path('poll', row.id, 0));
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe('/formresponse');
    expect(await answers()).toEqual({ Yes: 1 });
    await hit(path('poll', row.id, 2));
    await hit(path('poll', row.id, 2));
    expect(await answers()).toEqual({ Yes: 0, Maybe: 1 });
    expect(await recipient(row.id)).toMatchObject({
      poll_answer: 2,
      responded: true,
      opened: true,
      clicked: false,
    });
    expect(await counts()).toMatchObject({
      responded_count: before.responded_count! + 1,
      opened_count: before.opened_count! + 1,
      clicked_count: before.clicked_count,
    });
  });

  it('RES-003 RES-004 a poll answer out of range shows the error view and writes nothing; a scanner records no answer', async () => {
    const row = rows[7]!;
    const before = await everything();
    const res = await hit(path('poll', row.id, 3));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/formresponse?success=0');
    expect(await everything()).toBe(before);
    await hit(path('poll', row.id, 0), { headers: { 'user-agent': 'python-requests/2.31', accept: '*/*' } });
    expect(await recipient(row.id)).toMatchObject({ poll_answer: null, responded: false, machine_hits: 1 });
  });

  it('UNSUB-013 the one-click POST unsubscribes without a cookie, twice with the same answer and one unsubscription', async () => {
    const row = rows[8]!;
    const before = (await counts())!;
    for (let i = 0; i < 2; i += 1) {
      const res = await post(path('unsubscribe', row.id), 'List-Unsubscribe=One-Click');
      expect(res.statusCode).toBe(200);
      expect(res.headers.location).toBeUndefined();
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers['content-type']).toContain('text/plain');
    }
    expect(await recipient(row.id)).toMatchObject({ unsubscribed: true });
    expect((await counts())!.unsubscribed_count).toBe(before.unsubscribed_count! + 1);
    // A PRO space does not share unsubscriptions: the address is on the sender's own list.
    expect(
      await query(
        'SELECT type, created_by_user_id AS "by" FROM unsubscriptions WHERE workspace_id = $1 AND email = $2',
        [sender.workspaceId, row.email],
      ),
    ).toEqual([{ type: 'USER', by: sender.userId }]);
    const space = await findSpaceAccess(t.database.db, sender.workspaceId, {
      id: sender.userId,
      email: sender.email,
    });
    const seen = await suppressedAmong(t.database.db, {
      caller: { space: space!, user: { id: sender.userId, email: sender.email } },
      addresses: [row.email],
    });
    expect([...seen]).toEqual([row.email]);
  });

  it('RES-001 RES-002 the page of a visible link writes nothing; its button unsubscribes and shows the result page', async () => {
    const row = rows[9]!;
    const before = await everything();
    const page = await hit(path('unsubscribe', row.id));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('<button type="submit">Unsubscribe</button>');
    expect(await everything()).toBe(before);
    const res = await post(path('unsubscribe', row.id), 'confirm=1');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/unsubscribed');
    expect(await recipient(row.id)).toMatchObject({ unsubscribed: true });
  });

  it('UNSUB-013 a one-click POST as multipart/form-data works too', async () => {
    const row = rows[10]!;
    const boundary = '----mergeboard';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const res = await post(path('unsubscribe', row.id), body, `multipart/form-data; boundary=${boundary}`);
    expect(res.statusCode).toBe(200);
    expect(await recipient(row.id)).toMatchObject({ unsubscribed: true });
  });

  it('garbage at every endpoint answers 4xx or the error page, never 5xx, and writes nothing', async () => {
    const before = await everything();
    const garbage = [
      'x',
      'A'.repeat(42),
      '%F0%9F%92%A5'.repeat(14),
      'é'.repeat(42),
      'A'.repeat(99),
      'A'.repeat(5000),
      '%00',
      '..%2F..%2Fetc',
    ];
    const answers: LightMyRequestResponse[] = [];
    for (const token of garbage) {
      for (const prefix of Object.values(HIT_PATHS)) {
        answers.push(await hit(`${prefix}${token}`), await hit(`${prefix}${token}`, { method: 'HEAD' }));
      }
      const url = `${HIT_PATHS.unsubscribe}${token}`;
      answers.push(
        await post(url, 'List-Unsubscribe=One-Click'),
        await post(url, 'confirm=1'),
        await post(url, '{"List-Unsubscribe":"One-Click"}', 'application/json'),
        await post(url, '\u0000\u0001', 'application/octet-stream'),
      );
    }
    const valid = path('unsubscribe', rows[11]!.id);
    answers.push(
      await post(valid, ''),
      await post(valid, 'List-Unsubscribe=Two-Clicks'),
      await post(valid, '%%%=%'),
      await post(valid, `--x\r\n\r\n`, 'multipart/form-data'),
      await post(valid, `a=${'b'.repeat(10_000)}`),
      await post(valid, '{not json', 'application/json'),
    );
    for (const res of answers) {
      expect(res.statusCode, `${res.statusCode} ${res.body.slice(0, 200)}`).toBeLessThan(500);
      expect(res.body).not.toBe('Unsubscribed');
    }
    expect(await everything()).toBe(before);
  });

  it("UNSUB-013 in a PREMIUM space, with the paid sender's sharing on, the address joins the shared list", async () => {
    const row = rows[11]!;
    await t.database.execute(`UPDATE workspaces SET plan = 'PREMIUM' WHERE id = $1`, [sender.workspaceId]);
    try {
      expect((await post(path('unsubscribe', row.id), 'List-Unsubscribe=One-Click')).statusCode).toBe(200);
    } finally {
      await t.database.execute(`UPDATE workspaces SET plan = 'PRO' WHERE id = $1`, [sender.workspaceId]);
    }
    expect(
      await query('SELECT type FROM unsubscriptions WHERE workspace_id = $1 AND email = $2', [
        sender.workspaceId,
        row.email,
      ]),
    ).toEqual([{ type: 'WORKSPACE' }]);
  });

  it('UNSUB-013 a merge still running skips an address unsubscribed meanwhile', async () => {
    const sheet = await sheetFixture(t.database.db, sender, {
      header: PEOPLE_HEADER,
      rows: people(3, 'running.example'),
      name: 'Running',
    });
    const merge = await sendNow(t, sender, sheet);
    const [, second] = await query<{ id: string; email: string }>(
      'SELECT id, email FROM campaign_recipients WHERE campaign_id = $1 ORDER BY row_number',
      [merge.campaignId],
    );
    expect((await post(path('unsubscribe', second!.id), 'List-Unsubscribe=One-Click')).statusCode).toBe(200);
    await send(merge.mergeId);
    const sent = await query<{ email: string; status: string }>(
      'SELECT email, status FROM campaign_recipients WHERE campaign_id = $1 ORDER BY row_number',
      [merge.campaignId],
    );
    expect(sent.find((r) => r.email === second!.email)!.status).not.toBe('SENT');
    expect(sent.filter((r) => r.status === 'SENT')).toHaveLength(2);
  });
});

describe('the hit endpoints under load from one address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ hitRateLimit: { max: 3, timeWindowMs: 60_000 } });
  });
  afterAll(() => t.close());

  it('are rate-limited per client address in memory, with no database write: the pixel still answers an image', async () => {
    const tokens = trackingTokens(t.context.config.SESSION_SECRET);
    const url = `${HIT_PATHS.open}${tokens.sign({ kind: 'open', recipientId: '00000000-0000-4000-8000-000000000001', index: 0 })}`;
    // Transaction ids are cluster-wide on PostgreSQL, where other test files write alongside; a row this database holds
    // with an xmin at or past the id current before the requests is a write the requests made.
    const nextTransaction = async () =>
      Number(
        (await t.database.execute('SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS next')).rows[0]!
          .next,
      );
    const rowsWrittenSince = async (xid: number) => {
      const tables = await t.database.execute(
        `SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
          WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
      );
      let written = 0;
      for (const { name } of tables.rows as { name: string }[]) {
        const { rows } = await t.database.execute(
          `SELECT count(*)::int AS n FROM ${name} WHERE xmin::text::bigint >= $1`,
          [xid % 2 ** 32],
        );
        written += Number(rows[0]!.n);
      }
      return written;
    };
    const before = await nextTransaction();
    const statuses = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: '192.0.2.7', headers: BROWSER });
      expect(res.headers['content-type']).toBe('image/gif');
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 429, 429]);
    const other = await t.app.inject({ method: 'GET', url, remoteAddress: '192.0.2.8', headers: BROWSER });
    expect(other.statusCode).toBe(404);
    const click = await t.app.inject({
      method: 'GET',
      url: url.replace('/o/', '/c/'),
      remoteAddress: '192.0.2.7',
    });
    expect(click.statusCode).toBe(429);
    expect(await rowsWrittenSince(before)).toBe(0);
  });
});
