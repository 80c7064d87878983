import { and, asc, eq } from 'drizzle-orm';
import { promotionSchema } from '@mergeboard/core';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { promotions } from '../../db/schema';

/**
 * API-023: the enabled promotions of one placement, in their order. An invalid promotion is
 * dropped, never shown half-filled.
 */
export async function listPromotions(
  db: Db,
  options: { project: string; placement: string },
): Promise<{ enabled: boolean; promotions: z.infer<typeof promotionSchema>[] }> {
  const rows = await db
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
  const valid = rows.flatMap((row) => {
    const parsed = promotionSchema.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });
  return { enabled: valid.length > 0, promotions: valid };
}
