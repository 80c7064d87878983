import { INVITATION_TEXTS, MEMBER_TEXTS, emailDomain, isGmailUser, isRestricted } from '@mergeboard/core';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../http/app-error';
import { hashSessionSecret } from '../../access/tokens';
import type { MailSettings } from '../mail';
import { restrictionsFor, type SpaceAccess } from '../../access/space-access';
import {
  activatePendingMembership,
  cancelPendingInvitations,
  claimInvitation,
  insertMember,
  invitationPreview,
  invitationSpace,
  lockInvitation,
  membershipOf,
  pendingInvitationEmails,
  setSendingSpace,
} from './invitation-queries';
import {
  activeSeatPlans,
  ensureInviteeUsers,
  insertMemberAudit,
  insertPendingMembers,
  lockWorkspace,
  memberCounts,
  membersByEmails,
  recountAssignedSeats,
} from './members-queries';
import { countedSeatPlanIds, lockedSpace, releasePlaces, requireFreeRoom } from './seats';
import { evaluate, type AdditionKind } from './newcomers';
import { sendInvitations } from './invitation-mail';

const uniqueAddresses = (emails: readonly string[]) => [
  ...new Set(emails.map((e) => e.trim().toLowerCase())),
];

/**
 * API-017, API-020, API-063 and the legacy invite: brings addresses into the space, or with
 * onlyCheck only says which could come and why the others cannot (MEM-052, MEM-076). All or
 * nothing: when any address is refused, nobody is added. The write runs in one transaction that
 * locks the space row (and its seat plans) and checks again, so concurrent adds cannot overfill.
 */
export async function addToSpace(
  db: Db,
  options: {
    access: SpaceAccess;
    inviter: { id: string; email: string; name: string | null };
    emails: readonly string[];
    kind: AdditionKind;
    onlyCheck: boolean;
    mail: MailSettings;
  },
): Promise<{
  added: boolean;
  results: { email: string; errorMsg: string | null; userId: string | null }[];
  tokens: Map<string, string>;
}> {
  const { access } = options;
  const emails = uniqueAddresses(options.emails);
  const singlePayment = isRestricted(access.restrictions, 'MULTIPLE_PAYMENT');
  if (options.onlyCheck) {
    const { results } = await evaluate(db, {
      kind: options.kind,
      workspace: access.workspace,
      singlePayment,
      emails,
    });
    return { added: false, results, tokens: new Map() };
  }
  try {
    return await db.transaction(async (tx) => {
      const workspace = await lockedSpace(tx, access.workspace.id);
      await activeSeatPlans(tx, workspace.id, { lock: true });
      const { terms, seatPlanIds, results } = await evaluate(tx, {
        kind: options.kind,
        workspace,
        singlePayment,
        emails,
      });
      if (results.some((result) => result.errorMsg)) return { added: false, results, tokens: new Map() };
      const userIds = await ensureInviteeUsers(
        tx,
        emails.map((email) => {
          // The invitee's account type, derived as createAccount derives it (AUTH-047).
          const isPersonal = isGmailUser(email);
          return { email, isPersonal, domain: isPersonal ? null : emailDomain(email) };
        }),
      );
      await insertPendingMembers(
        tx,
        emails.map((email) => ({
          workspaceId: workspace.id,
          userId: userIds.get(email)!,
          userPlan: terms.planOf(email),
          isPaid: terms.paid,
        })),
      );
      await recountAssignedSeats(tx, workspace.id, seatPlanIds);
      const tokens = await mailInvitations(tx, {
        workspace,
        inviter: options.inviter,
        emails,
        mail: options.mail,
        audit: {
          action:
            options.kind === 'seat' || options.kind === 'legacy' ? 'members.added' : 'workspace.invited',
          data: { emails, kind: options.kind },
        },
      });
      return {
        added: true,
        results: results.map((result) => ({ ...result, userId: userIds.get(result.email) ?? null })),
        tokens,
      };
    });
  } catch (error) {
    // Another space created the same invitee's users row at this moment: nothing was written here.
    if (isUniqueViolation(error))
      throw new AppError('conflict', 'Someone added one of these addresses at the same time; try again');
    throw error;
  }
}

/** Invitations are mailed and the change recorded in the audit log by the same transaction. */
async function mailInvitations(
  tx: Tx,
  options: Parameters<typeof sendInvitations>[1] & {
    audit: { action: string; data: Record<string, unknown> };
  },
) {
  const tokens = await sendInvitations(tx, options);
  await insertMemberAudit(tx, {
    workspaceId: options.workspace.id,
    actorUserId: options.inviter.id,
    ...options.audit,
  });
  return tokens;
}

/** The pending people of the space among `emails`: their pending memberships and invitations. */
async function pendingPeople(tx: Tx, workspaceId: string, emails: readonly string[]) {
  const members = await membersByEmails(tx, workspaceId, emails);
  const invited = await pendingInvitationEmails(tx, workspaceId, emails);
  const pendingMembers = members.filter((member) => member.status === 'PENDING');
  const missing = emails.find(
    (email) => !invited.has(email) && !pendingMembers.some((member) => member.email === email),
  );
  if (missing) {
    throw new AppError('not_found', MEMBER_TEXTS.notInvited(missing), {
      fields: { 'body.invitedUserEmails': MEMBER_TEXTS.notInvited(missing) },
    });
  }
  return pendingMembers;
}

/**
 * API-018, MEM-030: each pending address gets a fresh link by mail; the previous link stops
 * working (its invitation is cancelled).
 */
export async function resendInvitations(
  db: Db,
  options: {
    access: SpaceAccess;
    inviter: { id: string; email: string; name: string | null };
    emails: readonly string[];
    mail: MailSettings;
  },
): Promise<{ resent: number; tokens: Map<string, string> }> {
  const emails = uniqueAddresses(options.emails);
  return db.transaction(async (tx) => {
    const workspace = await lockedSpace(tx, options.access.workspace.id);
    await pendingPeople(tx, workspace.id, emails);
    await cancelPendingInvitations(tx, workspace.id, emails);
    const tokens = await mailInvitations(tx, {
      workspace,
      inviter: options.inviter,
      emails,
      mail: options.mail,
      audit: { action: 'invitations.resent', data: { emails } },
    });
    return { resent: emails.length, tokens };
  });
}

/**
 * API-019, MEM-030: the invitations are cancelled and the pending members leave the space,
 * giving back their seats. A users row that only stood for the invitation goes with them.
 */
export async function cancelInvitations(
  db: Db,
  options: { access: SpaceAccess; actorUserId: string; emails: readonly string[] },
): Promise<{ cancelled: number }> {
  const emails = uniqueAddresses(options.emails);
  return db.transaction(async (tx) => {
    const workspace = await lockedSpace(tx, options.access.workspace.id);
    const seatPlans = await activeSeatPlans(tx, workspace.id, { lock: true });
    const pendingMembers = await pendingPeople(tx, workspace.id, emails);
    // Invitations without a pending place (made before places existed) are cancelled too.
    await cancelPendingInvitations(tx, workspace.id, emails);
    await releasePlaces(tx, {
      workspaceId: workspace.id,
      people: pendingMembers,
      seatPlanIds: countedSeatPlanIds(workspace, seatPlans),
    });
    await insertMemberAudit(tx, {
      workspaceId: workspace.id,
      actorUserId: options.actorUserId,
      action: 'invitations.cancelled',
      data: { emails },
    });
    return { cancelled: emails.length };
  });
}

/**
 * Issue 24: what an invitation link leads to, for the sign-in screens (the invitee may have no
 * account yet). The same refusals as accepting: an unknown link is invalid (404), a used,
 * cancelled or expired one no longer active (409).
 */
export async function previewInvitation(
  db: Db,
  options: { token: string },
): Promise<{ workspaceName: string; invitedBy: string | null; invitedEmail: string }> {
  const invitation = await invitationPreview(db, hashSessionSecret(options.token));
  if (!invitation) throw new AppError('not_found', INVITATION_TEXTS.invalid);
  if (!invitation.active) throw new AppError('invitation_is_not_active', INVITATION_TEXTS.notActive);
  return {
    workspaceName: invitation.workspaceName,
    invitedBy: invitation.inviterName ?? invitation.inviterEmail,
    invitedEmail: invitation.email,
  };
}

/**
 * API-021: the invited person joins. The space row is locked first (as every member change does),
 * then the invitation, which is claimed with a conditional update, so a link works once even
 * when clicked twice at the same moment. A pending member becomes ACTIVE on their seat (MEM-029);
 * someone invited without a pending place joins as a free member, which a full FREE space refuses
 * (001 §1, MEM-063).
 */
export async function acceptInvitationToken(
  db: Db,
  options: { token: string; user: { id: string; email: string; addonWorkspaceId: string | null } },
): Promise<{ workspaceId: string; workspaceName: string; isActiveWorkspace: boolean }> {
  if (isRestricted(await restrictionsFor(db, options.user), 'INVITATION')) {
    throw new AppError('invitation_restricted', INVITATION_TEXTS.restricted);
  }
  const tokenHash = hashSessionSecret(options.token);
  const invalid = () => new AppError('not_found', INVITATION_TEXTS.invalid);
  const workspaceId = await invitationSpace(db, tokenHash);
  if (!workspaceId) throw invalid();
  return db.transaction(async (tx) => {
    const workspace = await lockWorkspace(tx, workspaceId);
    const invitation = await lockInvitation(tx, tokenHash);
    if (!workspace || !invitation) throw invalid();
    const { invitation: row } = invitation;
    if (row.email !== options.user.email) {
      throw new AppError('forbidden', INVITATION_TEXTS.otherAccount);
    }
    const already = await membershipOf(tx, workspaceId, options.user.id);
    if (already && already.status !== 'PENDING') {
      throw new AppError('user_already_exists', INVITATION_TEXTS.alreadyMember);
    }
    if (!(await claimInvitation(tx, row.id))) {
      throw new AppError('invitation_is_not_active', INVITATION_TEXTS.notActive);
    }
    if (!already || already.userPlan === 'FREE') {
      // A pending free member is counted already; someone invited without a place is one more.
      requireFreeRoom(workspace, await memberCounts(tx, workspaceId), already ? 0 : 1);
    }
    if (already) await activatePendingMembership(tx, already.id);
    else await insertMember(tx, workspaceId, options.user.id);
    // A person without a sending space sends from the one they just joined.
    const isActiveWorkspace = options.user.addonWorkspaceId === null;
    if (isActiveWorkspace) await setSendingSpace(tx, options.user.id, workspaceId);
    await insertMemberAudit(tx, {
      workspaceId,
      actorUserId: options.user.id,
      action: 'workspace.joined',
      data: { invitationId: row.id },
    });
    return { workspaceId, workspaceName: invitation.workspaceName, isActiveWorkspace };
  });
}
