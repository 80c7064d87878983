// The hit endpoints (issue 23): on PostgreSQL, in one run, a bare Fastify + `pg` route doing the
// one indexed write a hit needs (the ceiling, lib/hit-ceiling.mjs), then the built server's
// `GET /o/:token` (open pixel) and `GET /c/:token` (click redirect), each loaded by autocannon over
// the recipients of one sent merge with a browser's headers (so every hit is a person's and goes
// through the whole rule). Prints req/s, p50/p99 and each ratio to its ceiling (target ≥ 0.5);
// never fails on a number.
//
// The server runs as in production: built dist/main.js, LOG_LEVEL info (to /dev/null), every check
// on, the hit paths' in-memory rate limit included: the load comes through TRUST_PROXY=1 from a
// pool of client addresses in X-Forwarded-For, so no request is refused.
//
// BENCH_ADMIN_URL   a PostgreSQL database to connect to for CREATE/DROP DATABASE
//                   (default postgres://postgres@127.0.0.1:5432/test)
// BENCH_SECONDS     seconds of load per target and round (default 5), after BENCH_WARMUP_SECONDS (3)
// BENCH_CONNECTIONS concurrent connections (default 10)
// BENCH_ROUNDS      rounds over all targets (default 3); the round with the median ratio is shown
// BENCH_RECIPIENTS  recipients of the merge the hits are spread over (default 5,000)
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { build } from 'esbuild';
import { buildIfStale } from '../scripts/lib/build.mjs';
import { startBuiltServer } from './lib/built-server.mjs';
import { connect, freePort, stop, throwawayDatabase, waitFor } from './lib/processes.mjs';
import { CONNECTIONS, ROUNDS, SECONDS, WARMUP_SECONDS, adminUrl } from './lib/load-settings.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 5000);
const CLIENT_ADDRESSES = 2000;
const SESSION_SECRET = 'bench-hit-endpoints-session-secret-0123456789';
const BROWSER = {
  'user-agent':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  accept: 'image/avif,image/webp,*/*',
  'accept-language': 'en-GB,en;q=0.9',
};

/** The server's own token signer (tracking-tokens.ts), compiled on the fly: no second copy of it. */
async function tokenSigner() {
  const { outputFiles } = await build({
    entryPoints: [path.join(root, 'apps/server/src/features/tracking/tracking-tokens.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
  });
  const code = outputFiles[0].text;
  const module = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
  return module.trackingTokens(SESSION_SECRET);
}

/** One sent merge with two links and RECIPIENTS rows delivered an hour ago; their row ids. */
async function sentMerge(db) {
  const one = async (text, values) => (await db.query(text, values)).rows[0].id;
  const user = await one(
    `INSERT INTO users (email, name) VALUES ('sender@hits.example', 'Sender') RETURNING id`,
  );
  const space = await one(
    `INSERT INTO workspaces (name, slug, plan) VALUES ('Hits', 'hits', 'PRO') RETURNING id`,
  );
  const campaign = await one(
    `INSERT INTO campaigns (workspace_id, user_id, title, spreadsheet_id, spreadsheet_name, sheet_id, sheet_name,
       merge_source_sheet_key, spreadsheet_link, last_email_sent_at)
     VALUES ($1, $2, 'Hits - Sheet1', 's', 'Hits', '0', 'Sheet1', 's-0', 'https://example.com/s', now()) RETURNING id`,
    [space, user],
  );
  await db.query(
    `INSERT INTO merges (workspace_id, user_id, sheet_id, spreadsheet_name, sheet_name, email_column, subject,
       body_html, send_at, time_zone, campaign_id, links)
     VALUES ($1, $2, '0', 'Hits', 'Sheet1', 'Email', 'Hello', '<p>Hi</p>', now(), 'UTC', $3, $4)`,
    [space, user, campaign, ['https://example.com/first', 'https://example.com/second']],
  );
  const { rows } = await db.query(
    `INSERT INTO campaign_recipients (campaign_id, email, status, sent_at, row_number)
     SELECT $1, 'person' || n || '@hits.example', 'SENT', now() - interval '1 hour', n FROM generate_series(1, $2) n
     RETURNING id`,
    [campaign, RECIPIENTS],
  );
  return rows.map((row) => row.id);
}

/** Autocannon over `paths` (one after another), each request from the next client address. */
function load(baseUrl, paths, seconds) {
  let next = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: baseUrl,
        connections: CONNECTIONS,
        duration: seconds,
        headers: BROWSER,
        requests: [
          {
            setupRequest: (request) => {
              next += 1;
              const address = `10.77.${(next % CLIENT_ADDRESSES) >> 8}.${next & 255}`;
              return {
                ...request,
                path: paths[next % paths.length],
                headers: { ...request.headers, 'x-forwarded-for': address },
              };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  buildIfStale({ only: 'server' });
  const database = await throwawayDatabase(adminUrl, 'hit-endpoints');
  if (!database) return;
  let server;
  let ceiling;
  try {
    server = await startBuiltServer(path.join(root, 'apps/server/dist/main.js'), {
      env: {
        DATABASE_URL: database.url,
        SESSION_SECRET,
        DEMO: '0',
        TRUST_PROXY: '1',
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
        REDIS_URL: '',
      },
    });
    const { baseUrl } = server;
    const ceilingPort = await freePort();
    const ceilingUrl = `http://127.0.0.1:${ceilingPort}`;
    ceiling = spawn(process.execPath, [path.join(here, 'lib/hit-ceiling.mjs')], {
      cwd: root,
      env: { ...process.env, PORT: String(ceilingPort), DATABASE_URL: database.url },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitFor(`${ceilingUrl}/`, ceiling);

    const db = await connect(database.url);
    const ids = await sentMerge(db).finally(() => db.end());
    const tokens = await tokenSigner();
    const opens = ids.map((recipientId) => `/o/${tokens.sign({ kind: 'open', recipientId, index: 0 })}`);
    const clicks = ids.map((recipientId) => `/c/${tokens.sign({ kind: 'click', recipientId, index: 0 })}`);
    const pairs = [
      { name: 'GET /o/:token (open pixel)', paths: opens, status: 200 },
      { name: 'GET /c/:token (click redirect)', paths: clicks, status: 302 },
    ];
    for (const pair of pairs) {
      for (const url of [ceilingUrl, baseUrl]) {
        const response = await fetch(`${url}${pair.paths[0]}`, { headers: BROWSER, redirect: 'manual' });
        await response.body?.cancel();
        if (response.status !== pair.status) throw new Error(`${url}${pair.paths[0]}: ${response.status}`);
      }
    }

    const load1 = loadavg()[0];
    for (const pair of pairs) {
      for (const url of [ceilingUrl, baseUrl])
        if (WARMUP_SECONDS > 0) await load(url, pair.paths, WARMUP_SECONDS);
    }
    const results = pairs.map(() => []);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [i, pair] of pairs.entries()) {
        const bare = await load(ceilingUrl, pair.paths, SECONDS);
        const real = await load(baseUrl, pair.paths, SECONDS);
        results[i].push({ bare, real, ratio: real.requests.average / bare.requests.average });
      }
    }
    console.log(
      `\nhit endpoints on PostgreSQL (${RECIPIENTS} recipients, ${ROUNDS} round(s) of ${SECONDS} s per target after ` +
        `${WARMUP_SECONDS} s warm-up, ${CONNECTIONS} connections; load average ${load1.toFixed(2)} before, ` +
        `${loadavg()[0].toFixed(2)} after)`,
    );
    console.log(
      [
        'target'.padEnd(34),
        'req/s'.padStart(8),
        'p50'.padStart(7),
        'p99'.padStart(7),
        'ratio'.padStart(6),
        ' target',
        '  result',
      ].join(' '),
    );
    const row = (name, r, ratio, status) => {
      const failed = r.requests.total - r[`${String(status)[0]}xx`];
      return [
        name.padEnd(34),
        r.requests.average.toFixed(0).padStart(8),
        `${r.latency.p50} ms`.padStart(7),
        `${r.latency.p99} ms`.padStart(7),
        ratio === null ? '      ' : ratio.toFixed(2).padStart(6),
        ratio === null ? '       ' : '  ≥ 0.5',
        ratio === null ? '' : `  ${ratio >= 0.5 ? 'met' : 'NOT MET'}`,
        failed > 0 ? ` (${failed} of ${r.requests.total} not answered as expected)` : '',
      ].join(' ');
    };
    for (const [i, pair] of pairs.entries()) {
      const middle = median(results[i].map((r) => r.ratio));
      const picked = results[i].find((r) => r.ratio === middle);
      console.log(row(`ceiling for ${pair.name.split(' (')[0]}`, picked.bare, null, pair.status));
      console.log(row(pair.name, picked.real, picked.ratio, pair.status));
      console.log(
        `  every round (req/s real / ceiling = ratio): ${results[i].map((r) => `${r.real.requests.average.toFixed(0)} / ${r.bare.requests.average.toFixed(0)} = ${r.ratio.toFixed(2)}`).join(', ')}`,
      );
    }
  } finally {
    await stop(ceiling);
    await server?.stop();
    await database.drop();
  }
}

try {
  await main();
} catch (error) {
  // A benchmark reports; it does not fail the run.
  console.error(`hit-endpoints: could not finish: ${error.stack ?? error}`);
}
