import { emailDomain, isRestricted } from '@mergeboard/core';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../http/app-error';
import { hashSessionSecret, newSessionSecret } from '../../access/tokens';
import { enqueueMail, type MailSettings } from '../mail';
import { restrictionsFor, type SpaceAccess } from '../../access/space-access';
import {
  activateMembership,
  claimInvitation,
  insertInvitation,
  insertMember,
  inviteeFacts,
  lockInvitation,
  membershipOf,
  setSendingSpace,
} from './invitation-queries';
import { insertSpaceAudit } from './space-queries';

const INVITATION_DAYS = 7;

/** Per-address reasons an invitation cannot go out; null when it can. */
async function checkInvitees(db: Db, access: SpaceAccess, emails: string[]) {
  const { workspace } = access;
  const facts = await inviteeFacts(db, workspace.id, emails);
  const allowedDomains = new Set(facts.domains);
  const memberSet = new Set(facts.members);
  const pendingSet = new Set(facts.pending);
  return emails.map((email) => {
    let errorMsg: string | null = null;
    if (memberSet.has(email)) errorMsg = 'This user is already a member of this space.';
    else if (pendingSet.has(email)) errorMsg = 'This user has already been invited.';
    else if (
      !workspace.freeHasMultiDomain &&
      allowedDomains.size > 0 &&
      !allowedDomains.has(emailDomain(email))
    ) {
      errorMsg = `Your current plan only allows user from domain ${[...allowedDomains][0]}.`;
    }
    return { email, errorMsg };
  });
}

/**
 * API-017: who may invite is the route's canInvite gate (decision C2). With onlyCheckValidity
 * nothing is written.
 * Tokens are random, stored hashed, single use and expire after a week.
 */
export async function inviteToSpace(
  db: Db,
  options: {
    access: SpaceAccess;
    inviter: { id: string; email: string; name: string | null };
    emails: string[];
    onlyCheck: boolean;
    mail: MailSettings;
  },
): Promise<{ items: { email: string; errorMsg: string | null }[]; tokens: Map<string, string> }> {
  const { access } = options;
  const emails = [...new Set(options.emails.map((e) => e.trim().toLowerCase()))];
  const items = await checkInvitees(db, access, emails);
  const tokens = new Map<string, string>();
  if (options.onlyCheck || items.every((item) => item.errorMsg)) return { items, tokens };
  try {
    await db.transaction(async (tx) => {
      for (const { email } of items.filter((item) => !item.errorMsg)) {
        const token = newSessionSecret();
        tokens.set(email, token);
        await insertInvitation(tx, {
          tokenHash: hashSessionSecret(token),
          workspaceId: access.workspace.id,
          email,
          invitedByUserId: options.inviter.id,
          expiresAt: new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000),
        });
        await enqueueMail(
          tx,
          options.mail,
          invitationMail(options.mail, {
            to: email,
            token,
            spaceName: access.workspace.name,
            inviter: options.inviter.name ?? options.inviter.email,
          }),
        );
      }
      await insertSpaceAudit(tx, {
        workspaceId: access.workspace.id,
        actorUserId: options.inviter.id,
        action: 'workspace.invited',
        data: { emails: [...tokens.keys()] },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('conflict', 'Someone invited one of these addresses at the same time; try again');
    throw error;
  }
  return { items, tokens };
}

function invitationMail(
  mail: MailSettings,
  invite: { to: string; token: string; spaceName: string; inviter: string },
) {
  const link = `${mail.publicUrl}/invitations/${invite.token}/accept`;
  return {
    kind: 'invitation',
    to: invite.to,
    subject: `${invite.inviter} invited you to ${invite.spaceName} on ${mail.productName}`,
    text: [
      `${invite.inviter} invited you to join the space ${invite.spaceName} on ${mail.productName}.`,
      '',
      `Join it here: ${link}`,
      '',
      `The link works once and expires in ${INVITATION_DAYS} days.`,
    ].join('\n'),
  };
}

/**
 * API-021: the invited person joins. The invitation is claimed with a conditional update, so a
 * link works once even when clicked twice at the same moment.
 */
export async function acceptInvitationToken(
  db: Db,
  options: { token: string; user: { id: string; email: string; addonWorkspaceId: string | null } },
): Promise<{ workspaceId: string; workspaceName: string; isActiveWorkspace: boolean }> {
  if (isRestricted(await restrictionsFor(db, options.user), 'INVITATION')) {
    throw new AppError('invitation_restricted', 'Sorry, this invitation link is no longer valid.');
  }
  const tokenHash = hashSessionSecret(options.token);
  return db.transaction(async (tx) => {
    const invitation = await lockInvitation(tx, tokenHash);
    if (!invitation) throw new AppError('not_found', 'The invite link is invalid.');
    const { invitation: row } = invitation;
    if (row.email !== options.user.email) {
      throw new AppError('forbidden', 'You are logged into a different account than the one invited.');
    }
    const already = await membershipOf(tx, row.workspaceId, options.user.id);
    if (already && already.status !== 'PENDING') {
      throw new AppError('user_already_exists', 'You are already a member of this space.');
    }
    if (!(await claimInvitation(tx, row.id))) {
      throw new AppError('invitation_is_not_active', 'The invite link has expired or been cancelled.');
    }
    if (already) await activateMembership(tx, already.id);
    else await insertMember(tx, row.workspaceId, options.user.id);
    // A person without a sending space sends from the one they just joined.
    const isActiveWorkspace = options.user.addonWorkspaceId === null;
    if (isActiveWorkspace) await setSendingSpace(tx, options.user.id, row.workspaceId);
    await insertSpaceAudit(tx, {
      workspaceId: row.workspaceId,
      actorUserId: options.user.id,
      action: 'workspace.joined',
      data: { invitationId: row.id },
    });
    return { workspaceId: row.workspaceId, workspaceName: invitation.workspaceName, isActiveWorkspace };
  });
}
