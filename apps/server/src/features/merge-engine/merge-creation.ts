import {
  FREE_SCHEDULE_REFUSAL,
  domainCheckCanBlock,
  isLive,
  missingMergeFields,
  trackableLinks,
  type createMergeBodySchema,
  type Role,
} from '@mergeboard/core';
import type { z } from 'zod';
import type { Config } from '../../config/config';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../http/app-error';
import { requireSendableDomain, type SendingShape } from '../send-guard';
import { listedSpreadsheetId, spreadsheetLinkOf, titleOf, writeCampaign } from './campaign-rows';
import { enqueueMergeSend, type MergeJobs } from './enqueue';
import {
  deleteScheduledMerge,
  insertMerge,
  insertScheduledMerge,
  lockScheduledMergeOfSheet,
  spaceOfMerge,
} from './merge-queries';
import type { SenderPlan } from './sender-quota';
import { sheetRecipients, type Sender, type SheetLookup, type SheetRecipients } from './sheet-source';

type CreateMergeBody = z.output<typeof createMergeBodySchema>;

/** A scheduled time this far in the past is still 'now' (a slow click), not a mistake. */
const PAST_TOLERANCE_MS = 60_000;

/** The sheet found, or the 404 that says which part is gone. */
export function requireSheet(lookup: SheetLookup, emailColumn = ''): SheetRecipients {
  if (lookup.kind === 'spreadsheet-not-found') throw new AppError('not_found', 'No such spreadsheet');
  if (lookup.kind === 'sheet-not-found') throw new AppError('not_found', 'No such sheet in this spreadsheet');
  if (lookup.kind === 'email-column-not-found') {
    const message = `The sheet has no column '${emailColumn}'`;
    throw new AppError('validation_failed', message, { fields: { 'body.emailColumn': message } });
  }
  return lookup;
}

/** 400 naming each merge field (and chosen column) the sheet's header lacks. */
export function requireColumns(
  header: readonly string[],
  message: { subject: string; bodyHtml: string },
  columns: Record<string, string | undefined> = {},
): void {
  const fields: Record<string, string> = {};
  const present = new Set(header.map((name) => name.trim()));
  for (const [field, column] of Object.entries(columns)) {
    if (column !== undefined && !present.has(column.trim()))
      fields[`body.${field}`] = `The sheet has no column '${column}'`;
  }
  const missing = missingMergeFields(message.subject, message.bodyHtml, header);
  for (const name of missing) {
    const where = missingMergeFields(message.subject, '', header).includes(name) ? 'subject' : 'bodyHtml';
    fields[`body.${where}`] = `The merge field {{${name}}} has no column in the sheet`;
  }
  const problems = Object.values(fields);
  if (problems.length > 0) throw new AppError('validation_failed', problems.join('; '), { fields });
}

const sheetBusy = () =>
  new AppError('conflict', 'A mail merge of this sheet is already scheduled, sending or paused');

/**
 * One sheet has at most one live merge per sender (the Scheduled list knows a merge by its sheet):
 * a merge still waiting, sending, paused or to be retried refuses a second one; a stopped one (an error
 * that will not be retried) gives way to the new merge, as the spec's errors say ('schedule a new
 * merge').
 */
async function clearStoppedMergeOfSheet(tx: Tx, userId: string, spreadsheetId: string, sheetId: string) {
  const existing = await lockScheduledMergeOfSheet(tx, { userId, spreadsheetId, sheetId });
  if (!existing) return;
  if (existing.status && isLive(existing.status)) throw sheetBusy();
  await deleteScheduledMerge(tx, existing.id);
}

/**
 * What a merge tracks: opens and clicks as the body says, else as the space's defaults say; the
 * visible unsubscribe link unless turned off; the poll; the body's links (trackableLinks: an href
 * holding a merge field is per row and stays as written, untracked).
 */
async function trackingOf(db: Db, workspaceId: string, body: CreateMergeBody) {
  const space = await spaceOfMerge(db, workspaceId);
  return {
    trackOpens: body.trackOpens ?? space?.trackOpensDefault ?? true,
    trackClicks: body.trackClicks ?? space?.trackClicksDefault ?? true,
    unsubscribeLink: body.unsubscribeLink ?? true,
    poll: body.poll ?? null,
    links: trackableLinks(body.bodyHtml),
  };
}

/** What the sending-domain guard needs: the DNS settings, the caller's role, how their mail leaves. */
export interface DomainGuard {
  config: Pick<Config, 'DNS_SERVERS' | 'dkim'>;
  role: Role;
  /** Resolved only when the merge is large enough for the check to matter. */
  shape: () => Promise<SendingShape>;
}

/**
 * createMerge: the merge, its scheduled row and (sending now) its campaign and recipients, with
 * the sending job, in one transaction. A free user's schedule is refused (CONST-018); a merge
 * field without a column is a 400 naming it; a large merge from a domain failing its check is
 * held back before anything is written (send guard), scheduled or not.
 */
export async function createMerge(
  db: Db,
  jobs: MergeJobs,
  options: { sender: Sender; plan: SenderPlan; body: CreateMergeBody; guard: DomainGuard },
) {
  const { sender, plan, body, guard } = options;
  const { send } = body;
  if (send.mode === 'schedule' && plan.plan === 'FREE')
    throw new AppError('plan_not_eligible', FREE_SCHEDULE_REFUSAL);
  if (send.mode === 'schedule' && send.at < Date.now() - PAST_TOLERANCE_MS) {
    throw new AppError('validation_failed', 'The scheduled time has passed', {
      fields: { 'body.send.at': 'The scheduled time has passed' },
    });
  }
  const sheet = requireSheet(await sheetRecipients(db, sender, body), body.emailColumn);
  requireColumns(sheet.header, body, {
    emailColumn: body.emailColumn,
    ccColumn: body.ccColumn,
    bccColumn: body.bccColumn,
  });
  if (domainCheckCanBlock(sheet.sendable.length)) {
    await requireSendableDomain({
      db,
      config: guard.config,
      email: sender.email,
      shape: await guard.shape(),
      recipients: sheet.sendable.length,
      role: guard.role,
      override: body.overrideDomainCheck ?? false,
    });
  }
  const tracking = await trackingOf(db, sender.workspaceId, body);
  const sendAt = send.mode === 'schedule' ? new Date(Math.max(send.at, Date.now())) : new Date();
  const spreadsheetKey = listedSpreadsheetId({ spreadsheetId: body.spreadsheetId }, sheet);
  const title = titleOf({ title: body.name ?? null }, sheet);
  return db
    .transaction(async (tx) => {
      await clearStoppedMergeOfSheet(tx, sender.userId, spreadsheetKey, body.sheetId);
      const scheduledId = await insertScheduledMerge(tx, {
        workspaceId: sender.workspaceId,
        userId: sender.userId,
        spreadsheetId: spreadsheetKey,
        sheetId: body.sheetId,
        sheetName: sheet.sheetName,
        spreadsheetName: sheet.spreadsheetName,
        title,
        spreadsheetLink: spreadsheetLinkOf(sheet, body.sheetId),
        mergeTime: sendAt,
        status: send.mode === 'now' ? 'IN PROGRESS' : 'SCHEDULED',
        toSendCount: sheet.sendable.length,
      });
      const merge = await insertMerge(tx, {
        workspaceId: sender.workspaceId,
        userId: sender.userId,
        spreadsheetId: body.spreadsheetId,
        sheetId: body.sheetId,
        spreadsheetName: sheet.spreadsheetName,
        sheetName: sheet.sheetName,
        title: body.name ?? null,
        emailColumn: body.emailColumn,
        subject: body.subject,
        bodyHtml: body.bodyHtml,
        senderName: body.senderName ?? null,
        replyTo: body.replyTo ?? null,
        ccColumn: body.ccColumn ?? null,
        bccColumn: body.bccColumn ?? null,
        scheduledMergeId: scheduledId,
        status: 'SCHEDULED',
        sendAt,
        timeZone: send.mode === 'schedule' ? send.timeZone : 'UTC',
        skipped: sheet.skipped,
        ...tracking,
      });
      const campaignId = send.mode === 'now' ? await writeCampaign(tx, merge, sheet) : null;
      await enqueueMergeSend(tx, jobs, merge.id, send.mode === 'schedule' ? { startAfter: sendAt } : {});
      return {
        mergeId: merge.id,
        scheduledMergeId: scheduledId,
        campaignId,
        toSend: sheet.sendable.length,
        skipped: sheet.skipped,
        title,
      };
    })
    .catch((error: unknown) => {
      // Two merges of one sheet created at once: the scheduled row's unique key lets one through.
      throw isUniqueViolation(error) ? sheetBusy() : error;
    });
}
