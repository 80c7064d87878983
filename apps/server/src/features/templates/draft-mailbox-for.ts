import type { AppContext } from '../../app-context';
import { googleAccessFor } from '../auth';
import { storedDraftMailbox, type DraftMailbox } from './draft-mailbox';
import { gmailDraftMailbox } from './gmail-draft-mailbox';

/**
 * The mailbox for this server and caller. Google sign-in: Gmail, with the tokens the caller's
 * compose sign-in left (google_grants, sealed; refreshed at Google's token endpoint through the
 * sign-in's OpenID client, and Gmail reached through the same outbound fetch). A grant Google
 * refuses is forgotten and the import answers 403 compose_permission_required; Google failing
 * answers 502. The built-in issuer: Mergeboard's drafts table.
 */
export function draftMailboxFor(
  context: Pick<AppContext, 'config' | 'database' | 'signIn' | 'tokens'>,
  identity: { id: string },
): DraftMailbox {
  if (context.config.signIn.provider === 'google') {
    return gmailDraftMailbox(
      googleAccessFor({ db: context.database.db, keys: context.tokens, signIn: context.signIn }, identity.id),
    );
  }
  return storedDraftMailbox(context.database.db);
}
