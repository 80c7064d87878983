import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { claimBatch } from './claim-within-quota';
import { MERGE_SEND_JOB } from './enqueue';
import { reapStaleClaims } from './merge-jobs';
import {
  PEOPLE_HEADER,
  people,
  recipientStatuses,
  sendNow,
  senderWorld,
  sheetFixture,
} from '../../testing/merge-test-kit';
import { startHeartbeat } from './worker-heartbeat';

const LEASE_SECONDS = 30;

describe('recovery from a dead merge worker, told from a live one by its heartbeat', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const waitingJobs = async (mergeId: string) =>
    (
      await t.database.execute(
        `SELECT data FROM pgboss.job WHERE name = $1 AND state = 'created' AND data->>'mergeId' = $2`,
        [MERGE_SEND_JOB, mergeId],
      )
    ).rows.map((row) => row.data);
  const jobState = async (id: string) =>
    String((await t.database.execute('SELECT state FROM pgboss.job WHERE id = $1', [id])).rows[0]!.state);

  it('RELIABILITY a dead worker’s claims become UNKNOWN and its job is enqueued again; a live worker’s (another process’s) are left alone', async () => {
    const sender = await senderWorld(t, { plan: 'FREE' });
    const sheet = await sheetFixture(t.database.db, sender, { header: PEOPLE_HEADER, rows: people(6) });
    const merge = await sendNow(t, sender, sheet);
    const claim = (workerId: string) =>
      claimBatch(t.database.db, {
        mergeId: merge.mergeId,
        campaignId: merge.campaignId!,
        userId: sender.userId,
        limit: 20,
        batchSize: 2,
        workerId,
      });
    // Two workers took the merge's two lanes (its merge-send jobs) and claimed two rows each.
    const [first] = await t.context.queue.boss.fetch<{ lane: number }>(MERGE_SEND_JOB);
    const [second] = await t.context.queue.boss.fetch<{ lane: number }>(MERGE_SEND_JOB);
    const live = await startHeartbeat(t.database, { id: 'live-worker', jobId: first!.id }, LEASE_SECONDS);
    await startHeartbeat(t.database, { id: 'dead-worker', jobId: second!.id }, LEASE_SECONDS).then((h) =>
      h.stop(),
    );
    await claim('live-worker');
    await claim('dead-worker');
    // Long ago: the dead worker's last heartbeat, every claim and both jobs' start. Only the live
    // worker's heartbeat is recent.
    await t.database.db.execute(sql`UPDATE merge_workers SET seen_at = now() - interval '1 minute'
      WHERE id = 'dead-worker'`);
    await t.database.db.execute(sql`UPDATE campaign_recipients SET claimed_at = now() - interval '1 hour'
      WHERE campaign_id = ${merge.campaignId}`);
    await t.database.db.execute(sql`UPDATE pgboss.job SET started_on = now() - interval '1 hour'
      WHERE id IN (${first!.id}, ${second!.id})`);

    expect(await reapStaleClaims(t.database, LEASE_SECONDS)).toBe(2);

    const rows = await t.database.execute(
      'SELECT claimed_by, status FROM campaign_recipients WHERE campaign_id = $1 AND claimed_by IS NOT NULL',
      [merge.campaignId],
    );
    expect(rows.rows.map((row) => `${String(row.claimed_by)} ${String(row.status)}`).sort()).toEqual([
      'dead-worker UNKNOWN',
      'dead-worker UNKNOWN',
      'live-worker SENDING',
      'live-worker SENDING',
    ]);
    expect(await recipientStatuses(t.database, merge.campaignId!)).toEqual({
      PENDING: 2,
      SENDING: 2,
      UNKNOWN: 2,
    });
    expect(await jobState(first!.id)).toBe('active');
    expect(await jobState(second!.id)).toBe('cancelled');
    expect(await waitingJobs(merge.mergeId)).toEqual([{ mergeId: merge.mergeId, lane: second!.data.lane }]);
    const workers = await t.database.execute('SELECT id FROM merge_workers');
    expect(workers.rows.map((row) => row.id)).toEqual(['live-worker']);

    // Reaping again changes nothing: the job is enqueued once, the live worker keeps its rows.
    expect(await reapStaleClaims(t.database, LEASE_SECONDS)).toBe(0);
    expect(await waitingJobs(merge.mergeId)).toHaveLength(1);
    expect(await recipientStatuses(t.database, merge.campaignId!)).toMatchObject({ SENDING: 2, UNKNOWN: 2 });
    await live.stop();
  });
});
