import type { DraftProvider } from '@mergeboard/core';
import type { Db } from '../../db/client';
import { drafts } from '../../db/schema';

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
