// What the benchmarks that run the built server as `npm start` does share: starting it on a fresh
// data directory with the demo data, timing one request, and reading a quantile.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from '../../scripts/lib/build.mjs';
import { freePort, stop, waitFor } from './processes.mjs';

/**
 * The built server (`serverMain`) listening on a free port with the demo data in a throwaway data
 * directory, once /healthz answers. `env` adds to (or blanks) the process's environment, e.g.
 * `DATABASE_URL: ''` for PGlite; `nodeArgs` go before the script (a CPU profile); `stdout: 'inherit'`
 * shows the server's log.
 */
export async function startBuiltServer(serverMain, { env = {}, nodeArgs = [], stdout = 'ignore' } = {}) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mb-bench-server-'));
  const child = spawn(process.execPath, [...nodeArgs, serverMain], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DEMO: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', stdout, 'inherit'],
  });
  await waitFor(`${baseUrl}/healthz`, child);
  return {
    baseUrl,
    pid: child.pid,
    async stop() {
      await stop(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One request, its whole answer read: how long it took, its status and body. */
export async function timed(url, init) {
  const start = performance.now();
  const response = await fetch(url, init);
  const body = await response.text();
  return { ms: performance.now() - start, status: response.status, body };
}

/** The q-quantile (0…1) of the values, NaN for none. */
export function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
}
