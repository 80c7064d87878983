// What the PostgreSQL benchmarks share: ports, throwaway databases, and waiting for the processes
// they start.
import { randomBytes } from 'node:crypto';
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

/** Stops a process gracefully (SIGTERM), forcibly after 15 s. */
export async function stop(child) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/**
 * A new, empty database next to `adminUrl`'s for one benchmark run, or null (said why) when no
 * PostgreSQL answers there. `drop()` removes it again unless `keep` is set.
 */
export async function throwawayDatabase(adminUrl, bench) {
  let admin;
  try {
    admin = await connect(adminUrl);
  } catch (error) {
    console.log(`${bench}: skipped: no PostgreSQL at ${adminUrl} (${error.message})`);
    return null;
  }
  const name = `mb_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  return {
    name,
    url: withDatabase(adminUrl, name),
    async drop({ keep = false } = {}) {
      if (keep) console.log(`kept database ${name}`);
      else
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch((error) => {
          console.error(`could not drop ${name}: ${error.message}`);
        });
      await admin.end();
    },
  };
}
