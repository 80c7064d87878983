// What the PostgreSQL benchmarks share: ports, throwaway databases, and waiting for the processes
// they start.
import { createServer } from 'node:net';
import pg from 'pg';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** The same server address with another database name. */
export function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.href;
}

export async function connect(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  return client;
}

/** Waits until `url` answers (any status), or fails when `child` exits first. */
export async function waitFor(url, child) {
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      await response.body?.cancel();
      return;
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  throw new Error(`${url} never answered`);
}
