import { maySteerMerge, type Role, type sendTestEmail } from '@mergeboard/core';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { titleOf } from './campaign-rows';
import { requireColumns, requireSheet } from './merge-creation';
import { mergeWithCounts, senderNameRow, spaceOfMerge } from './merge-queries';
import { mergeStateOf } from './merge-pause';
import { inertUrls, mergeMessage } from './message';
import { senderPlan, type SenderPlan } from './sender-quota';
import { ownSheet, sheetRows, type Sender } from './sheet-source';
import { transportFor } from './transports/transport-for';

/** The caller's plan in the space the route checked (a member always has one). */
export async function requirePlan(db: Db, sender: Sender): Promise<SenderPlan> {
  const plan = await senderPlan(db, sender);
  if (!plan) throw new AppError('not_found', 'No such space');
  return plan;
}

/**
 * getMerge: one of the caller's merges in this space (any of the space's for an owner or admin,
 * who may pause, resume or cancel it) and how far its sending got, else 404.
 */
export async function readMerge(db: Db, options: { sender: Sender; role: Role; mergeId: string }) {
  const { sender, mergeId } = options;
  const anySender = maySteerMerge({ role: options.role, isSender: false });
  const row = await mergeWithCounts(db, { ...sender, anySender }, mergeId);
  if (!row) throw new AppError('not_found', 'No such mail merge');
  const { merge, counts } = row;
  return {
    id: merge.id,
    status: merge.status,
    toSend: merge.campaignId ? Number(counts.total) : (row.scheduledToSend ?? 0),
    sent: Number(counts.sent),
    failed: Number(counts.failed),
    unknown: Number(counts.unknown),
    bounced: Number(counts.bounced),
    skipped: merge.skipped,
    campaignId: merge.campaignId,
    scheduledMergeId: merge.scheduledMergeId,
    title: titleOf(merge, merge),
    pause: mergeStateOf(merge).pause,
  };
}

type TestBody = z.output<NonNullable<(typeof sendTestEmail)['body']>>;

/**
 * sendTestEmail: the message as one row of the sheet renders it, sent to the caller's own address
 * through the transport a merge of theirs would use (not counted against the quota). It has no
 * recipient row, so its URLs are inert (inertUrls): nothing it holds records a hit.
 */
export async function sendTest(
  context: Pick<AppContext, 'database' | 'config'>,
  options: { sender: Sender; body: TestBody },
) {
  const { sender, body } = options;
  const { database, config } = context;
  const own = await ownSheet(database.db, sender, body);
  if (own.kind !== 'found') requireSheet(own);
  const header = own.kind === 'found' ? own.sheet.header : [];
  requireColumns(header, body);
  const cells = (await sheetRows(database.db, body, [body.rowNumber])).get(body.rowNumber);
  if (!cells) throw new AppError('not_found', `The sheet has no row ${body.rowNumber}`);
  const user = await senderNameRow(database.db, sender.userId);
  const space = await spaceOfMerge(database.db, sender.workspaceId);
  if (!space) throw new AppError('not_found', 'No such space');
  const transport = await transportFor({ database, config, senderUserId: sender.userId });
  try {
    const message = mergeMessage(
      {
        campaignId: `test-${Date.now()}`,
        merge: {
          ...body,
          senderName: body.senderName ?? null,
          replyTo: null,
          trackOpens: false,
          trackClicks: false,
          unsubscribeLink: body.unsubscribeLink ?? true,
          poll: body.poll ?? null,
          links: [],
        },
        header,
        sender: { name: user?.name ?? null, email: sender.email },
        host: new URL(config.publicUrl).hostname,
        space: { id: space.id, name: space.name },
        urls: inertUrls(config.publicUrl),
      },
      { id: null, email: sender.email, rowNumber: body.rowNumber, cells, cc: [], bcc: [] },
    );
    const outcome = await transport.send(message);
    if (outcome.kind !== 'sent')
      throw new AppError('unavailable', `The test email could not be sent: ${outcome.reason}`);
  } finally {
    await transport.close();
  }
  return { sentTo: sender.email };
}
