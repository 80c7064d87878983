import { z } from 'zod';
import { MERGE_PAUSE_REASONS } from '../constants/domain';

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
