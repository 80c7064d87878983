import type { DraftProvider } from '@mergeboard/core';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { drafts } from '../../db/schema';
import { googleAccessFor } from '../auth';
import { gmailDraftMailbox } from './gmail-draft-mailbox';

export interface NewDraft {
  userId: string;
  templateId: string;
  subject: string;
  body: string;
}

/**
 * Where an imported template becomes a draft (TPL-007, TPL-008): with Google sign-in, a draft in
 * the person's Gmail written through the compose scope (`provider: 'GMAIL'`, the messageId is the
 * Gmail message id the web app opens in Gmail); in the embedded shape (the built-in issuer, no
 * Gmail to write to), a row of Mergeboard's own drafts table (`provider: 'MERGEBOARD'`).
 */
export interface DraftMailbox {
  readonly provider: DraftProvider;
  createDraft(draft: NewDraft): Promise<{ messageId: string }>;
}

/** The embedded shape: the draft is a row of `drafts`; its id is the messageId. */
export function storedDraftMailbox(db: Db): DraftMailbox {
  return {
    provider: 'MERGEBOARD',
    async createDraft(draft) {
      const [row] = await db
        .insert(drafts)
        .values({
          userId: draft.userId,
          templateId: draft.templateId,
          subject: draft.subject,
          body: draft.body,
        })
        .returning({ id: drafts.id });
      return { messageId: row!.id };
    },
  };
}

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
