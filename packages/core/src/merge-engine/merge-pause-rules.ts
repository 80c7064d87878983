import type { MERGE_STATUSES, Role } from '../constants/domain';
import { isManager } from '../permissions/roles';

type MergeStatus = (typeof MERGE_STATUSES)[number];

/** The statuses a merge can be paused from: not sent yet, or sending (waiting for the quota included). */
export const PAUSABLE_MERGE_STATUSES = [
  'SCHEDULED',
  'SENDING',
  'WAITING_FOR_QUOTA',
] as const satisfies readonly MergeStatus[];

/**
 * The statuses of a merge still to finish: a cancel stops it, and a new merge of the same sheet is
 * refused while one is (a PAUSED merge may be resumed, so it is live too).
 */
export const LIVE_MERGE_STATUSES = [
  ...PAUSABLE_MERGE_STATUSES,
  'PAUSED',
] as const satisfies readonly MergeStatus[];

export const isLive = (status: MergeStatus) =>
  (LIVE_MERGE_STATUSES as readonly MergeStatus[]).includes(status);

export const isPausable = (status: MergeStatus) =>
  (PAUSABLE_MERGE_STATUSES as readonly MergeStatus[]).includes(status);

/**
 * Who may pause, resume or cancel a merge in a space: its sender, and the space's owner and
 * admins (a merge hurting the space's domains is theirs to stop too).
 */
export function maySteerMerge(input: { role: Role | null | undefined; isSender: boolean }): boolean {
  return input.isSender || isManager(input.role);
}

export const STEER_MERGE_REFUSAL =
  "Only the merge's sender, or an owner or admin of the space, may pause, resume or cancel it";
