import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { CAMPAIGN_RECIPIENT_STATUSES } from '@mergeboard/core';
import { createdAt, isLowercase, oneOf, timestamptz, updatedAt } from './columns';
import { users } from './identity';
import { workspaces } from './workspaces';

/**
 * A sent mail merge. The tracking counters repeat what campaign_recipients holds so that lists
 * and stat cards do not count thousands of rows per campaign; whoever records a tracking event
 * updates both in one transaction.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The sender. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The name the sender gave the merge, else 'spreadsheet name - sheet name'. */
    title: text('title').notNull(),
    spreadsheetId: text('spreadsheet_id').notNull(),
    spreadsheetName: text('spreadsheet_name').notNull(),
    sheetId: text('sheet_id').notNull(),
    sheetName: text('sheet_name').notNull(),
    /** Spreadsheet id and sheet id joined by a dash (split at the last dash). */
    mergeSourceSheetKey: text('merge_source_sheet_key').notNull(),
    /** The Google Sheet's link; empty for an uploaded file. */
    spreadsheetLink: text('spreadsheet_link').notNull(),
    emailSubject: text('email_subject'),
    /** Form submission notifications are left out of the "emails sent" stat cards. */
    isFormNotification: boolean('is_form_notification').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** A campaign row is written with its first email, so this is never missing here. */
    lastEmailSentAt: timestamptz('last_email_sent_at').notNull(),
    sentCount: integer('sent_count').notNull().default(0),
    openedCount: integer('opened_count').notNull().default(0),
    clickedCount: integer('clicked_count').notNull().default(0),
    bouncedCount: integer('bounced_count').notNull().default(0),
    respondedCount: integer('responded_count').notNull().default(0),
    unsubscribedCount: integer('unsubscribed_count').notNull().default(0),
    /** Recipients who reported a message as spam (an ARF feedback report); each is unsubscribed too. */
    complainedCount: integer('complained_count').notNull().default(0),
    /** Opens and clicks classified as a machine's (mail scanners, prefetchers): counted apart, as hits. */
    machineOpenHits: integer('machine_open_hits').notNull().default(0),
    machineClickHits: integer('machine_click_hits').notNull().default(0),
  },
  (t) => [
    index('campaigns_workspace_id_last_email_sent_at_idx').on(
      t.workspaceId,
      t.lastEmailSentAt.desc().nullsFirst(),
    ),
    index('campaigns_user_id_last_email_sent_at_idx').on(t.userId, t.lastEmailSentAt.desc().nullsFirst()),
    index('campaigns_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    check(
      'campaigns_counters_check',
      sql`${t.sentCount} >= 0 AND ${t.openedCount} >= 0 AND ${t.clickedCount} >= 0
        AND ${t.bouncedCount} >= 0 AND ${t.respondedCount} >= 0 AND ${t.unsubscribedCount} >= 0
        AND ${t.machineOpenHits} >= 0 AND ${t.machineClickHits} >= 0`,
    ),
    check('campaigns_complained_count_check', sql`${t.complainedCount} >= 0`),
  ],
);

export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    status: text('status', { enum: CAMPAIGN_RECIPIENT_STATUSES }).notNull().default('PENDING'),
    sentAt: timestamptz('sent_at'),
    openedAt: timestamptz('opened_at'),
    clickedAt: timestamptz('clicked_at'),
    bouncedAt: timestamptz('bounced_at'),
    respondedAt: timestamptz('responded_at'),
    unsubscribedAt: timestamptz('unsubscribed_at'),
    /** When the recipient reported the message as spam (an ARF feedback report), first time. */
    complainedAt: timestamptz('complained_at'),
    /**
     * Soft bounces (4.x.x: a DSN after the remote server gave up, or an SMTP 4xx for this message at
     * send time) counted against this row; the third makes it a hard bounce (SOFT_BOUNCES_TO_HARD).
     */
    softBounces: integer('soft_bounces').notNull().default(0),
    /** Every hit a person made (opened_at and clicked_at are only the first), and the machines' apart. */
    openHits: integer('open_hits').notNull().default(0),
    clickHits: integer('click_hits').notNull().default(0),
    machineHits: integer('machine_hits').notNull().default(0),
    /** The poll answer chosen last (an index into the merge's poll answers). */
    pollAnswer: smallint('poll_answer'),
    /**
     * The scanner rule's memory: when the current burst of clicks began, and which links (bit i =
     * link i) were clicked in it. Every link of a message clicked within 2 s is a machine.
     */
    clickBurstAt: timestamptz('click_burst_at'),
    clickBurstLinks: integer('click_burst_links').notNull().default(0),
    /** The merge engine's: the sheet row this recipient came from (its merge fields). */
    rowNumber: integer('row_number'),
    /** When and by which worker the row was claimed (SENDING); the reaper reads claimed_at. */
    claimedAt: timestamptz('claimed_at'),
    claimedBy: text('claimed_by'),
    /** The Message-ID the message was sent with (stable per merge and row). */
    messageId: text('message_id'),
    /** Why a FAILED or UNKNOWN row was not (or may not have been) sent. */
    failureReason: text('failure_reason'),
    /**
     * The message's copies, read with its row when the merge starts (valid, not suppressed, within
     * the per-cell limit): what the claim counts against the quota, what the worker sends.
     */
    cc: text('cc')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    bcc: text('bcc')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    unique('campaign_recipients_campaign_id_email_unique').on(t.campaignId, t.email),
    // Workers claim a campaign's next PENDING rows in sheet order; the reaper looks for old SENDING rows.
    index('campaign_recipients_pending_idx')
      .on(t.campaignId, t.rowNumber)
      .where(sql`${t.status} = 'PENDING'`),
    // A sent merge's recipients list and export page through its rows in sheet order.
    index('campaign_recipients_campaign_id_row_number_idx').on(t.campaignId, t.rowNumber),
    index('campaign_recipients_sending_idx')
      .on(t.claimedAt)
      .where(sql`${t.status} = 'SENDING'`),
    // The rollup's campaign triggers (moves, deletes) count a campaign's sends by month
    // inside the index, without visiting each recipient row.
    index('campaign_recipients_campaign_id_sent_at_idx').on(t.campaignId, t.sentAt),
    // The deliverability page's bounce reasons: a campaign's hard bounces by when their message
    // was sent, without visiting the rows that did not bounce. Migration 0026 adds INCLUDE
    // (failure_reason), which drizzle cannot say, so the reasons are read from the index alone.
    index('campaign_recipients_bounced_idx')
      .on(t.campaignId, t.sentAt)
      .where(sql`${t.bouncedAt} IS NOT NULL`),
    check('campaign_recipients_email_lowercase', isLowercase(t.email)),
    check('campaign_recipients_status_check', oneOf(t.status, CAMPAIGN_RECIPIENT_STATUSES)),
  ],
);

/**
 * Emails sent per space, sender and calendar month (UTC), form submission notifications left
 * out. Kept by triggers on campaign_recipients and campaigns (migration 0005), so that the team
 * report and the stat cards read a handful of rows instead of counting recipients: whatever
 * writes recipients (demo, merge engine, a bulk load) keeps it right without knowing it exists.
 * last_sent_at only moves forward (a deleted send does not roll it back).
 */
export const senderMonthlySent = pgTable(
  'sender_monthly_sent',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The first day of the month. */
    month: date('month', { mode: 'string' }).notNull(),
    sent: integer('sent').notNull(),
    lastSentAt: timestamptz('last_sent_at'),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId, t.month] }),
    index('sender_monthly_sent_user_id_month_idx').on(t.userId, t.month),
  ],
);

/** Poll results of a campaign: how many recipients chose each answer. */
export const pollAnswers = pgTable(
  'poll_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    answer: text('answer').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    unique('poll_answers_campaign_id_answer_unique').on(t.campaignId, t.answer),
    check('poll_answers_count_check', sql`${t.count} >= 0`),
  ],
);
