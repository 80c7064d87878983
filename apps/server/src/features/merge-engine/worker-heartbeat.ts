import type { Database } from '../../db/client';
import { beatWorker } from './merge-queries';

/**
 * Renewals per lease: a live worker that misses a few (a busy pool, a slow statement) still
 * renews in time, so only a worker that is gone, or has ended, goes a whole lease unseen.
 */
const BEATS_PER_LEASE = 6;

interface Heartbeat {
  /** Stops renewing. The row stays and goes stale like a dead worker's; the reaper removes it. */
  stop(): Promise<void>;
}

/**
 * Says, in merge_workers, that this worker (and the job it runs) is alive, now and then every
 * lease / 6 until stopped: the reaper treats the claims and the job of a worker unseen for a lease
 * as a dead worker's. Ending leaves the row to go stale rather than deleting it, so that the moment
 * between a run's end and pg-boss completing its job never looks like a dead job.
 */
export async function startHeartbeat(
  database: Database,
  worker: { id: string; jobId?: string | undefined },
  leaseSeconds: number,
): Promise<Heartbeat> {
  const beat = async () => {
    await beatWorker(database.db, worker);
  };
  await beat();
  let beating: Promise<void> | null = null;
  const timer = setInterval(
    () => {
      // A failed renewal is only a missed one: the next may succeed, and if none does for a
      // lease, this worker's claims become UNKNOWN, which is never a duplicate.
      beating ??= beat()
        .catch(() => undefined)
        .finally(() => {
          beating = null;
        });
    },
    (leaseSeconds * 1000) / BEATS_PER_LEASE,
  );
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await beating;
    },
  };
}
