import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from './testing/smtp-sink';
import { builtServer, freePort, repositoryRoot as root, serverDist as dist } from './testing/built-server';
import { createEmptyPostgresDatabase, testingPostgres } from './testing/test-database';

/**
 * A module hook (node --import) that writes down every file the process loads, in the order it
 * loads them: what `dist/main.js` and its chunks really brought in, not what a bundle could hold.
 */
const RECORDER = `
import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(\`
  import { appendFileSync } from 'node:fs';
  export async function load(url, context, next) {
    if (url.startsWith('file:')) appendFileSync(process.env.MB_LOADED_MODULES, url + '\\\\n');
    return next(url, context);
  }
\`));
`;

interface Started {
  url: string;
  process: ChildProcess;
  /** The source files (from each loaded chunk's source map) behind the modules it loaded. */
  loadedSources(): string[];
}

async function startBuilt(parent: string, env: NodeJS.ProcessEnv): Promise<Started> {
  const dir = mkdtempSync(path.join(parent, 'process-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const recorder = path.join(dir, 'recorder.mjs');
  const log = path.join(dir, 'loaded.txt');
  writeFileSync(recorder, RECORDER);
  writeFileSync(log, '');
  const child = spawn(
    process.execPath,
    ['--import', pathToFileURL(recorder).href, path.join(dist, 'main.js')],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        LOG_LEVEL: 'warn',
        MB_LOADED_MODULES: log,
        ...env,
      },
      stdio: 'ignore',
    },
  );
  for (let tries = 0; tries < 480; tries += 1) {
    const status = await fetch(`${url}/healthz`).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) break;
    if (child.exitCode !== null) throw new Error(`The built server exited with ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const loadedSources = () => {
    const files = readFileSync(log, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith(pathToFileURL(dist).href))
      .map((line) => fileURLToPath(line));
    return files.flatMap((file) => {
      const map = `${file}.map`;
      if (!existsSync(map)) return [];
      const { sources } = JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] };
      return sources.map((source) => path.resolve(path.dirname(file), source));
    });
  };
  return { url, process: child, loadedSources };
}

const embeddedSource = (source: string) => source.includes(`${path.sep}src${path.sep}embedded${path.sep}`);

/**
 * Issue 22, item 1: a process configured for production (PostgreSQL, Stripe, Google, SMTP)
 * loads none of the stage set and its database gets none of its tables. PostgreSQL only, since
 * production means PostgreSQL; the embedded process beside it shows the check can fail.
 */
describe.skipIf(!testingPostgres())(
  'a production-configured process (issue 22; PostgreSQL only, skipped without DATABASE_URL)',
  { timeout: 240_000 },
  () => {
    let dir: string;
    let sink: SmtpSink;
    let database: { url: string; drop(): Promise<void> };
    let production: Started;

    beforeAll(async () => {
      await builtServer();
      dir = mkdtempSync(path.join(tmpdir(), 'mb-production-shape-'));
      sink = await startSmtpSink();
      database = await createEmptyPostgresDatabase();
      production = await startBuilt(dir, {
        DATABASE_URL: database.url,
        SESSION_SECRET: 'a-production-session-secret-of-enough-length',
        GOOGLE_CLIENT_ID: 'production-shape.apps.googleusercontent.com',
        GOOGLE_CLIENT_SECRET: 'production-shape-secret',
        STRIPE_SECRET_KEY: 'sk_test_production_shape',
        STRIPE_WEBHOOK_SECRET: 'whsec_production_shape',
        SMTP_URL: sink.url,
      });
    });
    afterAll(async () => {
      production?.process.kill('SIGKILL');
      await sink?.close();
      await database?.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    it('serves the API and its docs, and answers 404 where the stand-ins would be', async () => {
      expect((await fetch(`${production.url}/api/docs/json`)).status).toBe(200);
      expect((await fetch(`${production.url}/api/users/me/campaigns`)).status).toBe(401);
      for (const closed of [
        '/sandbox/stripe/v1/customers',
        '/sandbox/stripe/checkout/cs_test_1',
        '/oidc/.well-known/openid-configuration',
        '/oidc/interaction/abc',
        '/mailbox',
      ]) {
        expect((await fetch(`${production.url}${closed}`)).status, closed).toBe(404);
      }
    });

    it('has no table of the sandbox or the built-in issuer in its database', async () => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ table_name: string }>(
          `SELECT table_name FROM information_schema.tables
            WHERE table_schema = 'public' AND (table_name LIKE 'sandbox%' OR table_name LIKE 'oidc%')`,
        );
        expect(rows).toEqual([]);
        const product = await client.query(`SELECT count(*)::int AS n FROM information_schema.tables
            WHERE table_schema = 'public' AND table_name = 'workspaces'`);
        expect(product.rows).toEqual([{ n: 1 }]);
      } finally {
        await client.end();
      }
    });

    it('loaded no module of src/embedded, where an embedded process loads them', async () => {
      const sources = production.loadedSources();
      expect(sources.some((source) => source.endsWith(`${path.sep}app${path.sep}build-app.ts`))).toBe(true);
      expect(sources.filter(embeddedSource)).toEqual([]);

      const embedded = await startBuilt(dir, { DATA_DIR: path.join(dir, 'data'), DEMO: '0' });
      try {
        expect((await fetch(`${embedded.url}/mailbox`)).status).toBe(200);
        const loaded = embedded.loadedSources().filter(embeddedSource);
        for (const part of ['stripe-sandbox', 'local-issuer', 'mailbox']) {
          expect(
            loaded.some((source) => source.includes(`${path.sep}embedded${path.sep}${part}${path.sep}`)),
          ).toBe(true);
        }
      } finally {
        embedded.process.kill('SIGKILL');
      }
    });
  },
);
