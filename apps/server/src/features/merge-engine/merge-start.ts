import { missingMergeFields } from '@mergeboard/core';
import type { Db } from '../../db/client';
import { writeCampaign } from './campaign-rows';
import type { MergeJobs } from './enqueue';
import { recordRecoverableError, stopMerge } from './merge-lifecycle';
import { lockMerge, type MergeRow } from './merge-queries';
import { sheetRecipients } from './sheet-source';

/**
 * A scheduled merge's time has come: the sheet is read again (rows, suppressions) and the campaign
 * with its recipients is written, as for 'Send now'. A deleted spreadsheet stops the merge
 * (SPREADSHEET DELETED), as does a merge field the sheet no longer has (INVALID DRAFT); a deleted
 * sheet is tried again later (SHEET DELETED, MM-031). Answers whether the merge is now sending.
 */
export async function startScheduledMerge(db: Db, jobs: MergeJobs, merge: MergeRow): Promise<boolean> {
  const lookup = merge.spreadsheetId
    ? await sheetRecipients(db, merge, {
        spreadsheetId: merge.spreadsheetId,
        sheetId: merge.sheetId,
        emailColumn: merge.emailColumn,
        ccColumn: merge.ccColumn,
        bccColumn: merge.bccColumn,
      })
    : ({ kind: 'spreadsheet-not-found' } as const);
  if (lookup.kind === 'spreadsheet-not-found') {
    await stopMerge(db, merge, { status: 'SPREADSHEET DELETED', details: 'The spreadsheet was deleted' });
    return false;
  }
  if (lookup.kind === 'sheet-not-found') {
    await recordRecoverableError(db, jobs, merge, {
      status: 'SHEET DELETED',
      details: 'The sheet was deleted',
    });
    return false;
  }
  if (lookup.kind === 'email-column-not-found') {
    await stopMerge(db, merge, {
      status: 'INVALID DRAFT',
      details: `The sheet no longer has the column '${merge.emailColumn}'`,
    });
    return false;
  }
  const columns = [merge.emailColumn, merge.ccColumn, merge.bccColumn].filter((c): c is string => c !== null);
  const present = new Set(lookup.header.map((name) => name.trim()));
  const missing = [
    ...missingMergeFields(merge.subject, merge.bodyHtml, lookup.header).map((name) => `{{${name}}}`),
    ...columns.filter((column) => !present.has(column.trim())).map((column) => `the column '${column}'`),
  ];
  if (missing.length > 0) {
    await stopMerge(db, merge, {
      status: 'INVALID DRAFT',
      details: `The sheet no longer has ${missing.join(', ')}`,
    });
    return false;
  }
  return db.transaction(async (tx) => {
    const current = await lockMerge(tx, merge.id);
    if (current?.status !== 'SCHEDULED') return false;
    await writeCampaign(tx, current, lookup);
    return true;
  });
}
