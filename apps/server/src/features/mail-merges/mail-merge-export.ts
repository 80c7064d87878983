import { nextDelivery, PAUSED_DELIVERY, UPON_QUOTA_RESET } from '@mergeboard/core';
import type { CsvColumn } from '../../lib/csv-export';
import {
  toScheduledCampaign,
  type CampaignRow,
  type RecipientActivity,
  type ScheduledRow,
  type ScheduledRun,
} from './mail-merge-rows';

/** The columns of the sent merges' export (CONST-010), one row a merge. */
export const sentExportColumns: CsvColumn<{ campaign: CampaignRow }>[] = [
  { header: 'title', value: ({ campaign }) => campaign.title },
  { header: 'lastEmailSent', value: ({ campaign }) => campaign.lastEmailSentAt },
  { header: 'sent', value: ({ campaign }) => campaign.sentCount },
  { header: 'opened', value: ({ campaign }) => campaign.openedCount },
  { header: 'clicked', value: ({ campaign }) => campaign.clickedCount },
  { header: 'bounced', value: ({ campaign }) => campaign.bouncedCount },
  { header: 'unsubscribed', value: ({ campaign }) => campaign.unsubscribedCount },
  { header: 'responded', value: ({ campaign }) => campaign.respondedCount },
  { header: 'spreadsheetLink', value: ({ campaign }) => campaign.spreadsheetLink },
];

/** The columns of the scheduled merges' export (CONST-010), one row a merge. */
export const scheduledExportColumns: CsvColumn<{ merge: ScheduledRow; run: ScheduledRun | undefined }>[] = [
  { header: 'title', value: ({ merge }) => merge.title },
  { header: 'status', value: ({ merge }) => merge.status },
  { header: 'nextRun', value: ({ merge, run }) => nextRunCell(toScheduledCampaign(merge, run)) },
  { header: 'createdTime', value: ({ merge }) => merge.createdAt },
  { header: 'emailsSent', value: ({ merge }) => merge.sentCount },
  { header: 'emailsToSend', value: ({ merge }) => merge.toSendCount },
  { header: 'error', value: ({ merge }) => merge.error },
  { header: 'spreadsheetLink', value: ({ merge }) => merge.spreadsheetLink },
];

/** The columns of a sent merge's recipients export (CONST-010), one row a recipient; times in UTC. */
export const recipientExportColumns: CsvColumn<RecipientActivity>[] = [
  { header: 'Email', value: (row) => row.email },
  { header: 'Status', value: (row) => row.status },
  { header: 'Sent', value: (row) => row.sentAt },
  { header: 'First open', value: (row) => row.openedAt },
  { header: 'First click', value: (row) => row.clickedAt },
  { header: 'Poll answer', value: (row) => row.pollAnswer },
  { header: 'Unsubscribed', value: (row) => row.unsubscribedAt },
  { header: 'Bounced', value: (row) => row.bouncedAt },
  { header: 'Responded', value: (row) => row.respondedAt },
  { header: 'Reported as spam', value: (row) => row.complainedAt },
  { header: 'Soft bounces', value: (row) => row.softBounces },
  { header: 'Reason', value: (row) => row.failureReason },
];

/**
 * MM-028: the next run or attempt, 'Upon quota reset', or empty for a merge an error stopped; 'Paused'
 * while its merge is paused (issue 26), as the list shows it.
 */
function nextRunCell(merge: ReturnType<typeof toScheduledCampaign>): Date | string {
  if (merge.pause) return PAUSED_DELIVERY;
  const next = nextDelivery(merge);
  if (next.kind === 'quota-reset') return UPON_QUOTA_RESET;
  return next.kind === 'at' ? new Date(next.timestamp) : '';
}
