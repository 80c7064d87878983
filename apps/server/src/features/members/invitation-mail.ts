import type { Tx } from '../../db/client';
import { hashSessionSecret, newSessionSecret } from '../../access/tokens';
import { enqueueMail, type MailSettings } from '../mail';
import { insertInvitations } from './invitation-queries';
import type { Workspace } from './seats';

const INVITATION_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

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
 * A fresh invitation for each address (tokens are random, stored hashed, single use, a week
 * long) and its mail, in the caller's transaction. Answers the tokens by address.
 */
export async function sendInvitations(
  tx: Tx,
  options: {
    workspace: Workspace;
    inviter: { id: string; email: string; name: string | null };
    emails: readonly string[];
    mail: MailSettings;
  },
) {
  const tokens = new Map(options.emails.map((email) => [email, newSessionSecret()]));
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * DAY_MS);
  await insertInvitations(
    tx,
    [...tokens].map(([email, token]) => ({
      tokenHash: hashSessionSecret(token),
      workspaceId: options.workspace.id,
      email,
      invitedByUserId: options.inviter.id,
      expiresAt,
    })),
  );
  for (const [email, token] of tokens) {
    await enqueueMail(
      tx,
      options.mail,
      invitationMail(options.mail, {
        to: email,
        token,
        spaceName: options.workspace.name,
        inviter: options.inviter.name ?? options.inviter.email,
      }),
    );
  }
  return tokens;
}
