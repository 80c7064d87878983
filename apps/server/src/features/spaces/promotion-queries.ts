import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { promotions } from '../../db/schema';

/** The enabled promotions of one placement, in their order. */
export function enabledPromotions(db: Db, options: { project: string; placement: string }) {
  return db
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.project, options.project),
        eq(promotions.placement, options.placement),
        eq(promotions.enabled, true),
      ),
    )
    .orderBy(asc(promotions.sortOrder));
}
