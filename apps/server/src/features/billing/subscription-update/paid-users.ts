import {
  CANNOT_DOWNGRADE_TEXT,
  isRestricted,
  multiDomainRefusal,
  paidElsewhereListText,
  type PaidUserCandidate,
  type RolloutRestriction,
  type UserPlan,
} from '@mergeboard/core';
import type { Db } from '../../../db/client';
import { planAllowanceOf } from '../../../db/plan-allowance';
import type { workspaces } from '../../../db/schema';
import { AppError } from '../../../http/app-error';
import { paidElsewhere } from '../../members';
import { seatPlanOf } from '../subscription-change/live-subscription';
import { membersOfSpace } from '../subscription-change/subscription-queries';

const FIELD = 'body.workspaceUserPlans';
const invalid = (message: string) =>
  new AppError('validation_failed', message, { fields: { [FIELD]: message } });

export interface WorkspaceUserPlan {
  stripePriceId: string;
  userIds: string[];
  downgradeToFree: boolean;
}

type Member = {
  userId: string;
  email: string;
  role: PaidUserCandidate['role'];
  userPlan: UserPlan;
  toBeRemoved: boolean;
};

/** What a paid-user change does to the space's seats, as both its preview and the update apply it. */
export interface PaidUserChange {
  /** Free members made paid now (MEM-033, upgrade). */
  upgraded: string[];
  /** Paid members made free at the renewal (MEM-033, scheduled downgrade). */
  downgraded: string[];
  /** Seats bought now for the upgraded members who do not fit in the seats paid and unused. */
  seatsToBuy: number;
  /** Members paid after the renewal: the least the next period may sell. */
  paidAfterRenewal: number;
  /** The seat plan's user plan, which the upgraded members take. */
  userPlan: Exclude<UserPlan, 'FREE'>;
}

/**
 * The seats the next period sells once the downgraded members leave: that many fewer than it
 * sells now, never fewer than the members still paid then.
 */
export const seatsAfterRenewal = (change: PaidUserChange, nextQuantity: number): number =>
  Math.max(change.paidAfterRenewal, 1, nextQuantity - change.downgraded.length);

async function membersOf(db: Db, workspaceId: string): Promise<Member[]> {
  return membersOfSpace(db, workspaceId);
}

/** CHK-084: every listed id must be a member of the space; the others are named. */
function requireMembers(members: readonly Member[], ids: Iterable<string>): void {
  const known = new Set(members.map((member) => member.userId));
  const strangers = [...ids].filter((id) => !known.has(id));
  if (strangers.length > 0) {
    throw invalid(`userIds must name members of this space; these are not: ${strangers.join(', ')}`);
  }
}

/**
 * The seats a change touches: free members made paid take the seats paid and unused first (nothing
 * charged), and the seats still missing are bought now. Seats in use are those the paid members
 * hold (the owner's included), never fewer than the seats counted as assigned.
 */
async function changeOf(
  db: Db,
  subscriptionId: string,
  members: readonly Member[],
  requested: { upgraded: string[]; downgraded: string[] },
): Promise<PaidUserChange> {
  const { seats } = await seatPlanOf(db, subscriptionId);
  const paidNow = members.filter((member) => member.userPlan !== 'FREE');
  const inUse = Math.max(seats.assignedSeats, paidNow.length);
  const unused = Math.max(0, seats.totalSeats - inUse);
  const leaving = paidNow.filter(
    (member) => member.toBeRemoved || requested.downgraded.includes(member.userId),
  ).length;
  return {
    ...requested,
    seatsToBuy: Math.max(0, requested.upgraded.length - unused),
    paidAfterRenewal: paidNow.length - leaving + requested.upgraded.length,
    userPlan: seats.userPlan as Exclude<UserPlan, 'FREE'>,
  };
}

/**
 * The change-preview's side (priceInfoV1 with previewProratedChanges): the users listed with a
 * paid plan who are free now are made paid, those listed FREE who are paid now are made free at
 * the renewal, priced as the update applies them (same seats, same proration date).
 */
export async function previewedPaidUserChange(
  db: Db,
  options: {
    workspaceId: string;
    subscriptionId: string;
    userUpdates: { userId: string; userPlan: UserPlan }[];
  },
): Promise<PaidUserChange> {
  const members = await membersOf(db, options.workspaceId);
  const ids = options.userUpdates.map((update) => update.userId);
  if (!ids.every((id) => members.some((member) => member.userId === id))) {
    const message = 'userUpdates must name members of this space';
    throw new AppError('validation_failed', message, { fields: { 'body.userUpdates': message } });
  }
  const planOf = (userId: string) => members.find((member) => member.userId === userId)!;
  return changeOf(db, options.subscriptionId, members, {
    upgraded: options.userUpdates
      .filter((update) => update.userPlan !== 'FREE' && planOf(update.userId).userPlan === 'FREE')
      .map((update) => update.userId),
    downgraded: options.userUpdates
      .filter((update) => {
        const member = planOf(update.userId);
        return update.userPlan === 'FREE' && member.userPlan !== 'FREE' && !member.toBeRemoved;
      })
      .map((update) => update.userId),
  });
}

/**
 * MEM-033, MEM-036, CHK-083 CHK-084 CHK-085 CHK-086 CHK-087 CHK-088: what a workspaceUserPlans update
 * changes, after the rules every such change keeps (4xx, nothing written). The plans name the subscription's
 * own price; users in a plain entry are paid after the change (those free now are made paid; paid ones stay),
 * downgradeToFree users are made free at the renewal. Nothing to change is refused.
 */
export async function requestedPaidUserChange(
  db: Db,
  options: {
    workspace: typeof workspaces.$inferSelect;
    restrictions: readonly RolloutRestriction[];
    subscriptionId: string;
    plans: readonly WorkspaceUserPlan[];
  },
): Promise<PaidUserChange> {
  const { workspace, plans } = options;
  const { plan } = await seatPlanOf(db, options.subscriptionId);
  if (plans.some((entry) => entry.stripePriceId !== plan.stripePriceId)) {
    throw invalid(`stripePriceId must be the subscription’s price, ${plan.stripePriceId}`);
  }
  const paidIds = new Set(plans.filter((entry) => !entry.downgradeToFree).flatMap((entry) => entry.userIds));
  const freeIds = new Set(plans.filter((entry) => entry.downgradeToFree).flatMap((entry) => entry.userIds));
  const both = [...paidIds].filter((id) => freeIds.has(id));
  if (both.length > 0) throw invalid(`A user cannot be made paid and free at once: ${both.join(', ')}`);
  const members = await membersOf(db, workspace.id);
  requireMembers(members, [...paidIds, ...freeIds]);

  const upgraded = members.filter((m) => paidIds.has(m.userId) && m.userPlan === 'FREE');
  const downgraded = members.filter((m) => freeIds.has(m.userId) && m.userPlan !== 'FREE' && !m.toBeRemoved);
  if (upgraded.length + downgraded.length === 0) {
    throw new AppError('nothing_to_change', 'This change would leave the subscription as it is.');
  }

  if (isRestricted(options.restrictions, 'MULTIPLE_PAYMENT')) {
    const elsewhere = await paidElsewhere(
      db,
      workspace.id,
      upgraded.map((member) => member.userId),
    );
    const emails = upgraded.filter((member) => elsewhere.has(member.userId)).map((member) => member.email);
    if (emails.length > 0) throw new AppError('already_paid_user', paidElsewhereListText(emails));
  }

  const change = await changeOf(db, options.subscriptionId, members, {
    upgraded: upgraded.map((member) => member.userId),
    downgraded: downgraded.map((member) => member.userId),
  });
  // CHK-086, CHK-088: the web gives the owner the paid seat when nobody else keeps one; a request
  // that still leaves nobody paid is refused.
  if (change.paidAfterRenewal < 1) throw new AppError('cannot_downgrade', CANNOT_DOWNGRADE_TEXT);

  const after = new Set(
    members
      .filter((m) => (m.userPlan !== 'FREE' && !m.toBeRemoved) || change.upgraded.includes(m.userId))
      .filter((m) => !change.downgraded.includes(m.userId))
      .map((m) => m.userId),
  );
  if (workspace.plan === 'PRO') {
    const candidates = members.map((m) => ({
      userId: m.userId,
      email: m.email,
      role: m.role,
      isPaid: m.userPlan !== 'FREE',
      isPaidElsewhere: false,
    }));
    const refusal = multiDomainRefusal(candidates, after, {
      multiDomainAllowed: planAllowanceOf(workspace, change.userPlan).hasMultiDomain,
    });
    if (refusal) throw new AppError('domain_not_allowed', refusal);
  }
  return change;
}
