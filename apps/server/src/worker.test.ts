import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  appForWorkerProcesses,
  PEOPLE_HEADER,
  people,
  recipientStatuses,
  sendNow,
  senderWorld,
  sheetFixture,
} from './testing/merge-test-kit';
import { startSmtpSink, type SmtpSink } from './testing/smtp-sink';
import { testingPostgres } from './testing/test-database';
import type { TestApp } from './testing/test-app';
import { builtServer, repositoryRoot as root } from './testing/built-server';

const ROWS = 20;

/**
 * The worker we ship, as deployments start it: the built dist/worker.js, and dist/main.js with
 * ROLE=worker (which hands over to it), on a database the web process (here the test app) shares.
 * PostgreSQL only: PGlite is one process's database and cannot be shared across processes.
 */
describe.skipIf(!testingPostgres())(
  'the shipped worker process (PostgreSQL only: PGlite cannot be shared across processes; skipped without DATABASE_URL)',
  () => {
    let t: TestApp;
    let sink: SmtpSink;
    let databaseUrl: string;
    let worker: ChildProcess | null = null;

    beforeAll(async () => {
      await builtServer();
      sink = await startSmtpSink();
      ({ t, databaseUrl } = await appForWorkerProcesses(sink.url));
    });
    afterEach(() => {
      worker?.kill('SIGKILL');
      worker = null;
    });
    afterAll(async () => {
      await t.close();
      await t.database.destroy();
      await sink.close();
    });

    it.each([
      { name: 'dist/worker.js', entry: 'worker.js', env: {} },
      { name: 'dist/main.js with ROLE=worker', entry: 'main.js', env: { ROLE: 'worker' } },
    ])('$name starts, sends a merge its jobs name, and stops on SIGTERM', async ({ entry, env }) => {
      const sender = await senderWorld(t, { plan: 'FREE', freeUserQuota: ROWS });
      const domain = `${entry.replace('.js', '')}.example`;
      const sheet = await sheetFixture(t.database.db, sender, {
        header: PEOPLE_HEADER,
        rows: people(ROWS, domain),
      });
      // The web process creates the merge and enqueues its merge-send jobs; the worker takes them.
      const merge = await sendNow(t, sender, sheet);

      const child = spawn(process.execPath, [path.join(root, 'apps/server/dist', entry)], {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          DATABASE_URL: databaseUrl,
          SMTP_URL: sink.url,
          PUBLIC_URL: 'http://mergeboard.example',
          SESSION_SECRET: 'worker-test-secret-worker-test-secret',
          LOG_LEVEL: 'warn',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      worker = child;
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

      const arrived = () => sink.messages.filter((m) => m.envelopeTo[0]?.endsWith(`@${domain}`)).length;
      const deadline = Date.now() + 30_000;
      while (arrived() < ROWS && Date.now() < deadline && child.exitCode === null) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(output).toContain('worker is running');
      expect(arrived()).toBe(ROWS);
      await expect.poll(() => recipientStatuses(t.database, merge.campaignId!)).toEqual({ SENT: ROWS });

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toContain('SIGTERM received');
    });
  },
);
