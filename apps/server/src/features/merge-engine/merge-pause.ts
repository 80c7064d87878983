import {
  isPausable,
  maySteerMerge,
  mergePauseOf,
  PAUSABLE_MERGE_STATUSES,
  STEER_MERGE_REFUSAL,
  type Role,
} from '@mergeboard/core';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../http/app-error';
import { pauseMergeRow } from '../circuit-breaker';
import { enqueueMergeSend, type MergeJobs } from './enqueue';
import { cancelMergeOf } from './merge-lifecycle';
import { deleteScheduledMerge, type MergeRow } from './merge-queries';
import {
  auditMergeStep,
  bouncesOfCampaign,
  lockMergeInSpace,
  mergeInSpace,
  unpauseMerge,
} from './pause-queries';

/** Who asks, in the space the route checked. */
export interface Steerer {
  workspaceId: string;
  userId: string;
  email: string;
  role: Role;
}

type Steering = { steerer: Steerer; mergeId: string };

/** A merge's state as pauseMerge, resumeMerge and cancelMerge answer it. */
export function mergeStateOf(merge: MergeRow) {
  return {
    status: merge.status,
    pause: mergePauseOf(merge),
  };
}

/** The space's merge if the caller may steer it: another space's is 404, another sender's 403 for a member. */
function requireSteerable(merge: MergeRow | undefined, steerer: Steerer): MergeRow {
  if (!merge) throw new AppError('not_found', 'No such mail merge');
  if (!maySteerMerge({ role: steerer.role, isSender: merge.userId === steerer.userId }))
    throw new AppError('forbidden', STEER_MERGE_REFUSAL);
  return merge;
}

const inState = (merge: MergeRow, wanted: string) =>
  new AppError('conflict', `The mail merge is ${merge.status}: ${wanted}`);

async function steer<T>(db: Db, options: Steering, step: (tx: Tx, merge: MergeRow) => Promise<T>) {
  return db.transaction(async (tx) => {
    const merge = requireSteerable(
      await lockMergeInSpace(tx, options.steerer.workspaceId, options.mergeId),
      options.steerer,
    );
    return step(tx, merge);
  });
}

/**
 * pauseMerge: a scheduled or sending merge is PAUSED (MANUAL) at once; its workers claim nothing
 * more and give back the rows they claimed ahead, finishing only the batch they are sending.
 */
export function pauseByHand(db: Db, options: Steering) {
  return steer(db, options, async (tx, merge) => {
    if (!isPausable(merge.status)) throw inState(merge, 'only a scheduled or sending one can be paused');
    const details = `Paused by ${options.steerer.email}.`;
    await pauseMergeRow(tx, merge.id, { reason: 'MANUAL', details }, PAUSABLE_MERGE_STATUSES);
    await auditMergeStep(tx, {
      workspaceId: merge.workspaceId,
      actorUserId: options.steerer.userId,
      action: 'merge.paused',
      mergeId: merge.id,
      data: {},
    });
    return mergeStateOf({
      ...merge,
      status: 'PAUSED',
      pauseReason: 'MANUAL',
      pauseDetails: details,
      pausedAt: new Date(),
    });
  });
}

/**
 * resumeMerge: a PAUSED merge runs again — SENDING, or SCHEDULED when it has not started (its
 * workers start it at its time) — and its sending jobs are enqueued again, one per lane. Its rows
 * not yet claimed go out; a row already sent or claimed never goes again (claims, engine §2).
 */
export function resumeByHand(db: Db, jobs: MergeJobs, options: Steering) {
  return steer(db, options, async (tx, merge) => {
    if (merge.status !== 'PAUSED') throw inState(merge, 'only a paused one can be resumed');
    const resumed = await unpauseMerge(tx, merge.id, merge.campaignId ? 'SENDING' : 'SCHEDULED');
    const notYet = !merge.campaignId && merge.sendAt.getTime() > Date.now();
    await enqueueMergeSend(tx, jobs, merge.id, notYet ? { startAfter: merge.sendAt } : {});
    await auditMergeStep(tx, {
      workspaceId: merge.workspaceId,
      actorUserId: options.steerer.userId,
      action: 'merge.resumed',
      mergeId: merge.id,
      data: { pauseReason: merge.pauseReason, pauseDetails: merge.pauseDetails },
    });
    return mergeStateOf(resumed!);
  });
}

/**
 * cancelMerge: the Scheduled list's cancel for anyone who may steer the merge (its sender, an
 * owner or admin): CANCELED, its unclaimed rows dropped, its scheduled row gone.
 */
export function cancelByHand(db: Db, options: Steering) {
  return steer(db, options, async (tx, merge) => {
    if (!isPausable(merge.status) && merge.status !== 'PAUSED')
      throw inState(merge, 'only a scheduled, sending or paused one can be cancelled');
    await cancelMergeOf(tx, { mergeId: merge.id });
    if (merge.scheduledMergeId) await deleteScheduledMerge(tx, merge.scheduledMergeId);
    await auditMergeStep(tx, {
      workspaceId: merge.workspaceId,
      actorUserId: options.steerer.userId,
      action: 'merge.canceled',
      mergeId: merge.id,
      data: { title: merge.title },
    });
    return mergeStateOf({ ...merge, status: 'CANCELED' });
  });
}

/** listMergeBounces: the merge's hard bounces with their reasons, for whoever may steer it. */
export async function readMergeBounces(db: Db, options: Steering) {
  const merge = requireSteerable(
    await mergeInSpace(db, options.steerer.workspaceId, options.mergeId),
    options.steerer,
  );
  if (!merge.campaignId) return { items: [], total: 0 };
  const { items, total } = await bouncesOfCampaign(db, merge.campaignId);
  return {
    items: items.map((row) => ({ ...row, bouncedAt: row.bouncedAt?.getTime() ?? 0 })),
    total,
  };
}
