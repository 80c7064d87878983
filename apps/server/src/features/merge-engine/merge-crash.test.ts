import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testingPostgres } from '../../testing/test-database';
import type { TestApp } from '../../testing/test-app';
import { reapStaleClaims } from './merge-jobs';
import {
  appForWorkerProcesses,
  PEOPLE_HEADER,
  people,
  recipientStatuses,
  sendNow,
  senderWorld,
  sheetFixture,
} from './merge-test-kit';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

const ROWS = 2000;
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../../../..');

/**
 * A worker process killed with SIGKILL mid-merge, then a new one: the merge's rows are shared by
 * processes only through PostgreSQL (PGlite is one process's database and cannot be shared across
 * processes), so this runs in the integration-postgres project, which exists when DATABASE_URL is
 * set (CI sets it).
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

    const runWorker = (mergeId: string) => {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'merge-worker-process.ts')], {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          SMTP_URL: sink.url,
          PUBLIC_URL: 'http://mergeboard.example',
          SESSION_SECRET: 'crash-test-secret-crash-test-secret-00',
          MERGE_ID: mergeId,
          MERGE_BATCH_SIZE: '50',
          LOG_LEVEL: 'silent',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<{ signal: NodeJS.Signals | null; output: string }>((resolve) =>
        child.once('exit', (_code, signal) => resolve({ signal, output })),
      );
      worker = child;
      return exited;
    };

    beforeAll(async () => {
      sink = await startSmtpSink({
        beforeAccept: (_message, received) => {
          if (received >= killAt) worker?.kill('SIGKILL');
        },
      });
      ({ t, databaseUrl } = await appForWorkerProcesses(sink.url));
    });
    afterAll(async () => {
      worker?.kill('SIGKILL');
      await t.close();
      await t.database.destroy();
      await sink.close();
    });

    it('RELIABILITY every row of a 2,000-row merge is sent exactly once or marked UNKNOWN, none twice', async () => {
      const sender = await senderWorld(t, { plan: 'FREE', freeUserQuota: 5000 });
      const sheet = await sheetFixture(t.database.db, sender, {
        header: PEOPLE_HEADER,
        rows: people(ROWS, 'crash.example'),
      });
      const merge = await sendNow(t, sender, sheet);

      killAt = 200 + Math.floor(Math.random() * (ROWS - 400));
      const killed = await runWorker(merge.mergeId);
      expect(killed.signal).toBe('SIGKILL');
      killAt = Number.POSITIVE_INFINITY;
      const before = await recipientStatuses(t.database, merge.campaignId!);
      expect(before.PENDING).toBeGreaterThan(0);

      // The lease of the dead worker's claims runs out (a lease of 0 s stands in for the 10 minutes).
      const reaped = await reapStaleClaims(t.database, 0);
      expect(reaped).toBe(before.SENDING ?? 0);
      const restarted = await runWorker(merge.mergeId);
      expect(JSON.parse(restarted.output.trim().split('\n').at(-1)!)).toMatchObject({ end: 'completed' });

      const counts = sink.countsByMessageId();
      expect([...counts.values()].filter((n) => n > 1)).toEqual([]);
      const after = await recipientStatuses(t.database, merge.campaignId!);
      expect(Object.keys(after).sort()).toEqual(reaped > 0 ? ['SENT', 'UNKNOWN'] : ['SENT']);
      expect((after.SENT ?? 0) + (after.UNKNOWN ?? 0)).toBe(ROWS);
      const rows = await t.database.execute(
        'SELECT status, row_number, message_id FROM campaign_recipients WHERE campaign_id = $1',
        [merge.campaignId],
      );
      const idOf = (rowNumber: unknown) => `<${merge.campaignId}.${String(rowNumber)}@mergeboard.example>`;
      for (const row of rows.rows) {
        if (row.status === 'SENT') expect(counts.get(String(row.message_id))).toBe(1);
      }
      const sentOrUnknown = new Set(rows.rows.map((row) => idOf(row.row_number)));
      expect([...counts.keys()].every((id) => sentOrUnknown.has(id))).toBe(true);
      expect(counts.size).toBeGreaterThanOrEqual(after.SENT!);
    });
  },
);
