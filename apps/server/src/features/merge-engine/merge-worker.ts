import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { unsuppressedCopies } from '@mergeboard/core';
import type { Config } from '../../config/config';
import { findSpaceAccess, type SpaceAccess } from '../../access/space-access';
import type { Database } from '../../db/client';
import { suppressedAmong } from '../suppressions';
import type { ClaimedRecipient } from './claim-queries';
import { claimBatch, recordOutcomes, type Outcomes } from './claim-within-quota';
import { enqueueMergeSend, mergeJobsIn, type MergeJobs } from './enqueue';
import { eventLoopTurn } from './event-loop-turn';
import { mergeMessage, signedUrls, type MergeTemplate } from './message';
import {
  clearRecoverableError,
  dropUnsentOfCanceled,
  finishIfDone,
  recordRecoverableError,
  stillSending,
  stopMerge,
  waitForQuota,
} from './merge-lifecycle';
import { mergeById, scheduledMergeById, spaceOfMerge, userById, type MergeRow } from './merge-queries';
import { startScheduledMerge } from './merge-start';
import { senderPlan } from './sender-quota';
import { sheetHeader, sheetRows, type Sender } from './sheet-source';
import { transportFor } from './transports/transport-for';
import type { MergeTransport } from './transports/transport';
import { startHeartbeat } from './worker-heartbeat';

/** How long one job sends before handing the rest to a fresh job (pg-boss expires a job at 15 minutes). */
const SLICE_MS = 5 * 60 * 1000;

interface WorkerOptions {
  database: Database;
  config: Config;
  mergeId: string;
  /** Names the claims of this worker (claimed_by); one per process and run by default. */
  workerId?: string;
  /** Which of the merge's lanes this run is (its job's; MERGE_WORKERS_PER_MERGE lanes share a merge). */
  lane?: number;
  /** The merge-send job this run is, named in its heartbeat so that a dead run's job is told apart. */
  jobId?: string | undefined;
  /** How Google is reached for Gmail sending (tests stand in for Google here). */
  googleFetch?: typeof fetch;
  /** Where each batch's claim time goes (debug level), for operators and the benchmark. */
  logger?: Pick<FastifyBaseLogger, 'debug'>;
}

/** Why a run ended, for logs and tests. */
type WorkerEnd =
  | 'nothing-to-do'
  | 'completed'
  | 'drained'
  | 'stopped'
  | 'paused'
  | 'quota'
  | 'retrying'
  | 'failed'
  | 'continued';

const newWorkerId = () => `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

/** Runs `send` over the items, at most `limit` at once, keeping the results in order. */
async function inParallel<T, R>(
  items: readonly T[],
  limit: number,
  send: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const at = next;
      next += 1;
      results[at] = await send(items[at]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

interface Run {
  options: WorkerOptions;
  merge: MergeRow & { campaignId: string };
  sender: Sender & { name: string | null };
  /** The sender's place in the space, for the suppression lists they see. */
  space: SpaceAccess;
  template: MergeTemplate;
  limit: number;
  transport: MergeTransport;
  workerId: string;
  jobs: MergeJobs;
}

/** Outcomes with nothing in them yet: fresh lists each time, as a batch fills its own. */
const noOutcomes = (): Outcomes => ({
  sent: [],
  failed: [],
  bounced: [],
  deferred: [],
  released: [],
  suppressed: [],
  droppedCopies: 0,
});

/** What the providers refused in a batch, for the circuit breaker: bounces, failures, deferrals and the transient. */
const rejectionsOf = (outcomes: Outcomes, transient: string | null) => [
  ...outcomes.bounced.map((row) => row.reason),
  ...outcomes.failed.map((row) => row.reason),
  ...outcomes.deferred.map((row) => row.reason),
  ...(transient === null ? [] : [transient]),
];

/** Sends one claimed batch; answers its outcomes and the transient failure, if any. */
async function sendBatch(
  run: Run,
  recipients: ClaimedRecipient[],
): Promise<{ outcomes: Outcomes; transient: string | null }> {
  const { database } = run.options;
  const [cells, suppressed] = await Promise.all([
    sheetRows(
      database.db,
      { spreadsheetId: run.merge.spreadsheetId ?? '', sheetId: run.merge.sheetId },
      recipients.map((r) => r.rowNumber),
    ),
    suppressedAmong(database.db, {
      caller: { space: run.space, user: { id: run.sender.userId, email: run.sender.email } },
      addresses: recipients.flatMap((r) => [r.email, ...r.cc, ...r.bcc]),
    }),
  ]);
  const outcomes = noOutcomes();
  let transient: string | null = null;
  const concurrency = Math.min(run.options.config.MERGE_CONCURRENCY, run.transport.maxInFlight ?? Infinity);
  await inParallel(recipients, concurrency, async (recipient) => {
    await eventLoopTurn(database);
    if (suppressed.has(recipient.email)) return outcomes.suppressed.push(recipient.id);
    const row = cells.get(recipient.rowNumber);
    if (!row) return outcomes.failed.push({ id: recipient.id, reason: 'The row is no longer in the sheet' });
    // Once the transport has failed transiently, the rest of the batch waits for the retry.
    if (transient !== null) return outcomes.released.push(recipient.id);
    const copies = unsuppressedCopies(recipient, suppressed);
    const message = mergeMessage(run.template, { ...recipient, ...copies, cells: row });
    const outcome = await run.transport.send(message);
    if (outcome.kind !== 'transient') outcomes.droppedCopies += copies.dropped;
    if (outcome.kind === 'sent')
      return outcomes.sent.push({ id: recipient.id, messageId: outcome.messageId });
    if (outcome.kind === 'bounced')
      return outcomes.bounced.push({
        id: recipient.id,
        messageId: message.messageId,
        reason: outcome.reason,
      });
    if (outcome.kind === 'permanent')
      return outcomes.failed.push({ id: recipient.id, reason: outcome.reason });
    if (outcome.deferred)
      outcomes.deferred.push({ id: recipient.id, messageId: message.messageId, reason: outcome.reason });
    transient ??= outcome.reason;
    return outcomes.released.push(recipient.id);
  });
  return { outcomes, transient };
}

/**
 * Claims and sends batch after batch until the merge is done, stopped, out of quota or out of time.
 * The next batch is claimed while this one is sent, and a batch's outcomes are recorded while the
 * next is sent (a crash leaves those rows SENDING, never PENDING: at most once either way). A batch
 * claimed ahead is sent only if the merge is still sending when its turn comes, else released, so a
 * cancel stops sending within the batch in flight.
 */
async function sendLoop(run: Run): Promise<WorkerEnd> {
  const { database, config } = run.options;
  const startedAt = Date.now();
  const claimNext = async () => {
    const claimStart = performance.now();
    const claim = await claimBatch(database.db, {
      mergeId: run.merge.id,
      campaignId: run.merge.campaignId,
      userId: run.sender.userId,
      limit: run.limit,
      batchSize: config.MERGE_BATCH_SIZE,
      workerId: run.workerId,
    });
    const claimed = claim.kind === 'claimed' ? claim.recipients.length : 0;
    run.options.logger?.debug(
      { mergeId: run.merge.id, claimed, claimMs: performance.now() - claimStart },
      'merge batch claimed',
    );
    return claim;
  };
  const record = (day: string, outcomes: Outcomes, rejections: string[] = []) =>
    recordOutcomes(
      database.db,
      {
        campaignId: run.merge.campaignId,
        scheduledMergeId: run.merge.scheduledMergeId,
        userId: run.sender.userId,
        day,
      },
      outcomes,
      rejections,
    );
  // A recording answers whether the circuit breaker paused the merge on it.
  let recording: Promise<unknown> = Promise.resolve(null);
  let next = claimNext();
  let first = true;
  for (;;) {
    const claim = await next;
    if (claim.kind === 'stopped') return recording.then(() => 'stopped' as const);
    if (claim.kind === 'quota') {
      await recording;
      await waitForQuota(database.db, run.merge);
      return 'quota';
    }
    if (claim.recipients.length === 0) {
      await recording;
      return (await finishIfDone(database.db, run.merge.id)) ? 'completed' : 'drained';
    }
    const released = { ...noOutcomes(), released: claim.recipients.map((r) => r.id) };
    // Cancelled, paused (by hand or by the circuit breaker) or set to retry since this batch was claimed.
    if (!first && !(await stillSending(database.db, run.merge.id))) {
      await recording;
      await record(claim.day, released);
      await dropUnsentOfCanceled(database.db, run.merge.id);
      return 'stopped';
    }
    first = false;
    next = claimNext();
    const { outcomes, transient } = await sendBatch(run, claim.recipients);
    await recording;
    recording = record(claim.day, outcomes, rejectionsOf(outcomes, transient));
    if (transient !== null || Date.now() - startedAt > SLICE_MS) {
      const ahead = await next;
      const paused = (await recording) !== null;
      if (ahead.kind === 'claimed')
        await record(ahead.day, { ...noOutcomes(), released: ahead.recipients.map((r) => r.id) });
      // A provider's policy refusal pauses the merge for its sender to look at, instead of a retry.
      if (paused) return 'paused';
      if (transient !== null) {
        return recordRecoverableError(database.db, run.jobs, run.merge, {
          status: 'UNKNOWN ERROR',
          details: transient,
        });
      }
      await database.db.transaction((tx) =>
        enqueueMergeSend(tx, run.jobs, run.merge.id, { lane: run.options.lane ?? 0 }),
      );
      return 'continued';
    }
  }
}

/** The sheet's header, or the merge stopped (spreadsheet deleted) or set to retry (sheet deleted). */
async function headerOrStop(
  database: Database,
  jobs: MergeJobs,
  merge: MergeRow,
): Promise<string[] | WorkerEnd> {
  const header = merge.spreadsheetId
    ? await sheetHeader(database.db, { spreadsheetId: merge.spreadsheetId, sheetId: merge.sheetId })
    : null;
  if (header) return header;
  if (!merge.spreadsheetId) {
    await stopMerge(database.db, merge, {
      status: 'SPREADSHEET DELETED',
      details: 'The spreadsheet was deleted',
    });
    return 'failed';
  }
  return recordRecoverableError(database.db, jobs, merge, {
    status: 'SHEET DELETED',
    details: 'The sheet was deleted',
  });
}

/**
 * The merge is not due yet (a job delivered early, or one that was already queued when its retry
 * was set): a job at its time takes over (stately: ignored when one is already waiting).
 */
async function runLater(options: WorkerOptions, jobs: MergeJobs, at: Date): Promise<WorkerEnd> {
  await options.database.db.transaction((tx) =>
    enqueueMergeSend(tx, jobs, options.mergeId, { startAfter: at, lane: options.lane ?? 0 }),
  );
  return 'nothing-to-do';
}

/**
 * Starts a scheduled merge whose time has come, then sends its rows with the sender's transport.
 */
async function turnAtMerge(options: WorkerOptions & { workerId: string }): Promise<WorkerEnd> {
  const { database } = options;
  const jobs = mergeJobsIn(database, options.config.MERGE_WORKERS_PER_MERGE);
  const found = await mergeById(database.db, options.mergeId);
  if (!found) return 'nothing-to-do';
  let merge = found;
  if (merge.status === 'SCHEDULED') {
    if (merge.sendAt.getTime() > Date.now()) return runLater(options, jobs, merge.sendAt);
    if (!(await startScheduledMerge(database.db, jobs, merge))) return 'nothing-to-do';
    merge = (await mergeById(database.db, options.mergeId)) as MergeRow;
  }
  if (merge.status !== 'SENDING' || !merge.campaignId) return 'nothing-to-do';
  const scheduled = merge.scheduledMergeId
    ? await scheduledMergeById(database.db, merge.scheduledMergeId)
    : undefined;
  if (scheduled?.mergeTime && scheduled.mergeTime.getTime() > Date.now()) {
    return runLater(options, jobs, scheduled.mergeTime);
  }
  const header = await headerOrStop(database, jobs, merge);
  if (!Array.isArray(header)) return header;
  const user = await userById(database.db, merge.userId);
  if (!user) return 'nothing-to-do';
  await clearRecoverableError(database.db, merge.scheduledMergeId);
  const plan = await senderPlan(database.db, merge);
  const sender = { workspaceId: merge.workspaceId, userId: user.id, email: user.email, name: user.name };
  const space = await findSpaceAccess(database.db, merge.workspaceId, { id: user.id, email: user.email });
  const spaceRow = await spaceOfMerge(database.db, merge.workspaceId);
  if (!space || !spaceRow) {
    await stopMerge(database.db, merge, {
      status: 'UNKNOWN ERROR',
      details: 'The sender is no longer a member of the space',
    });
    return 'failed';
  }
  const transport = await transportFor({
    database,
    config: options.config,
    senderUserId: user.id,
    ...(options.googleFetch ? { googleFetch: options.googleFetch } : {}),
  });
  try {
    return await sendLoop({
      options,
      merge: { ...merge, campaignId: merge.campaignId },
      sender,
      space,
      template: {
        campaignId: merge.campaignId,
        merge,
        header,
        sender,
        host: new URL(options.config.publicUrl).hostname,
        space: { id: spaceRow.id, name: spaceRow.name },
        urls: signedUrls(options.config),
      },
      limit: plan?.limit ?? 0,
      transport,
      workerId: options.workerId,
      jobs,
    });
  } finally {
    await transport.close();
  }
}

/**
 * One worker's turn at a merge (the merge-send job, or a test's run): safe to run twice at once or
 * again after a crash, as rows are claimed before they are sent and never claimed twice. Its
 * heartbeat runs throughout, so that its claims and its job are not taken for a dead worker's.
 */
export async function runMergeWorker(options: WorkerOptions): Promise<WorkerEnd> {
  const workerId = options.workerId ?? newWorkerId();
  const heartbeat = await startHeartbeat(
    options.database,
    { id: workerId, jobId: options.jobId },
    options.config.MERGE_CLAIM_LEASE_SECONDS,
  );
  try {
    return await turnAtMerge({ ...options, workerId });
  } finally {
    await heartbeat.stop();
  }
}
