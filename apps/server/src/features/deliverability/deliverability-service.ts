import {
  DELIVERABILITY_SERIES_DAYS,
  DELIVERABILITY_SHORT_WINDOW_DAYS,
  mergeTitle,
  sendingDomainCheckSchema,
  type Deliverability,
  type DeliverabilitySender,
  type SendingDomainStatus,
} from '@mergeboard/core';
import type { Db } from '../../db/client';
import { addCounts, daysFrom, figuresOf, firstDayOf, noCounts, type Counts } from './deliverability-figures';
import {
  selectBounceReasons,
  selectDailyRows,
  selectDomainChecks,
  selectSelfPausedMerges,
  selectSenderDomains,
  type Scope,
} from './deliverability-queries';

interface Windows {
  last7Days: Counts;
  last30Days: Counts;
}

const noWindows = (): Windows => ({ last7Days: noCounts(), last30Days: noCounts() });
const windowFigures = (w: Windows) => ({
  last7Days: figuresOf(w.last7Days),
  last30Days: figuresOf(w.last30Days),
});

/**
 * The sending domains with their last pre-flight check. A stored check that no longer reads as the
 * contract says is shown as never checked: better 'not checked' than a pass nobody can vouch for.
 */
async function domainStatuses(
  db: Db,
  scope: Scope,
  dkimDomain: string | null,
): Promise<SendingDomainStatus[]> {
  const domains = new Set(await selectSenderDomains(db, scope));
  if (dkimDomain) domains.add(dkimDomain.toLowerCase());
  const sorted = [...domains].sort();
  const checks = new Map((await selectDomainChecks(db, sorted)).map((row) => [row.domain, row]));
  return sorted.map((domain) => {
    const row = checks.get(domain);
    const parsed = row
      ? sendingDomainCheckSchema.safeParse({
          ...row.result,
          domain,
          outcome: row.outcome,
          checkedAt: row.checkedAt.toISOString(),
        })
      : null;
    return { domain, check: parsed?.success ? parsed.data : null };
  });
}

/**
 * The deliverability page (issue 26): owners and admins see the space and every sender; anyone else
 * (`ownOnly`) sees only their own figures, domain and paused merges. Rates count the messages sent
 * on each UTC day, from the daily rollup (sender_daily_deliverability).
 */
export async function readDeliverability(
  db: Db,
  options: { workspaceId: string; userId: string; ownOnly: boolean; dkimDomain: string | null; now: Date },
): Promise<Deliverability> {
  const { now } = options;
  const scope: Scope = { workspaceId: options.workspaceId, userId: options.ownOnly ? options.userId : null };
  const from30 = firstDayOf(now, DELIVERABILITY_SERIES_DAYS);
  const from7 = firstDayOf(now, DELIVERABILITY_SHORT_WINDOW_DAYS);
  const [rows, reasons, paused, domains] = await Promise.all([
    selectDailyRows(db, scope, from30),
    selectBounceReasons(db, scope, new Date(`${from30}T00:00:00Z`)),
    selectSelfPausedMerges(db, scope),
    domainStatuses(db, scope, options.dkimDomain),
  ]);

  const totals = noWindows();
  const byDay = new Map(daysFrom(from30, now).map((day) => [day, noCounts()]));
  const bySender = new Map<string, { name: string; email: string; windows: Windows }>();
  for (const row of rows) {
    let sender = bySender.get(row.userId);
    if (!sender) {
      sender = { name: row.name ?? row.email, email: row.email, windows: noWindows() };
      bySender.set(row.userId, sender);
    }
    for (const windows of [totals, sender.windows]) {
      addCounts(windows.last30Days, row);
      if (row.day >= from7) addCounts(windows.last7Days, row);
    }
    const day = byDay.get(row.day);
    if (day) addCounts(day, row);
  }

  const senders: DeliverabilitySender[] = [...bySender]
    .map(([userId, sender]) => ({
      userId,
      name: sender.name,
      email: sender.email,
      ...windowFigures(sender.windows),
    }))
    .sort((a, b) => b.last30Days.sent - a.last30Days.sent || a.email.localeCompare(b.email));

  return {
    scope: options.ownOnly ? 'own' : 'space',
    domains,
    totals: windowFigures(totals),
    senders,
    daily: [...byDay].map(([day, counts]) => ({ day, ...figuresOf(counts) })),
    bounceReasons: reasons,
    pausedMerges: paused.map((merge) => ({
      mergeId: merge.mergeId,
      scheduledMergeId: merge.scheduledMergeId,
      title: merge.title ?? mergeTitle(merge.spreadsheetName, merge.sheetName),
      sender: { userId: merge.userId, name: merge.name ?? merge.email, email: merge.email },
      reason: merge.reason!,
      details: merge.details,
      pausedAt: (merge.pausedAt ?? now).toISOString(),
    })),
  };
}
