// The deliverability page at scale on PostgreSQL (issue 26, item 4): one space with 20 senders,
// 2,000 sent merges over the last 60 days and 1,000,000 recipients, some of whom hard-bounced
// (with a handful of reasons), complained or unsubscribed, and 30 merges that paused themselves.
// The recipients go in as one statement, so the daily rollup's statement-level triggers
// (migration 0026) aggregate them once, as they would a bulk load. Prints the load time, the
// rollup's size, and the median and p95 server time of GET /workspaces/:id/deliverability as the
// owner (every sender) and as a member (their own), over real HTTP (the server's Server-Timing;
// client time is the whole request over loopback). Prints figures; never fails on a number.
//
// BENCH_ADMIN_URL   a PostgreSQL database to connect to for CREATE/DROP DATABASE
//                   (default postgres://postgres@127.0.0.1:5432/test)
// BENCH_REQUESTS    timed requests per call (default 50), after BENCH_WARMUP warm-ups (default 5)
// BENCH_KEEP_DATABASE=1  leave the loaded database behind (its name is printed) to study plans
import { signIn } from './lib/sign-in.mjs';
import { REQUESTS as N, WARMUP, elapsed, fmt, measure } from './lib/api-latency.mjs';
import { benchOnPostgres } from './lib/postgres-bench.mjs';
import { sleep } from './lib/processes.mjs';

const SENDERS = 20;
const CAMPAIGNS = 2_000;
const RECIPIENTS_PER_CAMPAIGN = 500; // 1,000,000 in all
const DAYS = 60;
const PAUSED_MERGES = 30;
const OWNER = 'owner@acme.example';
const MEMBER = 'member@acme.example';
const SPACE = 'Acme Sales';
// What receiving servers said, each with a weight; the address in it varies per recipient.
const BOUNCE_REASONS = [
  '550 5.1.1 <{address}>: Recipient address rejected: User unknown',
  '550 5.1.1 The email account that you tried to reach does not exist',
  '552 5.2.2 Mailbox full',
  '550 5.7.1 Message rejected as spam by content filter',
  '554 5.7.26 Unauthenticated email is not accepted from this domain',
  '3 soft bounces, the last: 450 4.2.1 Mailbox temporarily unavailable',
  '550 5.4.1 Recipient address rejected: Access denied',
  '',
];

/** Waits until the demo has written the space and its people; answers their ids. */
async function demoIds(db) {
  for (let i = 0; i < 300; i += 1) {
    const { rows } = await db.query(
      `SELECT w.id AS workspace_id, u.id AS user_id, u.email
         FROM workspaces w JOIN memberships m ON m.workspace_id = w.id JOIN users u ON u.id = m.user_id
        WHERE w.name = $1 AND u.email = ANY($2)`,
      [SPACE, [OWNER, MEMBER]],
    );
    if (rows.length === 2) {
      const of = (email) => rows.find((row) => row.email === email).user_id;
      return { workspaceId: rows[0].workspace_id, ownerId: of(OWNER), memberId: of(MEMBER) };
    }
    await sleep(200);
  }
  throw new Error(`the demo never created '${SPACE}' with ${OWNER} and ${MEMBER}`);
}

/** 18 more senders beside the owner and the member: 20 in all. */
async function addSenders(db, { workspaceId, ownerId, memberId }) {
  const { rows } = await db.query(
    `WITH added AS (
       INSERT INTO users (email, name)
       SELECT 'sender' || g || '@acme.example', 'Sender ' || g FROM generate_series(1, ${SENDERS - 2}) g
       RETURNING id)
     INSERT INTO memberships (workspace_id, user_id, role, user_plan)
     SELECT $1, id, 'MEMBER', 'PRO' FROM added RETURNING user_id`,
    [workspaceId],
  );
  return [ownerId, memberId, ...rows.map((row) => row.user_id)];
}

async function load(db, { workspaceId }, senders) {
  const reasons = `ARRAY[${BOUNCE_REASONS.map((r) => `'${r.replace(/'/g, "''")}'`).join(',')}]`;
  // Campaign g goes out g × 60 days / 2,000 ago, sender g mod 20; its rows over the next minutes.
  await db.query(
    `INSERT INTO campaigns (workspace_id, user_id, title, spreadsheet_id, spreadsheet_name, sheet_id,
       sheet_name, merge_source_sheet_key, spreadsheet_link, email_subject, created_at, updated_at,
       last_email_sent_at, sent_count)
     SELECT $1, ($2::uuid[])[1 + g % ${SENDERS}], 'Outreach ' || g || ' - Sheet1', 'delivsheet' || g,
       'Outreach ' || g, '0', 'Sheet1', 'delivsheet' || g || '-0', '', 'Hello', t, t, t, ${RECIPIENTS_PER_CAMPAIGN}
     FROM generate_series(1, ${CAMPAIGNS}) g,
          LATERAL (SELECT now() - g * interval '${(DAYS * 24 * 60) / CAMPAIGNS} minutes' AS t) ts`,
    [workspaceId, senders],
  );
  // About 1.5 % hard bounces (senders with a number ending in 7 five times as many), 0.05 %
  // complaints (each also unsubscribed) and 0.3 % unsubscribes; one statement for all rows.
  await db.query(
    `INSERT INTO campaign_recipients (campaign_id, email, status, sent_at, bounced_at, failure_reason,
       complained_at, unsubscribed_at)
     SELECT c.id, 'r' || r || '@customers.example', CASE WHEN b THEN 'BOUNCED' ELSE 'SENT' END, s,
       CASE WHEN b THEN s + interval '2 minutes' END,
       CASE WHEN b THEN replace((${reasons})[1 + (r * 7 + n) % ${BOUNCE_REASONS.length}], '{address}',
                                'r' || r || '@customers.example') END,
       CASE WHEN k THEN s + interval '1 hour' END,
       CASE WHEN k OR (NOT b AND (r * 13 + n) % 333 = 0) THEN s + interval '1 hour' END
     FROM (SELECT c.id, c.last_email_sent_at, c.spreadsheet_id,
                  substr(c.spreadsheet_id, 11)::int AS n FROM campaigns c
            WHERE c.workspace_id = $1 AND c.spreadsheet_id LIKE 'delivsheet%') c
     CROSS JOIN generate_series(1, ${RECIPIENTS_PER_CAMPAIGN}) r,
     LATERAL (SELECT c.last_email_sent_at - (${RECIPIENTS_PER_CAMPAIGN} - r) * interval '100 milliseconds' AS s,
                     (r * 31 + c.n) % (CASE WHEN c.n % 10 = 7 THEN 14 ELSE 67 END) = 0 AS b,
                     (r * 17 + c.n) % 2000 = 0 AS k) f`,
    [workspaceId],
  );
  await db.query(
    `INSERT INTO merges (workspace_id, user_id, sheet_id, spreadsheet_name, sheet_name, email_column, subject,
       body_html, send_at, time_zone, status, paused_at, pause_reason, pause_details)
     SELECT $1, ($2::uuid[])[1 + g % ${SENDERS}], '0', 'Outreach ' || g, 'Sheet1', 'Email', 'Hello', '<p>Hi</p>',
       now() - g * interval '1 day', 'UTC', 'PAUSED', now() - g * interval '1 day',
       (ARRAY['BOUNCE_RATE','COMPLAINT','POLICY_REJECTION','MANUAL'])[1 + g % 4], 'Tripped after 50 sent'
     FROM generate_series(1, ${PAUSED_MERGES}) g`,
    [workspaceId, senders],
  );
  // As autovacuum leaves a table whose old rows no longer change: all-visible, so the bounce
  // reasons come from their index alone.
  await db.query('VACUUM ANALYZE');
}

await benchOnPostgres('deliverability', async ({ baseUrl, db, database, startedAt }) => {
  const ids = await demoIds(db);
  console.log(`server up with the demo in ${fmt(elapsed(startedAt))} (database ${database.name})`);

  const senders = await addSenders(db, ids);
  const loadStartedAt = performance.now();
  await load(db, ids, senders);
  const loadMs = elapsed(loadStartedAt);
  const {
    rows: [counts],
  } = await db.query(
    `SELECT (SELECT count(*) FROM campaigns WHERE workspace_id = $1) AS campaigns,
              (SELECT count(*) FROM campaign_recipients) AS recipients,
              (SELECT count(*) FROM campaign_recipients WHERE bounced_at IS NOT NULL) AS bounced,
              (SELECT count(*) FROM sender_daily_deliverability) AS rollup_rows,
              (SELECT count(*) FROM sender_daily_deliverability WHERE workspace_id = $1) AS space_rollup_rows,
              pg_total_relation_size('sender_daily_deliverability') AS rollup_bytes,
              pg_total_relation_size('campaign_recipients_bounced_idx') AS bounced_index_bytes`,
    [ids.workspaceId],
  );
  console.log(
    `loaded ${counts.campaigns} campaigns from ${SENDERS} senders over ${DAYS} days, ${counts.recipients} recipients ` +
      `(${counts.bounced} hard bounces) in ${(loadMs / 1000).toFixed(1)} s (rollup triggers and VACUUM ANALYZE included)`,
  );
  console.log(
    `rollup sender_daily_deliverability: ${counts.rollup_rows} rows (${counts.space_rollup_rows} in the space), ` +
      `${(Number(counts.rollup_bytes) / 1024).toFixed(0)} kB with its indexes; ` +
      `bounced-rows index ${(Number(counts.bounced_index_bytes) / 1024).toFixed(0)} kB`,
  );

  const url = `${baseUrl}/api/v1/workspaces/${ids.workspaceId}/deliverability`;
  const results = [];
  for (const [who, email] of [
    ['owner (every sender)', OWNER],
    ['member (their own)', MEMBER],
  ]) {
    const session = await signIn(baseUrl, { email });
    const { body, ...timings } = await measure(url, session.accessToken);
    results.push({ who, ...timings, page: JSON.parse(body) });
  }

  console.log(`\nGET /workspaces/:id/deliverability (${N} sequential requests after ${WARMUP} warm-ups)`);
  console.log(`${'caller'.padEnd(24)} ${'server'.padStart(19)} ${'client'.padStart(19)}`);
  console.log(
    `${''.padEnd(24)} ${'median'.padStart(9)} ${'p95'.padStart(9)} ${'median'.padStart(9)} ${'p95'.padStart(9)}  answer`,
  );
  for (const r of results) {
    const { page } = r;
    const shape =
      `30 days: ${page.totals.last30Days.sent} sent, ${page.totals.last30Days.hardBounced} bounced; ` +
      `${page.senders.length} senders, ${page.bounceReasons.length} reasons, ${page.pausedMerges.length} paused`;
    console.log(
      `${r.who.padEnd(24)} ${fmt(r.server.median).padStart(9)} ${fmt(r.server.p95).padStart(9)} ` +
        `${fmt(r.client.median).padStart(9)} ${fmt(r.client.p95).padStart(9)}  ${shape}`,
    );
  }
});
