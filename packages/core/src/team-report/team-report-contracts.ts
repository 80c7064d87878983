import { z } from 'zod';
import { API_BASES } from '../contracts/api-bases';
import { defineContract } from '../contracts/contract';
import { workspaceIdParams } from '../contracts/common-params';
import { TABLE_PAGE_SIZE } from '../constants/limits';
import { listQuerySchema } from '../list/list-params';

const base = API_BASES.v1;

/** TEAM-005: the team report lists members with one of these statuses (both when no filter is given). */
export const TEAM_REPORT_MEMBER_STATUSES = ['ACTIVE', 'LEGACY'] as const;
export type TeamReportMemberStatus = (typeof TEAM_REPORT_MEMBER_STATUSES)[number];

export const TEAM_REPORT_SORT_KEYS = [
  'userName',
  'userEmail',
  'lastEmailSentTimestamp',
  'emailSentThisMonth',
  'emailSentAllTime',
] as const;
export type TeamReportSortKey = (typeof TEAM_REPORT_SORT_KEYS)[number];
/** The largest page a team-report members call may ask for. */
const TEAM_REPORT_MAX_LIMIT = 100;

/** TEAM-003, API-059: the three stat cards; form submission notifications are not counted. */
export const teamSummarySchema = z
  .object({
    activeUserCount: z.number().int().describe('Members listed by the report (status ACTIVE or LEGACY)'),
    emailSentAllTime: z.number().int(),
    emailSentThisMonth: z.number().int().describe('Calendar month in UTC'),
  })
  .meta({ id: 'TeamSummary' });
export type TeamSummary = z.infer<typeof teamSummarySchema>;

/** TEAM-004, API-058: one row of the members table. */
export const teamMemberSchema = z
  .object({
    userId: z.string(),
    userName: z.string(),
    userEmail: z.string(),
    lastEmailSentTimestamp: z
      .number()
      .int()
      .nullable()
      .describe('Epoch ms of the last email sent in this space'),
    emailSentThisMonth: z.number().int(),
    emailSentAllTime: z.number().int(),
    userProfilePictureUrl: z.string().nullable(),
  })
  .meta({ id: 'TeamMember' });
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const getTeamReportSummary = defineContract({
  method: 'GET',
  path: `${base}/workspaces/:id/team-report/summary`,
  summary: 'Team report stat cards (API-059); members with canAccessTeamReport only',
  tags: ['team-report'],
  params: workspaceIdParams,
  response: teamSummarySchema,
});

export const listTeamReportMembers = defineContract({
  method: 'GET',
  path: `${base}/workspaces/:id/team-report/members`,
  summary: 'Team report members table (API-058); filterBy memberStatus (ACTIVE, LEGACY) and search',
  tags: ['team-report'],
  params: workspaceIdParams,
  query: listQuerySchema({
    filterKeys: ['memberStatus', 'search'],
    sortKeys: TEAM_REPORT_SORT_KEYS,
    defaultSort: { key: 'userName', direction: 'asc' },
    defaultLimit: TABLE_PAGE_SIZE,
    maxLimit: TEAM_REPORT_MAX_LIMIT,
  }),
  response: z.object({ items: z.array(teamMemberSchema), total: z.number().int() }),
});
