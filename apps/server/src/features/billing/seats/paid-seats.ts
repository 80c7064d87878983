import type { UserPlan } from '@mergeboard/core';
import type { Db } from '../../../db/client';
import { activeSeatPlans, lockedSpace, recountAssignedSeats } from '../../members';
import {
  anyMarkedMember,
  makeMarkedMembersFree,
  markMembersToBeRemoved,
  setMembersPaid,
  unmarkMembers,
} from './seat-queries';

/**
 * Locks the space and its seat plans as every member change does (members' seats.ts), and answers the seat
 * plans to count again once the paid members changed: every one of the live subscription's, per
 * seat or not. These changes are of who holds the places the subscription pays for, in the older
 * flow's Premium too, whose change preview counts the places in use from them.
 */
async function lockSeats(db: Db, workspaceId: string): Promise<string[]> {
  await lockedSpace(db, workspaceId);
  return (await activeSeatPlans(db, workspaceId, { lock: true })).map((row) => row.id);
}

/**
 * MEM-033: members made paid hold a seat of the subscription's user plan from now on; a
 * downgrade waiting for them is dropped. Run once the seats are paid for.
 */
export async function makeMembersPaid(
  db: Db,
  options: { workspaceId: string; userIds: readonly string[]; userPlan: Exclude<UserPlan, 'FREE'> },
): Promise<void> {
  if (options.userIds.length === 0) return;
  await db.transaction(async (tx) => {
    const seatPlanIds = await lockSeats(tx, options.workspaceId);
    await setMembersPaid(tx, options.workspaceId, options.userIds, options.userPlan);
    await recountAssignedSeats(tx, options.workspaceId, seatPlanIds);
  });
}

/**
 * MEM-033: paid members made free at the renewal keep their seat until then, marked
 * (isScheduledToBeDowngraded); the billing sync frees them when the next period begins.
 */
export async function markMembersForDowngrade(
  db: Db,
  options: { workspaceId: string; userIds: readonly string[] },
): Promise<void> {
  if (options.userIds.length === 0) return;
  await markMembersToBeRemoved(db, options.workspaceId, options.userIds);
}

/**
 * The billing sync's side of a scheduled downgrade: when the seat removal it waited in was
 * applied (the new period began), the marked members become free and give their seats back;
 * when it was dropped (cancelled, or the subscription ended), they stay as they are, unmarked.
 */
export async function settleScheduledDowngrades(
  db: Db,
  options: { workspaceId: string; applied: boolean },
): Promise<void> {
  if (!(await anyMarkedMember(db, options.workspaceId))) return;
  if (!options.applied) {
    await unmarkMembers(db, options.workspaceId);
    return;
  }
  const seatPlanIds = await lockSeats(db, options.workspaceId);
  await makeMarkedMembersFree(db, options.workspaceId);
  await recountAssignedSeats(db, options.workspaceId, seatPlanIds);
}
