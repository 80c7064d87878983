import {
  TEAM_REPORT_MEMBER_STATUSES,
  type ListParams,
  type TeamMember,
  type TeamReportMemberStatus,
  type TeamReportSortKey,
  type TeamSummary,
} from '@mergeboard/core';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { selectTeamMembers, teamSummary } from './team-report-queries';

/** The memberStatus filter: `ACTIVE|LEGACY`-style, any case; none means both (TEAM-005). */
function statusesOf(filter: string | undefined): TeamReportMemberStatus[] {
  if (filter === undefined || filter === '') return [...TEAM_REPORT_MEMBER_STATUSES];
  const wanted = filter.split('|').map((value) => value.trim().toUpperCase());
  const unknown = wanted.filter((value) => !TEAM_REPORT_MEMBER_STATUSES.includes(value as never));
  if (unknown.length) {
    throw new AppError('validation_failed', `memberStatus must be ACTIVE or LEGACY`, {
      fields: {
        'query.filterBy': `memberStatus '${unknown.join('|')}' is not supported; use ACTIVE or LEGACY`,
      },
    });
  }
  return wanted as TeamReportMemberStatus[];
}

const toNumber = (value: unknown): number => Number(value ?? 0);

/** API-058: one page of the members table (ACTIVE and LEGACY members, TEAM-005), with the total. */
export async function listTeamMembers(
  db: Db,
  options: {
    workspaceId: string;
    params: ListParams<'memberStatus' | 'search', TeamReportSortKey>;
    now: Date;
  },
): Promise<{ items: TeamMember[]; total: number }> {
  const { params } = options;
  const { rows, total } = await selectTeamMembers(
    db,
    options.workspaceId,
    {
      statuses: statusesOf(params.filterBy.memberStatus),
      search: params.filterBy.search?.trim() || undefined,
      sortBy: params.sortBy,
      limit: params.limit,
      limitOffset: params.limitOffset,
    },
    options.now,
  );
  return {
    total,
    items: rows.map((row) => ({
      userId: row.userId,
      userName: row.name ?? row.email,
      userEmail: row.email,
      lastEmailSentTimestamp: row.lastSentMs === null ? null : toNumber(row.lastSentMs),
      emailSentThisMonth: row.thisMonth,
      emailSentAllTime: row.allTime,
      userProfilePictureUrl: row.picture,
    })),
  };
}

/** API-059: the stat cards of a space's team report. */
export function readTeamSummary(db: Db, options: { workspaceId: string; now: Date }): Promise<TeamSummary> {
  return teamSummary(db, options.workspaceId, options.now);
}
