import { z } from 'zod';
import { followUpWaitSchema } from './business-days';
import { sendWindowSchema } from './send-window';

export const MAX_FOLLOW_UP_STAGES = 5;

/**
 * Who a stage goes to, among the recipients of the stage before. Everyone who has unsubscribed,
 * bounced, complained or replied has already left every later stage; EVERYONE is the rest.
 */
export const FOLLOW_UP_AUDIENCES = ['NO_REPLY', 'NO_OPEN', 'NO_CLICK', 'EVERYONE'] as const;
export type FollowUpAudience = (typeof FOLLOW_UP_AUDIENCES)[number];

/** SAME_THREAD: 'Re: ' + the previous subject, In-Reply-To/References to its Message-ID. */
export const FOLLOW_UP_SUBJECT_MODES = ['SAME_THREAD', 'NEW_SUBJECT'] as const;

export const followUpStageSchema = z
  .object({
    wait: followUpWaitSchema,
    audience: z.enum(FOLLOW_UP_AUDIENCES, {
      error: "The stage's audience must be one of NO_REPLY, NO_OPEN, NO_CLICK, EVERYONE",
    }),
    subjectMode: z.enum(FOLLOW_UP_SUBJECT_MODES).default('SAME_THREAD'),
    subject: z.string().trim().max(998, { error: "The stage's subject is too long" }).optional(),
    message: z.string().trim().min(1, { error: "The stage's message is empty" }),
    window: sendWindowSchema.optional(),
  })
  .refine((stage) => stage.subjectMode !== 'NEW_SUBJECT' || (stage.subject ?? '') !== '', {
    error: 'A stage with a new subject needs its subject',
    path: ['subject'],
  })
  .meta({ id: 'FollowUpStage' });
export type FollowUpStage = z.output<typeof followUpStageSchema>;

export const followUpStagesSchema = z
  .array(followUpStageSchema)
  .max(MAX_FOLLOW_UP_STAGES, { error: `A merge has at most ${MAX_FOLLOW_UP_STAGES} follow-up stages` })
  .meta({ id: 'FollowUpStages' });
