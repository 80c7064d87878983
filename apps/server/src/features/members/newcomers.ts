import {
  UNLIMITED,
  paidPlanFor,
  validateAdditions,
  type Addressee,
  type Capacity,
  type UserPlan,
} from '@mergeboard/core';
import type { Db } from '../../db/client';
import { pendingInvitationEmails } from './invitation-queries';
import {
  activeSeatPlans,
  domainNamesOf,
  memberCounts,
  membersByEmails,
  paidElsewhere,
  userIdsByEmail,
} from './members-queries';
import { planAllowanceOf } from '../../db/plan-allowance';
import { countedSeatPlanIds, freeCapacity, seatModelOf, type Workspace } from './seats';

/**
 * How people come into a space. Each one gets a pending membership (userPlan, isPaid, status
 * PENDING, seat PENDING_YAMM_USER), a users row if they have none yet, and an invitation mail
 * whose link makes the membership ACTIVE:
 * - seat: the seat model's Add members (users/v1): a paid seat in a per-seat space with an active
 *   subscription; a paid place within the plan maximum in a paid space of the older flow; a free
 *   place otherwise (a FREE space holds its allowed free users only).
 * - legacy: a legacy plan's Add users: a paid place within the plan's user limit.
 * - invite, legacyInvite: a free place (the invitation calls).
 */
export type AdditionKind = 'seat' | 'legacy' | 'invite' | 'legacyInvite';

/** What the newcomers of one kind get in this space, and how many fit. */
interface NewcomerTerms {
  paid: boolean;
  hasMultiDomain: boolean;
  planOf(email: string): UserPlan;
  capacityOf(plan: UserPlan): Capacity;
}

function termsOf(
  kind: AdditionKind,
  workspace: Workspace,
  seatPlans: Awaited<ReturnType<typeof activeSeatPlans>>,
  counts: Awaited<ReturnType<typeof memberCounts>>,
): NewcomerTerms {
  const free: NewcomerTerms = {
    paid: false,
    hasMultiDomain: planAllowanceOf(workspace, 'FREE').hasMultiDomain,
    planOf: () => 'FREE',
    capacityOf: () => freeCapacity(workspace, counts),
  };
  const paid = (capacityOf: (plan: UserPlan) => Capacity): NewcomerTerms => ({
    paid: true,
    hasMultiDomain: planAllowanceOf(workspace, 'PRO').hasMultiDomain,
    planOf: paidPlanFor,
    capacityOf,
  });
  if (kind === 'invite' || kind === 'legacyInvite') return free;
  if (kind === 'legacy') {
    return paid((plan) => ({
      kind: 'legacy',
      allowedUsers: planAllowanceOf(workspace, plan).allowedUserCount,
      paidUsers: counts.paid[plan],
    }));
  }
  const model = seatModelOf(workspace, seatPlans);
  if (model === 'free') return free;
  return paid((plan) => {
    const seats = seatPlans.find((row) => row.userPlan === plan);
    return {
      kind: 'seats',
      // The older flow of paid spaces has no seats, only the plan maximum.
      totalSeats: model === 'seats' ? (seats?.totalSeats ?? 0) : UNLIMITED,
      assignedSeats: counts.paid[plan],
      maxPaidUsers: planAllowanceOf(workspace, plan).allowedUserCount,
      paidUsers: counts.paid[plan],
    };
  });
}

/**
 * MEM-051 MEM-052 MEM-053 MEM-054 MEM-055 MEM-056 MEM-057 MEM-058 MEM-059 MEM-060 MEM-061 MEM-062 MEM-063,
 * INV-016: every address checked against the space as it is now. Run inside the write transaction (after the
 * space lock) it counts what the previous change left.
 */
export async function evaluate(
  db: Db,
  options: { kind: AdditionKind; workspace: Workspace; singlePayment: boolean; emails: string[] },
) {
  const { workspace, emails } = options;
  // One query at a time: inside a transaction they share one connection, which takes no overlap.
  const domains = await domainNamesOf(db, workspace.id);
  const members = await membersByEmails(db, workspace.id, emails);
  const invited = await pendingInvitationEmails(db, workspace.id, emails);
  const userIds = await userIdsByEmail(db, emails);
  const seatPlans = await activeSeatPlans(db, workspace.id, { lock: false });
  const counts = await memberCounts(db, workspace.id);
  const paidOtherwhere = await paidElsewhere(db, workspace.id, [...userIds.values()]);
  const terms = termsOf(options.kind, workspace, seatPlans, counts);
  const statusOf = new Map(members.map((member) => [member.email, member.status]));
  const addressees: Addressee[] = emails.map((email) => {
    const status = statusOf.get(email);
    const userId = userIds.get(email);
    return {
      email,
      isMember: status !== undefined && status !== 'PENDING',
      isInvited: status === 'PENDING' || invited.has(email),
      isPaidElsewhere: userId !== undefined && paidOtherwhere.has(userId),
    };
  });
  const policy = {
    domains,
    hasMultiDomain: terms.hasMultiDomain,
    paid: terms.paid,
    singlePayment: options.singlePayment,
  };
  // Each user plan fills its own seats (MEM-028), so each is checked against its own room.
  const results = new Map<string, string | null>();
  for (const plan of new Set(emails.map(terms.planOf))) {
    const group = addressees.filter((addressee) => terms.planOf(addressee.email) === plan);
    for (const { email, errorMsg } of validateAdditions(group, policy, terms.capacityOf(plan))) {
      results.set(email, errorMsg);
    }
  }
  return {
    terms,
    seatPlanIds: countedSeatPlanIds(workspace, seatPlans),
    results: emails.map((email) => ({
      email,
      errorMsg: results.get(email) ?? null,
      userId: userIds.get(email) ?? null,
    })),
  };
}
