import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { drafts, templates } from '../../db/schema';

/** The gallery's templates in their order. */
export function galleryTemplates(db: Db) {
  return db.select().from(templates).orderBy(asc(templates.sortOrder));
}

export async function findTemplate(db: Db, templateId: string) {
  const [row] = await db.select().from(templates).where(eq(templates.id, templateId)).limit(1);
  return row ?? null;
}

/** A stored draft of the user; null for someone else's as for a missing one. */
export async function findOwnDraft(db: Db, userId: string, draftId: string) {
  const [row] = await db
    .select()
    .from(drafts)
    .where(and(eq(drafts.id, draftId), eq(drafts.userId, userId)))
    .limit(1);
  return row ?? null;
}
