import { z } from 'zod';
import { MERGE_PAUSE_REASONS, type MergePauseReason } from '../constants/domain';

/**
 * Why and since when a merge is PAUSED; null while it is not. A module of its own: the Scheduled
 * list reads it on the Sent page's first load, which should not carry the send guard's contracts.
 */
export const mergePauseSchema = z
  .object({
    reason: z.enum(MERGE_PAUSE_REASONS),
    details: z.string().nullable(),
    pausedAt: z.string().describe('ISO 8601'),
  })
  .meta({ id: 'MergePause' });

/** A merge row's pause as the calls answer it: set only while the merge is PAUSED with a reason. */
export function mergePauseOf(merge: {
  status: string;
  pausedAt: Date | null;
  pauseReason: MergePauseReason | null;
  pauseDetails: string | null;
}): z.infer<typeof mergePauseSchema> | null {
  return merge.status === 'PAUSED' && merge.pauseReason && merge.pausedAt
    ? { reason: merge.pauseReason, details: merge.pauseDetails, pausedAt: merge.pausedAt.toISOString() }
    : null;
}
