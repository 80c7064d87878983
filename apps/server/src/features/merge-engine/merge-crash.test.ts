import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testingPostgres } from '../../testing/test-database';
import type { TestApp } from '../../testing/test-app';
import {
  appForWorkerProcesses,
  PEOPLE_HEADER,
  people,
  recipientStatuses,
  sendNow,
  senderWorld,
  sheetFixture,
} from '../../testing/merge-test-kit';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';

const ROWS = 2000;
/** The acceptance bound: a merge interrupted by `kill -9` is done within a minute of the restart. */
const RESUME_DEADLINE_MS = 60_000;
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../../../..');
/** One lane, so after the kill no other job of the merge is left to carry on: recovery must. */
const settings = { MERGE_WORKERS_PER_MERGE: '1', MERGE_BATCH_SIZE: '50' };

/**
 * The worker process (src/worker-main.ts: what dist/worker.js runs, without the build) killed with
 * SIGKILL mid-merge, then started again: the merge's rows are shared by processes only through
 * PostgreSQL (PGlite is one process's database and cannot be shared across processes), so this
 * runs in the integration-postgres project, which exists when DATABASE_URL is set (CI sets it).
 */
describe.skipIf(!testingPostgres())(
  'a merge worker killed mid-merge (PostgreSQL only: PGlite cannot be shared across processes; skipped without DATABASE_URL)',
  () => {
    let t: TestApp;
    let sink: SmtpSink;
    let databaseUrl: string;
    let worker: ChildProcess | null = null;
    /** Kills the worker when the sink has received this many messages. */
    let killAt = Number.POSITIVE_INFINITY;

    const startWorker = () => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(root, 'apps/server/src/worker-main.ts')],
        {
          cwd: root,
          env: {
            ...process.env,
            DATABASE_URL: databaseUrl,
            SMTP_URL: sink.url,
            PUBLIC_URL: 'http://mergeboard.example',
            SESSION_SECRET: 'crash-test-secret-crash-test-secret-00',
            LOG_LEVEL: 'silent',
            ...settings,
          },
          stdio: ['ignore', 'ignore', 'inherit'],
        },
      );
      worker = child;
      return new Promise<NodeJS.Signals | null>((resolve) =>
        child.once('exit', (_code, signal) => resolve(signal)),
      );
    };

    beforeAll(async () => {
      sink = await startSmtpSink({
        beforeAccept: (_message, received) => {
          if (received >= killAt) worker?.kill('SIGKILL');
        },
      });
      ({ t, databaseUrl } = await appForWorkerProcesses(sink.url, settings));
    });
    afterAll(async () => {
      worker?.kill('SIGKILL');
      await t.close();
      await t.database.destroy();
      await sink.close();
    });

    const mergeStatus = async (mergeId: string) =>
      String(
        (await t.database.execute('SELECT status FROM merges WHERE id = $1', [mergeId])).rows[0]!.status,
      );

    it(
      'RELIABILITY a 2,000-row merge killed mid-send completes within a minute of the restart, every row sent exactly once or UNKNOWN',
      async () => {
        const sender = await senderWorld(t, { plan: 'FREE', freeUserQuota: 5000 });
        const sheet = await sheetFixture(t.database.db, sender, {
          header: PEOPLE_HEADER,
          rows: people(ROWS, 'crash.example'),
        });
        const merge = await sendNow(t, sender, sheet);

        killAt = 200 + Math.floor(Math.random() * (ROWS - 400));
        expect(await startWorker()).toBe('SIGKILL');
        killAt = Number.POSITIVE_INFINITY;
        const before = await recipientStatuses(t.database, merge.campaignId!);
        expect(before.PENDING).toBeGreaterThan(0);

        const restartedAt = Date.now();
        void startWorker();
        while (
          (await mergeStatus(merge.mergeId)) === 'SENDING' &&
          Date.now() - restartedAt < RESUME_DEADLINE_MS
        ) {
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        const after = await recipientStatuses(t.database, merge.campaignId!);
        const waited = `${((Date.now() - restartedAt) / 1000).toFixed(1)} s after the restart`;
        expect(await mergeStatus(merge.mergeId), `${waited}: ${JSON.stringify(after)}`).toBe('COMPLETED');

        // The rows the dead worker had claimed (SENDING when it died) are UNKNOWN; all others SENT.
        expect(after.UNKNOWN ?? 0).toBe(before.SENDING ?? 0);
        expect((after.SENT ?? 0) + (after.UNKNOWN ?? 0)).toBe(ROWS);
        const perAddress = new Map<string, number>();
        for (const message of sink.messages) {
          for (const address of message.envelopeTo)
            perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
        }
        const rows = await t.database.execute(
          'SELECT status, email FROM campaign_recipients WHERE campaign_id = $1',
          [merge.campaignId],
        );
        const received = (row: Record<string, unknown>) => perAddress.get(String(row.email)) ?? 0;
        const sentNotOnce = rows.rows.filter((row) => row.status === 'SENT' && received(row) !== 1);
        const unknownTwice = rows.rows.filter((row) => row.status === 'UNKNOWN' && received(row) > 1);
        expect(sentNotOnce).toEqual([]);
        expect(unknownTwice).toEqual([]);
        expect([...perAddress.keys()].every((address) => address.endsWith('@crash.example'))).toBe(true);
      },
      RESUME_DEADLINE_MS + 60_000,
    );
  },
);
