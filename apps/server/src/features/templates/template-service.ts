import type { Template } from '@mergeboard/core';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { DraftMailbox } from './draft-mailbox';
import { findOwnDraft, findTemplate, galleryTemplates } from './template-queries';

/** API-060, TPL-010: the gallery by ascending order. */
export async function listGallery(db: Db): Promise<Template[]> {
  const rows = await galleryTemplates(db);
  return rows.map((row) => ({
    id: row.id,
    subject: row.subject,
    thumbnail: row.thumbnailUrl,
    preview: row.previewHtml,
    order: row.sortOrder,
  }));
}

/** API-061: a draft with the template's subject and body, in the caller's mailbox. */
export async function importTemplate(
  db: Db,
  options: { mailbox: DraftMailbox; userId: string; templateId: string },
): Promise<{ messageId: string; provider: DraftMailbox['provider'] }> {
  const { mailbox } = options;
  const template = await findTemplate(db, options.templateId);
  if (!template) {
    throw new AppError('not_found', 'No such template', {
      fields: { 'body.fromTemplate': 'No such template' },
    });
  }
  const { messageId } = await mailbox.createDraft({
    userId: options.userId,
    templateId: template.id,
    subject: template.subject,
    body: template.previewHtml,
  });
  return { messageId, provider: mailbox.provider };
}

/** A stored draft of the caller; someone else's draft is answered like a missing one. */
export async function readStoredDraft(db: Db, options: { userId: string; draftId: string }) {
  const draft = await findOwnDraft(db, options.userId, options.draftId);
  if (!draft) throw new AppError('not_found', 'No such draft');
  return {
    messageId: draft.id,
    templateId: draft.templateId,
    subject: draft.subject,
    body: draft.body,
    createTimestamp: draft.createdAt.getTime(),
  };
}
