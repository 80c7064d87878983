import type { DraftProvider } from '@mergeboard/core';
import type { Config } from '../../config/config';
import type { Db } from '../../db/client';
import { drafts } from '../../db/schema';

export interface NewDraft {
  userId: string;
  templateId: string;
  subject: string;
  body: string;
}

/**
 * Where an imported template becomes a draft (TPL-008). The spec's product writes it into the
 * user's Gmail through the compose scope; the embedded shape (no Google sign-in) keeps it in
 * Mergeboard's own drafts table instead.
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
 * The mailbox for this server. A Gmail implementation (users.drafts.create with the compose scope,
 * asked for at import time, TPL-004/005) needs the per-user Google tokens that arrive with the
 * merge engine; it is not written yet and is not faked. Until then every server, with or without
 * Google sign-in, stores the draft itself and says so (`provider: 'MERGEBOARD'`), so the web app
 * opens the stored draft rather than pretending it is in Gmail.
 */
export function draftMailboxFor(_config: Pick<Config, 'signIn'>, db: Db): DraftMailbox {
  return storedDraftMailbox(db);
}
