// The merge engine's throughput on PostgreSQL (issue 14, issue 23): a merge (20,000 recipients by
// default) sent into a local smtp-server sink by the worker we ship (apps/server/dist/worker.js,
// built when stale), with what every real merge now carries: open and click tracking (a signed
// pixel and click URLs), a poll, the unsubscribe footer, the List-Unsubscribe, List-Unsubscribe-Post
// and List-Id headers, and DKIM signing (a key generated here). Beside it, in the same run, its
// ceiling: a bare nodemailer pool (the same connection count, the same DKIM key and headers)
// sending as many pre-built messages of the same size into the same kind of sink; the ratio is
// printed (issue 23 asks ≥ 0.8 with one worker). The merge is loaded in SQL, SENDING, and its
// `merge-send` jobs (one per lane, MERGE_WORKERS_PER_MERGE = the round's worker count) are
// enqueued the way enqueue.ts does. Prints messages per second (first to last message the sink
// accepted), each worker's peak RSS (VmHWM of /proc/<pid>/status, read when the merge completes)
// and the claim transaction's time per batch (the worker's `claimMs` lines at LOG_LEVEL=debug).
// Targets: ≥ 1,000 messages/s with one worker, RSS < 150 MB. Prints figures; never fails on a number.
//
// BENCH_ADMIN_URL        PostgreSQL to create/drop the throwaway database in
//                        (default postgres://postgres@127.0.0.1:5432/test)
// BENCH_RECIPIENTS       recipients per merge (default 20000)
// BENCH_WORKERS          the rounds' worker counts, comma-separated (default 1; e.g. 1,2)
// BENCH_ENTRY            the worker to start: worker (dist/worker.js, default) or main
//                        (dist/main.js with ROLE=worker, which hands over to the same worker)
// MERGE_BATCH_SIZE, MERGE_CONCURRENCY, SMTP_MAX_CONNECTIONS, SMTP_RATE_PER_SECOND
//                        passed to the workers as they are (the server's own settings)
import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import nodemailer from 'nodemailer';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { SMTPServer } from 'smtp-server';
import { buildIfStale, root } from '../scripts/lib/build.mjs';
import { sleep, stop, throwawayDatabase } from './lib/processes.mjs';

const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 20_000);
const WORKER_ROUNDS = (process.env.BENCH_WORKERS ?? '1').split(',').map(Number);
const CONNECTIONS = Number(process.env.SMTP_MAX_CONNECTIONS ?? 5);
const CONCURRENCY = Number(process.env.MERGE_CONCURRENCY ?? 32);

/** The DKIM key both the engine and its ceiling sign with, and the fields they sign. */
const DKIM = {
  privateKey:
    process.env.BENCH_DKIM_KEY ??
    generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString(),
  keySelector: 'bench',
  domainName: 'bench.example',
};
const DKIM_HEADER_FIELDS =
  'From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:' +
  'Content-Transfer-Encoding:Content-ID:Content-Description:Resent-Date:Resent-From:' +
  'Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID:In-Reply-To:References:List-Id:List-Help:' +
  'List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post:List-Owner:List-Archive';
const BODY =
  '<p>Dear {{First name}} of {{Company|your company}},</p><p>Our news, just for you: ' +
  '<a href="https://news.example/2026/11">read it here</a>, or see <a href="https://shop.example/">the shop</a>.</p>';
const POLL = { question: 'Was this useful?', answers: ['Yes', 'No', 'Maybe'] };
const ENTRY = process.env.BENCH_ENTRY ?? 'worker';

/** An SMTP sink that only counts: each message's Message-ID, and when the first and last arrived. */
async function startSink() {
  const seen = new Map();
  const times = { first: 0, last: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk) => {
        if (head.length < 4096) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        const id = /^Message-ID:\s*(\S+)/im.exec(head)?.[1] ?? '';
        seen.set(id, (seen.get(id) ?? 0) + 1);
        const now = performance.now();
        if (!times.first) times.first = now;
        times.last = now;
        callback();
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    seen,
    reset() {
      seen.clear();
      times.first = 0;
      times.last = 0;
    },
    seconds: () => (times.last - times.first) / 1000,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** A sender whose daily quota holds the whole merge, with a sheet of `RECIPIENTS` rows and a merge of it, SENDING. */
async function loadMerge(db, label) {
  const { rows } = await db.query(
    `WITH u AS (INSERT INTO users (email, name, free_user_quota) VALUES ($1, 'Bench Sender', 1000000) RETURNING id),
          w AS (INSERT INTO workspaces (name, slug) VALUES ('Bench space', 'bench') RETURNING id),
          m AS (INSERT INTO memberships (workspace_id, user_id, role, user_plan)
                SELECT w.id, u.id, 'OWNER', 'FREE' FROM w, u RETURNING workspace_id, user_id),
          s AS (INSERT INTO spreadsheets (workspace_id, user_id, name, source)
                SELECT workspace_id, user_id, 'Bench', 'UPLOAD' FROM m RETURNING id, workspace_id, user_id)
     SELECT id AS spreadsheet_id, workspace_id, user_id FROM s`,
    [`bench-${label}@bench.example`],
  );
  const { spreadsheet_id: spreadsheetId, workspace_id: workspaceId, user_id: userId } = rows[0];
  await db.query(
    `INSERT INTO spreadsheet_sheets (spreadsheet_id, sheet_id, name, position, header, row_count, email_column)
     VALUES ($1, '0', 'Sheet1', 0, '["First name","Email","Company"]', $2, 'Email')`,
    [spreadsheetId, RECIPIENTS],
  );
  await db.query(
    `INSERT INTO spreadsheet_rows (spreadsheet_id, sheet_id, row_number, cells)
     SELECT $1, '0', n, jsonb_build_array('Person ' || n, 'person' || n || '@' || $3 || '.example', 'Company ' || n % 97)
       FROM generate_series(1, $2::int) n`,
    [spreadsheetId, RECIPIENTS, label],
  );
  const campaign = await db.query(
    `INSERT INTO campaigns (workspace_id, user_id, title, spreadsheet_id, spreadsheet_name, sheet_id, sheet_name,
                            merge_source_sheet_key, spreadsheet_link, email_subject, last_email_sent_at)
     VALUES ($1, $2, 'Bench - Sheet1', $3, 'Bench', '0', 'Sheet1', $3 || '-0', '', 'Hello {{First name}}', now())
     RETURNING id`,
    [workspaceId, userId, spreadsheetId],
  );
  const campaignId = campaign.rows[0].id;
  await db.query(
    `INSERT INTO campaign_recipients (campaign_id, email, row_number, status)
     SELECT $1, 'person' || n || '@' || $3 || '.example', n, 'PENDING' FROM generate_series(1, $2::int) n`,
    [campaignId, RECIPIENTS, label],
  );
  const merge = await db.query(
    `INSERT INTO merges (workspace_id, user_id, spreadsheet_id, sheet_id, spreadsheet_name, sheet_name, email_column,
                         subject, body_html, campaign_id, status, send_at, time_zone,
                         track_opens, track_clicks, unsubscribe_link, links, poll)
     VALUES ($1, $2, $3, '0', 'Bench', 'Sheet1', 'Email', 'Hello {{First name}}', $5, $4, 'SENDING', now(), 'UTC',
             true, true, true, ARRAY['https://news.example/2026/11', 'https://shop.example/'], $6)
     RETURNING id`,
    [workspaceId, userId, spreadsheetId, campaignId, BODY, JSON.stringify(POLL)],
  );
  await db.query('ANALYZE');
  return { mergeId: merge.rows[0].id, campaignId };
}

/**
 * Starts the shipped worker and answers once its queue runs (it says so on stderr), with its
 * `claimMs` figures as its debug log reports them and its peak RSS so far (`peakRss()`).
 */
async function startWorker(env) {
  const entry = path.join(root, `apps/server/dist/${ENTRY}.js`);
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
      entry,
    ],
    { cwd: root, env: { ...env, ROLE: 'worker' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const claimMs = [];
  let pending = '';
  child.stdout.on('data', (chunk) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop();
    for (const line of lines) {
      if (!line.includes('"claimMs"')) continue;
      claimMs.push(JSON.parse(line).claimMs);
    }
  });
  let errors = '';
  const running = new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk) => {
      errors += chunk;
      if (errors.includes('worker is running')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the worker exited with code ${code}:\n${errors}`)));
  });
  await running;
  return {
    child,
    claimMs,
    /** VmHWM: the most resident memory the process has had (Linux). */
    peakRss() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN) * 1024;
    },
  };
}

/** The merge's `merge-send` jobs, one per lane, as enqueueMergeSend sends them. */
async function enqueueMerge(boss, mergeId, lanes) {
  for (let lane = 0; lane < lanes; lane += 1) {
    await boss.send('merge-send', { mergeId, lane }, { singletonKey: `${mergeId}/${lane}` });
  }
}

async function mergeStatus(db, mergeId) {
  const { rows } = await db.query('SELECT status FROM merges WHERE id = $1', [mergeId]);
  return rows[0].status;
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function round(workers, { db, boss, sink, databaseUrl, label }) {
  const { mergeId, campaignId } = await loadMerge(db, label);
  sink.reset();
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    SMTP_URL: sink.url,
    PUBLIC_URL: 'http://bench.example',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
    MERGE_WORKERS_PER_MERGE: String(workers),
    LOG_LEVEL: 'debug',
    DKIM_PRIVATE_KEY: DKIM.privateKey.replace(/\n/g, '\\n'),
    DKIM_SELECTOR: DKIM.keySelector,
    DKIM_DOMAIN: DKIM.domainName,
  };
  const running = await Promise.all(Array.from({ length: workers }, () => startWorker(env)));
  const started = performance.now();
  let peaks = [];
  try {
    await enqueueMerge(boss, mergeId, workers);
    while ((await mergeStatus(db, mergeId)) === 'SENDING') {
      if (running.some((worker) => worker.child.exitCode !== null)) throw new Error('a worker exited');
      await sleep(250);
    }
    peaks = running.map((worker) => worker.peakRss());
  } finally {
    await Promise.all(running.map((worker) => stop(worker.child)));
  }
  const wallSeconds = (performance.now() - started) / 1000;
  const { rows } = await db.query(
    `SELECT status, count(*)::int AS n FROM campaign_recipients WHERE campaign_id = $1 GROUP BY status`,
    [campaignId],
  );
  const duplicates = [...sink.seen.values()].filter((n) => n > 1).length;
  const claims = running.flatMap((worker) => worker.claimMs);
  console.log(
    `${workers} worker${workers > 1 ? 's' : ''}: ${sink.seen.size} messages in ${sink.seconds().toFixed(1)} s ` +
      `= ${(sink.seen.size / sink.seconds()).toFixed(0)} messages/s (wall ${wallSeconds.toFixed(1)} s from enqueue, ` +
      `with pg-boss's polling); duplicates ${duplicates}; merge ${await mergeStatus(db, mergeId)}; ` +
      `rows ${rows.map((r) => `${r.status} ${r.n}`).join(', ')}`,
  );
  console.log(
    `  peak RSS ${peaks.map(mb).join(', ')} (target < 150 MB); ` +
      `claim per batch: median ${quantile(claims, 0.5).toFixed(1)} ms, p95 ${quantile(claims, 0.95).toFixed(1)} ms ` +
      `over ${claims.length} batches`,
  );
  return sink.seen.size / sink.seconds();
}

/**
 * One pre-built message of the ceiling: the size and shape of the engine's (two tracked links, a
 * poll of three answers, the footer, the pixel, the three List-* headers), its tokens stand-ins.
 */
function prebuilt(n) {
  const token = `${n}`.padStart(42, 'x');
  const url = (path) => `http://bench.example/${path}/${token}`;
  const html =
    `<p>Dear Person ${n} of Company ${n % 97},</p><p>Our news, just for you: ` +
    `<a href="${url('c')}">read it here</a>, or see <a href="${url('c')}">the shop</a>.</p>` +
    `<div style="margin:24px 0;padding:16px;border:1px solid #dee2e6;border-radius:8px"><p>Was this useful?</p><ul>` +
    ['Yes', 'No', 'Maybe'].map((a) => `<li><a href="${url('p')}">${a}</a></li>`).join('') +
    `</ul></div><p>Don't want these emails? <a href="${url('u')}">Unsubscribe</a></p>` +
    `<img src="${url('o')}" width="1" height="1" alt="" style="display:block;border:0">`;
  return {
    from: { name: 'Bench Sender', address: 'bench-ceiling@bench.example' },
    to: `person${n}@ceiling.example`,
    subject: `Hello Person ${n}`,
    html,
    text: `Dear Person ${n} of Company ${n % 97},\n\nOur news, just for you: read it here [${url('c')}], or see the shop [${url('c')}].\n\nWas this useful?\n * Yes [${url('p')}]\n * No [${url('p')}]\n * Maybe [${url('p')}]\n\nDon't want these emails? Unsubscribe [${url('u')}]`,
    messageId: `<ceiling.${n}@bench.example>`,
    headers: {
      'List-Unsubscribe': { prepared: true, value: `<${url('u')}>` },
      'List-Unsubscribe-Post': { prepared: true, value: 'List-Unsubscribe=One-Click' },
      'List-Id': { prepared: true, value: '"Bench space" <bench.bench.example>' },
    },
  };
}

/**
 * The ceiling's sender, in a process of its own as the worker is (not sharing the sink's event
 * loop): a bare nodemailer pool sending RECIPIENTS pre-built messages, CONCURRENCY at once.
 */
async function ceilingSender(sinkUrl) {
  const messages = Array.from({ length: RECIPIENTS }, (_, i) => prebuilt(i + 1));
  const pool = nodemailer.createTransport({
    url: sinkUrl,
    pool: true,
    maxConnections: CONNECTIONS,
    maxMessages: Number.POSITIVE_INFINITY,
    dkim: { ...DKIM, headerFieldNames: DKIM_HEADER_FIELDS },
  });
  let next = 0;
  const lane = async () => {
    while (next < messages.length) await pool.sendMail(messages[next++]);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  pool.close();
}

async function ceiling(sink) {
  sink.reset();
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], {
    env: { ...process.env, BENCH_CEILING_SINK: sink.url, BENCH_DKIM_KEY: DKIM.privateKey },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the ceiling's sender exited with code ${code}`);
  const rate = sink.seen.size / sink.seconds();
  console.log(
    `ceiling (bare nodemailer pool in its own process, ${CONNECTIONS} connections, DKIM, pre-built): ` +
      `${sink.seen.size} messages in ${sink.seconds().toFixed(1)} s = ${rate.toFixed(0)} messages/s`,
  );
  return rate;
}

async function main() {
  buildIfStale({ only: 'server' });
  const database = await throwawayDatabase(adminUrl, 'engine');
  if (!database) return;
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  // Dropping the database ends connections still closing; that is no failure of the bench.
  pool.on('error', () => undefined);
  const sink = await startSink();
  // Only enqueues (never started): the workers create the queues when they start.
  const boss = new PgBoss({ db: { executeSql: (text, values) => pool.query(text, values) } });
  try {
    await migrate(drizzle(pool), { migrationsFolder: path.join(root, 'apps/server/drizzle') });
    const db = await pool.connect();
    try {
      console.log(
        `engine: ${RECIPIENTS} recipients per merge into a local SMTP sink (database ${database.name}), ` +
          'tracking, poll, List-* headers and DKIM on; ' +
          `workers: dist/${ENTRY}.js with ROLE=worker; batch ${process.env.MERGE_BATCH_SIZE ?? 'default'}, ` +
          `concurrency ${process.env.MERGE_CONCURRENCY ?? 'default'}, ` +
          `SMTP connections ${process.env.SMTP_MAX_CONNECTIONS ?? 'default'}`,
      );
      const shared = { db, boss, sink, databaseUrl: database.url };
      const rates = new Map();
      for (const workers of WORKER_ROUNDS)
        rates.set(workers, await round(workers, { ...shared, label: `w${workers}` }));
      const top = await ceiling(sink);
      for (const [workers, rate] of rates) {
        const ratio = rate / top;
        console.log(
          `${workers} worker${workers > 1 ? 's' : ''} / ceiling = ${ratio.toFixed(2)}` +
            (workers === 1 ? ` (target ≥ 0.8: ${ratio >= 0.8 ? 'met' : 'not met'})` : ''),
        );
      }
    } finally {
      db.release();
    }
  } finally {
    await sink.close();
    await pool.end();
    await database.drop();
  }
}

if (process.env.BENCH_CEILING_SINK) await ceilingSender(process.env.BENCH_CEILING_SINK);
else await main();
