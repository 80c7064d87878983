// GET /healthz on the real server (embedded PGlite, a database round trip per call) next to a
// bare Fastify hello-world, loaded in the same run by autocannon; prints both and their ratio.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function waitFor(url) {
  for (let i = 0; i < 400; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} never answered`);
}

function start(args, env) {
  return spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'ignore' });
}

function load(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

const server = start([path.join(root, 'apps/server/dist/main.js')], {
  PORT: '18080',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mb-bench-')),
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  DEMO: '0',
  LOG_LEVEL: 'warn',
});
const hello = start([path.join(here, 'lib/hello-world.mjs')], { PORT: '18081' });
try {
  await waitFor('http://127.0.0.1:18080/healthz');
  await waitFor('http://127.0.0.1:18081/');
  const healthz = await load('http://127.0.0.1:18080/healthz');
  const baseline = await load('http://127.0.0.1:18081/');
  const row = (name, r) =>
    `${name.padEnd(22)} ${r.requests.average.toFixed(0).padStart(8)} req/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms   errors ${r.errors + r.non2xx}`;
  console.log(`\nhealthz vs hello-world (${duration}s, ${connections} connections each)`);
  console.log(row('GET /healthz', healthz));
  console.log(row('hello-world', baseline));
  console.log(
    `ratio healthz / hello-world: ${(healthz.requests.average / baseline.requests.average).toFixed(2)}`,
  );
} finally {
  server.kill('SIGTERM');
  hello.kill('SIGTERM');
}
