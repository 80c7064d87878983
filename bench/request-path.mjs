// A cheap request path (issue 10, item 4): on PostgreSQL with the demo data, in one run, a bare
// Fastify + `pg` route sending the same statements as `GET /api/v2/users/me` (the ceiling, see
// lib/users-me-ceiling.mjs), then the real `users/me`, then the first page of the sent merges and
// of the unsubscriptions, each loaded by autocannon. Prints req/s, p50/p99 and each ratio to the
// ceiling next to its target (users/me ≥ 0.5, list first pages ≥ 0.3); never fails on a number.
//
// The real server runs as in production: built dist/main.js, LOG_LEVEL info (its default; the
// log lines go to /dev/null), every security check on. Its global rate limit (600 a minute per
// client address) stays on too: the load comes through TRUST_PROXY=1 from a pool of client
// addresses in X-Forwarded-For, so every request is counted and none is refused.
//
// BENCH_ADMIN_URL   a PostgreSQL database to connect to for CREATE/DROP DATABASE
//                   (default postgres://postgres@127.0.0.1:5432/test)
// BENCH_SECONDS     seconds of load per target and round (default 5); each target is first warmed
//                   up for BENCH_WARMUP_SECONDS (default 3)
// BENCH_CONNECTIONS concurrent connections (default 10)
// BENCH_ROUNDS      rounds over all targets (default 3); a ratio is taken within a round, and the
//                   round with the median ratio is shown
// BENCH_REDIS_URL   run the server with REDIS_URL set to this (rate limits counted in Redis)
// BENCH_LOG_LEVEL   the server's LOG_LEVEL (default info)
// BENCH_SERVER     the built server to load (default apps/server/dist/main.js), e.g. an older build
//                   kept with its drizzle folder beside it, to compare before and after in one sitting
// BENCH_CEILING    the ceiling to load (default lib/users-me-ceiling.mjs), e.g. the one matching an
//                   older BENCH_SERVER's statements
// BENCH_ONLY=text   load only the targets whose name holds text (and the ceiling)
// BENCH_PROFILE=dir write a V8 CPU profile of the server (node --cpu-prof) into dir, and print its
//                   top functions by self time while the load ran (lib/profile-summary.mjs)
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { summarizeProfile } from './lib/profile-summary.mjs';
import { signIn } from './lib/sign-in.mjs';
import { connect, freePort, stop, throwawayDatabase, waitFor } from './lib/processes.mjs';
import { CONNECTIONS, ROUNDS, SECONDS, WARMUP_SECONDS, adminUrl } from './lib/load-settings.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const PROFILE_DIR = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : null;
const OWNER = 'owner@acme.example';
const SPACE = 'Acme Sales';
// Enough addresses that none comes near the global 600 a minute at tens of thousands of requests.
const CLIENT_ADDRESSES = 2000;

async function spaceOfOwner(db) {
  const { rows } = await db.query(
    `SELECT w.id FROM workspaces w JOIN memberships m ON m.workspace_id = w.id
       JOIN users u ON u.id = m.user_id WHERE w.name = $1 AND u.email = $2`,
    [SPACE, OWNER],
  );
  if (!rows[0]) throw new Error(`the demo has no '${SPACE}' with ${OWNER}`);
  return rows[0].id;
}

/** Autocannon on one URL; each request comes from the next client address of the pool. */
function load(url, token, seconds) {
  let next = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: seconds,
        headers: { authorization: `Bearer ${token}` },
        requests: [
          {
            setupRequest: (request) => {
              next = (next + 1) % CLIENT_ADDRESSES;
              const address = `10.77.${next >> 8}.${next & 255}`;
              return { ...request, headers: { ...request.headers, 'x-forwarded-for': address } };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

async function check(url, token) {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${body.slice(0, 300)}`);
  return body.length;
}

/** When the load ran, on the monotonic clock the CPU profile uses too (µs). */
const loadWindow = { from: -Infinity, to: Infinity };

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const database = await throwawayDatabase(adminUrl, 'request-path');
  if (!database) return;
  const databaseUrl = database.url;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mb-bench-'));
  let server;
  let ceiling;
  try {
    const [port, ceilingPort] = [await freePort(), await freePort()];
    const baseUrl = `http://127.0.0.1:${port}`;
    const ceilingUrl = `http://127.0.0.1:${ceilingPort}`;
    if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
    const profileArgs = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
    const serverMain = path.resolve(process.env.BENCH_SERVER ?? path.join(root, 'apps/server/dist/main.js'));
    server = spawn(process.execPath, [...profileArgs, serverMain], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseUrl,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        DEMO: '1',
        TRUST_PROXY: '1',
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
        REDIS_URL: process.env.BENCH_REDIS_URL ?? '',
        ACCESS_TOKEN_TTL_SECONDS: '86400',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitFor(`${baseUrl}/healthz`, server);
    const ceilingMain = path.resolve(
      process.env.BENCH_CEILING ?? path.join(here, 'lib/users-me-ceiling.mjs'),
    );
    ceiling = spawn(process.execPath, [ceilingMain], {
      cwd: root,
      env: { ...process.env, PORT: String(ceilingPort), DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitFor(`${ceilingUrl}/`, ceiling);

    const db = await connect(databaseUrl);
    const ws = await spaceOfOwner(db).finally(() => db.end());
    const { accessToken } = await signIn(baseUrl, { email: OWNER });
    const me = '/api/v2/users/me?includeWorkspaces=true';
    const targets = [
      { name: 'ceiling: bare Fastify + pg, users/me', url: `${ceilingUrl}${me}`, goal: null },
      { name: 'GET /api/v2/users/me', url: `${baseUrl}${me}`, goal: 0.5 },
      {
        name: 'sent merges, first page',
        url: `${baseUrl}/api/users/me/campaigns?filterBy=workspaceId:${ws}&limit=25&limitOffset=0`,
        goal: 0.3,
      },
      {
        name: 'unsubscriptions, first page',
        url: `${baseUrl}/api/users/me/workspaces/${ws}/unsubscriptions?limit=25&limitOffset=0`,
        goal: 0.3,
      },
    ];
    for (const target of targets) target.bytes = await check(target.url, accessToken);
    // The ceiling must answer what users/me answers, or it is no ceiling of it.
    const [bare, real] = await Promise.all(
      targets
        .slice(0, 2)
        .map(async (t) =>
          (await fetch(t.url, { headers: { authorization: `Bearer ${accessToken}` } })).json(),
        ),
    );
    const essentials = (answer) =>
      JSON.stringify([
        answer.userId,
        answer.totalNumberOfMailsSent,
        answer.monthlySentMails,
        answer.license,
        answer.userWorkspaces.map((space) => {
          const { hasMultiDomain, allowedUserCount } = space.workspaceUserFeature;
          return [space.workspaceId, space.userRole, space.status, hasMultiDomain, allowedUserCount];
        }),
      ]);
    if (essentials(bare) !== essentials(real))
      console.warn('WARNING: the ceiling answers other figures than users/me');

    const only = process.env.BENCH_ONLY;
    if (only) targets.splice(1, targets.length, ...targets.slice(1).filter((t) => t.name.includes(only)));
    const load1 = loadavg()[0];
    loadWindow.from = Number(process.hrtime.bigint() / 1000n);
    // Each target is warmed up once; then every round loads the ceiling and the targets one after
    // another, so a ratio compares figures taken a few seconds apart, and the median round of
    // each ratio is shown (the machine is shared: its load drifts within a run).
    for (const target of targets) if (WARMUP_SECONDS > 0) await load(target.url, accessToken, WARMUP_SECONDS);
    const runs = new Map(targets.map((target) => [target, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      let ceilingRps = 0;
      for (const target of targets) {
        const r = await load(target.url, accessToken, SECONDS);
        if (target === targets[0]) ceilingRps = r.requests.average;
        runs.get(target).push({
          rps: r.requests.average,
          ratio: r.requests.average / ceilingRps,
          p50: r.latency.p50,
          p99: r.latency.p99,
          total: r.requests.total,
          failed: r.errors + r.timeouts + r.non2xx,
        });
      }
    }

    loadWindow.to = Number(process.hrtime.bigint() / 1000n);
    const picked = targets.map((target) => {
      const all = runs.get(target);
      const byRatio = target === targets[0] ? all.map((r) => r.rps) : all.map((r) => r.ratio);
      const middle = median(byRatio);
      return { target, all, ...all[byRatio.indexOf(middle)] };
    });
    console.log(
      `\nrequest path on PostgreSQL with the demo data (${ROUNDS} round(s) of ${SECONDS} s per target after ` +
        `${WARMUP_SECONDS} s warm-up, ${CONNECTIONS} connections; load average ${load1.toFixed(2)} before, ` +
        `${loadavg()[0].toFixed(2)} after; rate limits ${process.env.BENCH_REDIS_URL ? 'in Redis' : 'in process'})`,
    );
    const header = [
      'target'.padEnd(38),
      'req/s'.padStart(8),
      'p50'.padStart(7),
      'p99'.padStart(7),
      'ratio'.padStart(6),
      'target'.padStart(7),
      '  result',
    ];
    console.log(header.join(' '));
    for (const row of picked) {
      const { ratio } = row;
      const verdict = row.target.goal === null ? '' : ratio >= row.target.goal ? 'met' : 'NOT MET';
      console.log(
        [
          row.target.name.padEnd(38),
          row.rps.toFixed(0).padStart(8),
          `${row.p50} ms`.padStart(7),
          `${row.p99} ms`.padStart(7),
          ratio.toFixed(2).padStart(6),
          (row.target.goal === null ? '' : `≥ ${row.target.goal}`).padStart(7),
          `  ${verdict}${row.failed ? ` (${row.failed} of ${row.total} failed)` : ''}`,
        ].join(' '),
      );
    }
    console.log('(the round with the median ratio; every round, req/s and ratio:)');
    for (const row of picked) {
      const rounds = row.all.map((r) => `${r.rps.toFixed(0)} (${r.ratio.toFixed(2)})`).join(', ');
      console.log(`  ${row.target.name.padEnd(38)} ${rounds}`);
    }
    console.log(`answer sizes: ${targets.map((t) => `${t.bytes} B`).join(', ')}`);
  } finally {
    await stop(ceiling);
    await stop(server);
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (PROFILE_DIR) {
    const newest = readdirSync(PROFILE_DIR)
      .filter((name) => name.endsWith('.cpuprofile'))
      .sort()
      .at(-1);
    if (newest) {
      console.log(`load window (µs, monotonic): ${loadWindow.from} ${loadWindow.to}`);
      summarizeProfile(path.join(PROFILE_DIR, newest), loadWindow);
    }
  }
}

try {
  await main();
} catch (error) {
  // A benchmark reports; it does not fail the run.
  console.error(`request-path: could not finish: ${error.stack ?? error}`);
}
