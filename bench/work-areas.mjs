// The work areas at scale on PostgreSQL (issue 5, item 7): one space with 20,000 sent merges,
// 1,000,000 recipients and 100,000 unsubscriptions; the median and p95 latency of the first
// page of each list (with and without a search), the team report and the scheduled list, and a
// full 30,000-row unsubscriptions export next to a raw COPY of the same rows. Server time is the
// server's own Server-Timing figure; client time is the whole request over loopback. Prints
// figures and targets; never fails on a number.
//
// BENCH_ADMIN_URL   a PostgreSQL database to connect to for CREATE/DROP DATABASE
//                   (default postgres://postgres@127.0.0.1:5432/test)
// BENCH_REQUESTS    timed requests per call (default 50), after BENCH_WARMUP warm-ups (default 5)
// BENCH_KEEP_DATABASE=1  leave the loaded database behind (its name is printed) to study plans
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { to as copyTo } from 'pg-copy-streams';
import { signIn } from './lib/sign-in.mjs';
import { REQUESTS as N, WARMUP, elapsed, fmt, measure, summarize, timedGet } from './lib/api-latency.mjs';
import { benchOnPostgres } from './lib/postgres-bench.mjs';
import { sleep } from './lib/processes.mjs';

const EXPORT_RUNS = 5;
const CAMPAIGNS = 20_000;
const RECIPIENTS_PER_CAMPAIGN = 50; // 1,000,000 in all
const UNSUBSCRIPTIONS = 100_000;
const EXPORT_ROWS = 30_000;
const OWNER = 'owner@acme.example';
const SPACE = 'Acme Sales';
const TITLE_WORDS = ['Spring', 'Summer', 'Autumn', 'Winter', 'Launch', 'Webinar', 'Renewal', 'Survey'];
const CAMPAIGN_SEARCH = 'webinar'; // one title in eight
const UNSUB_DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com', 'proton.me', 'corp.example'];
const UNSUB_SEARCH = 'yahoo'; // one address in five

/** Waits until the demo has written the space and its owner; answers their ids. */
async function demoIds(db) {
  for (let i = 0; i < 300; i += 1) {
    const { rows } = await db.query(
      `SELECT w.id AS workspace_id, u.id AS user_id
         FROM workspaces w JOIN memberships m ON m.workspace_id = w.id JOIN users u ON u.id = m.user_id
        WHERE w.name = $1 AND u.email = $2`,
      [SPACE, OWNER],
    );
    if (rows[0]) return { workspaceId: rows[0].workspace_id, userId: rows[0].user_id };
    await sleep(200);
  }
  throw new Error(`the demo never created '${SPACE}' with ${OWNER}`);
}

async function load(db, { workspaceId, userId }) {
  const words = `ARRAY[${TITLE_WORDS.map((w) => `'${w}'`).join(',')}]`;
  const domains = `ARRAY[${UNSUB_DOMAINS.map((d) => `'${d}'`).join(',')}]`;
  await db.query(
    `INSERT INTO campaigns (workspace_id, user_id, title, spreadsheet_id, spreadsheet_name, sheet_id,
       sheet_name, merge_source_sheet_key, spreadsheet_link, email_subject, created_at, updated_at,
       last_email_sent_at, sent_count, opened_count, clicked_count, bounced_count, responded_count,
       unsubscribed_count)
     SELECT $1, $2,
       (${words})[1 + g % 8] || ' outreach ' || g || ' - Sheet1',
       'benchsheet' || g, (${words})[1 + g % 8] || ' outreach ' || g, '0', 'Sheet1',
       'benchsheet' || g || '-0', 'https://docs.google.com/spreadsheets/d/benchsheet' || g,
       'Hello {{first name}}', t, t, t, ${RECIPIENTS_PER_CAMPAIGN}, 30, 10, 1, 2, 1
     FROM generate_series(1, ${CAMPAIGNS}) g, LATERAL (SELECT now() - g * interval '29 minutes' AS t) ts`,
    [workspaceId, userId],
  );
  await db.query(
    `INSERT INTO campaign_recipients (campaign_id, email, status, sent_at, opened_at)
     SELECT c.id, 'recipient' || r || '@customers.example',
       CASE WHEN r % 5 = 0 THEN 'OPENED' ELSE 'SENT' END, c.last_email_sent_at,
       CASE WHEN r % 5 = 0 THEN c.last_email_sent_at + interval '1 hour' END
     FROM campaigns c CROSS JOIN generate_series(1, ${RECIPIENTS_PER_CAMPAIGN}) r
     WHERE c.workspace_id = $1 AND c.spreadsheet_id LIKE 'benchsheet%'`,
    [workspaceId],
  );
  await db.query(
    `INSERT INTO unsubscriptions (workspace_id, email, type, created_by_user_id, created_at, updated_at)
     SELECT $1, 'contact' || g || '@' || (${domains})[1 + g % 5], 'WORKSPACE', $2, t, t
     FROM generate_series(1, ${UNSUBSCRIPTIONS}) g, LATERAL (SELECT now() - g * interval '7 minutes' AS t) ts
     ON CONFLICT (workspace_id, email) DO NOTHING`,
    [workspaceId, userId],
  );
  await db.query('ANALYZE');
}

/** The same rows the export writes, in the same order (its default: address ascending). */
async function timeCopy(db, { workspaceId, userId }) {
  const query = `COPY (SELECT email, updated_at AS "unsubscriptionTime", type FROM unsubscriptions
      WHERE workspace_id = '${workspaceId}' AND (type = 'WORKSPACE' OR created_by_user_id = '${userId}')
      ORDER BY email LIMIT ${EXPORT_ROWS}) TO STDOUT WITH CSV HEADER`;
  const start = performance.now();
  let bytes = 0;
  await pipeline(
    db.query(copyTo(query)),
    new Writable({
      write(chunk, _encoding, done) {
        bytes += chunk.length;
        done();
      },
    }),
  );
  return { ms: elapsed(start), bytes };
}

await benchOnPostgres('work-areas', async ({ baseUrl, db, database, startedAt }) => {
  const ids = await demoIds(db);
  console.log(`server up with the demo in ${fmt(elapsed(startedAt))} (database ${database.name})`);

  const loadStartedAt = performance.now();
  await load(db, ids);
  const loadMs = elapsed(loadStartedAt);
  const counts = await db.query(
    `SELECT (SELECT count(*) FROM campaigns WHERE workspace_id = $1) AS campaigns,
              (SELECT count(*) FROM campaign_recipients) AS recipients,
              (SELECT count(*) FROM unsubscriptions WHERE workspace_id = $1) AS unsubscriptions`,
    [ids.workspaceId],
  );
  const c = counts.rows[0];
  console.log(
    `loaded ${c.campaigns} campaigns, ${c.recipients} recipients, ${c.unsubscriptions} unsubscriptions ` +
      `in ${(loadMs / 1000).toFixed(1)} s (ANALYZE included)`,
  );

  const session = await signIn(baseUrl, { email: OWNER });
  const token = session.accessToken;
  const ws = ids.workspaceId;
  const filter = (pairs) =>
    Object.entries(pairs)
      .map(([k, v]) => `${k}:${encodeURIComponent(v)}`)
      .join(',');
  const calls = [
    {
      name: 'sent merges, first page',
      url: `/api/users/me/campaigns?filterBy=${filter({ workspaceId: ws })}&limit=25`,
      target: true,
    },
    {
      name: `sent merges, search '${CAMPAIGN_SEARCH}'`,
      url: `/api/users/me/campaigns?filterBy=${filter({ workspaceId: ws, search: CAMPAIGN_SEARCH })}&limit=25`,
      target: true,
    },
    {
      name: 'unsubscriptions, first page',
      url: `/api/users/me/workspaces/${ws}/unsubscriptions?limit=25`,
      target: true,
    },
    {
      name: `unsubscriptions, search '${UNSUB_SEARCH}'`,
      url: `/api/users/me/workspaces/${ws}/unsubscriptions?filterBy=${filter({ search: UNSUB_SEARCH })}&limit=25`,
      target: true,
    },
    {
      name: 'unsubscriptions, search (narrow)',
      url: `/api/users/me/workspaces/${ws}/unsubscriptions?filterBy=${filter({ search: 'contact4242' })}&limit=25`,
      target: true,
    },
    { name: 'team report members', url: `/api/v1/workspaces/${ws}/team-report/members`, target: true },
    { name: 'team report summary', url: `/api/v1/workspaces/${ws}/team-report/summary`, target: true },
    {
      name: 'scheduled merges, first page',
      url: `/api/users/me/scheduled-campaigns?filterBy=${filter({ workspaceId: ws })}&limit=25`,
      target: true,
    },
  ];
  const results = [];
  for (const call of calls) {
    const r = await measure(`${baseUrl}${call.url}`, token);
    const parsed = JSON.parse(r.body);
    const shape = 'total' in parsed ? `total ${parsed.total}` : Object.keys(parsed).join(',');
    results.push({ ...call, ...r, shape });
  }

  // Export end to end (request to last byte) next to COPY of the same rows, median of a few runs.
  const exportUrl = `${baseUrl}/api/users/me/workspaces/${ws}/unsubscriptions/export`;
  const { body: csv } = await timedGet(exportUrl, token); // warm-up
  const exportRows = csv.trimEnd().split('\r\n').length - 1;
  const exportSamples = [];
  for (let i = 0; i < EXPORT_RUNS; i += 1) exportSamples.push((await timedGet(exportUrl, token)).ms);
  await timeCopy(db, ids); // warm-up
  const copySamples = [];
  let copyBytes = 0;
  for (let i = 0; i < EXPORT_RUNS; i += 1) {
    const r = await timeCopy(db, ids);
    copySamples.push(r.ms);
    copyBytes = r.bytes;
  }
  const exportMs = summarize(exportSamples).median;
  const copyMs = summarize(copySamples).median;
  const ratio = exportMs / copyMs;

  console.log(
    `\nfirst pages (${N} sequential requests after ${WARMUP} warm-ups; client = whole request over loopback)`,
  );
  console.log(`${''.padEnd(40)} ${'server'.padStart(19)} ${'client'.padStart(19)}`);
  console.log(
    `${'call'.padEnd(40)} ${'median'.padStart(9)} ${'p95'.padStart(9)} ${'median'.padStart(9)} ${'p95'.padStart(9)}  target (server median)  answer`,
  );
  for (const r of results) {
    const verdict = r.server.median < 25 ? 'met' : 'NOT MET';
    console.log(
      `${r.name.padEnd(40)} ${fmt(r.server.median).padStart(9)} ${fmt(r.server.p95).padStart(9)} ` +
        `${fmt(r.client.median).padStart(9)} ${fmt(r.client.p95).padStart(9)}  <25 ms ${verdict.padEnd(15)} ${r.shape}`,
    );
  }
  console.log(`\nexport (median of ${EXPORT_RUNS}, after a warm-up)`);
  console.log(
    `${'unsubscriptions CSV export (HTTP)'.padEnd(40)} ${fmt(exportMs).padStart(9)}  ${exportRows} rows, ${csv.length} bytes`,
  );
  console.log(
    `${'COPY … TO STDOUT WITH CSV HEADER'.padEnd(40)} ${fmt(copyMs).padStart(9)}  ${EXPORT_ROWS} rows, ${copyBytes} bytes`,
  );
  console.log(`ratio export / COPY: ${ratio.toFixed(2)}  (target ≤ 3: ${ratio <= 3 ? 'met' : 'NOT MET'})`);
});
