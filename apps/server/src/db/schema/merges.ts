import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { MERGE_PAUSE_REASONS, MERGE_STATUSES, type MergePoll } from '@mergeboard/core';
import { campaigns } from './campaigns';
import { scheduledMerges } from './scheduled-merges';
import { spreadsheets } from './spreadsheets';
import { createdAt, oneOf, timestamptz, updatedAt } from './columns';
import { users } from './identity';
import { workspaces } from './workspaces';

/**
 * What a mail merge sends: the sheet, the message and how to send it. Its campaign (the Sent
 * list's row, with one campaign_recipients row per address to send) is written when it starts;
 * its scheduled_merges row is what the Scheduled list shows while it waits or runs.
 */
export const merges = pgTable(
  'merges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The sender. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null once the spreadsheet is deleted: the merge then stops with SPREADSHEET DELETED. */
    spreadsheetId: uuid('spreadsheet_id').references(() => spreadsheets.id, { onDelete: 'set null' }),
    sheetId: text('sheet_id').notNull(),
    spreadsheetName: text('spreadsheet_name').notNull(),
    sheetName: text('sheet_name').notNull(),
    /** The name the sender gave the merge; null for the spec's 'spreadsheet name - sheet name'. */
    title: text('title'),
    emailColumn: text('email_column').notNull(),
    subject: text('subject').notNull(),
    bodyHtml: text('body_html').notNull(),
    senderName: text('sender_name'),
    replyTo: text('reply_to'),
    ccColumn: text('cc_column'),
    bccColumn: text('bcc_column'),
    /** Each message carries an open pixel. */
    trackOpens: boolean('track_opens').notNull().default(true),
    /** The body's links go through click redirects (those in `links`). */
    trackClicks: boolean('track_clicks').notNull().default(true),
    /** The body carries a visible unsubscribe link ({{unsubscribe}}, else a footer). */
    unsubscribeLink: boolean('unsubscribe_link').notNull().default(true),
    /**
     * The link list of the body, in order: a click token names an index here and the redirect goes
     * to this target, never to one taken from the URL.
     */
    links: text('links')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The poll block under the body: a question and its 2 to 5 answers; a click token names an answer's index. */
    poll: jsonb('poll').$type<MergePoll>(),
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    scheduledMergeId: uuid('scheduled_merge_id').references(() => scheduledMerges.id, {
      onDelete: 'set null',
    }),
    status: text('status', { enum: MERGE_STATUSES }).notNull().default('SCHEDULED'),
    /** Set while the merge is PAUSED: when, why (MERGE_PAUSE_REASONS) and the figures that tripped it. */
    pausedAt: timestamptz('paused_at'),
    pauseReason: text('pause_reason', { enum: MERGE_PAUSE_REASONS }),
    pauseDetails: text('pause_details'),
    /** When sending starts (now for 'Send now'). */
    sendAt: timestamptz('send_at').notNull(),
    /** The IANA zone the sender scheduled in, to show the time back as they chose it. */
    timeZone: text('time_zone').notNull(),
    /** Rows left out when the merge started, by reason: invalid, duplicate, suppressed. */
    skipped: jsonb('skipped')
      .$type<{ invalid: number; duplicate: number; suppressed: number }>()
      .notNull()
      .default({ invalid: 0, duplicate: 0, suppressed: 0 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('merges_user_id_created_at_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('merges_campaign_id_idx').on(t.campaignId),
    index('merges_scheduled_merge_id_idx').on(t.scheduledMergeId),
    // The deliverability page lists a space's paused merges, latest first.
    index('merges_paused_idx')
      .on(t.workspaceId, t.pausedAt.desc())
      .where(sql`${t.status} = 'PAUSED'`),
    check('merges_status_check', oneOf(t.status, MERGE_STATUSES)),
    check('merges_pause_reason_check', oneOf(t.pauseReason, MERGE_PAUSE_REASONS)),
  ],
);
