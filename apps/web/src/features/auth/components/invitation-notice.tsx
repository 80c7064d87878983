import { Alert } from '@mantine/core';
import type { ContractResponse, getInvitation } from '@mergeboard/core';

type Invitation = ContractResponse<typeof getInvitation>;

/**
 * Issue 24: the sign-in screens say which invitation a person followed there, and what to do to
 * join: sign in (or create the account), with the invited address. The link goes along as the
 * sign-in's continue target, so the person joins once signed in, even after creating the account.
 */
export function InvitationNotice({
  invitation,
  noAccountFor,
}: {
  invitation: Invitation;
  /** The signed-in address that has no account yet (the no-user screen), or null. */
  noAccountFor: string | null;
}) {
  const { workspaceName, invitedBy, invitedEmail } = invitation;
  const invited = invitedBy ? `${invitedBy} invited ${invitedEmail}` : `${invitedEmail} was invited`;
  const sameAddress = noAccountFor?.toLowerCase() === invitedEmail.toLowerCase();
  const next =
    noAccountFor === null
      ? "Sign in with that address to join it, or create your account first if you don't have one yet."
      : sameAddress
        ? 'Create your account below: you will join the space straight away.'
        : `To join it, use ${invitedEmail}: sign in with that address instead.`;
  return (
    // A note, not an alert: it is what the page is about, not news to interrupt with.
    <Alert role="note" color="indigo" variant="light" title={`You were invited to ${workspaceName}`}>
      {`${invited} to join ${workspaceName}. ${next}`}
    </Alert>
  );
}
