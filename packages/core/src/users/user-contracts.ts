import { z } from 'zod';
import { defineContract } from '../contracts/contract';
import { booleanQuery } from '../contracts/common-params';
import { API_BASES } from '../contracts/api-bases';
import { text } from '../contracts/text';
import {
  ACCOUNT_TYPES,
  LEGACY_TYPES,
  PAYMENT_SOURCES,
  ROLES,
  USER_PLANS,
  USER_STATUSES,
  WORKSPACE_PLANS,
  WORKSPACE_STATUSES,
  MEMBER_STATUSES,
} from '../constants/domain';

const base = API_BASES.v2;

/** One space the current user belongs to (000 §3 'User-workspace entry'). */
export const userWorkspaceSchema = z
  .object({
    workspaceId: z.string(),
    workspaceName: z.string(),
    workspacePlan: z.enum(WORKSPACE_PLANS),
    userPlan: z.enum(USER_PLANS),
    userRole: z.enum(ROLES),
    status: z.enum(MEMBER_STATUSES).describe('Membership status'),
    workspaceStatus: z.enum(WORKSPACE_STATUSES),
    urlPrefix: z.string().describe('/{workspaceId}/{workspaceSlug}'),
    legacyPlanType: z.enum(LEGACY_TYPES).nullable(),
    isSendingWorkspace: z.boolean().describe("'Emails are sent from this space'"),
    workspaceUserFeature: z.object({
      hasMultiDomain: z.boolean(),
      allowedUserCount: z.number().int(),
      workspacePlan: z.enum(WORKSPACE_PLANS),
      userPlan: z.enum(USER_PLANS),
      otherFeatures: z.object({
        teamAnalyticsDashboard: z.boolean(),
        manageUserRoles: z.boolean(),
        transferOwnerShip: z.boolean(),
        shareUnsubscribesAcrossWorkspace: z.boolean(),
        shareBouncesAccrossWorkspace: z.boolean(),
      }),
    }),
  })
  .meta({ id: 'UserWorkspace' });
export type UserWorkspace = z.infer<typeof userWorkspaceSchema>;

/** AUTH-045 AUTH-046 AUTH-047 AUTH-048: the current user, with derived initials and account type. */
export const currentUserSchema = z
  .object({
    userId: z.string(),
    id: z.string(),
    userEmail: z.string(),
    userName: z.string(),
    profilePictureUrl: z.string().nullable(),
    initials: z.string(),
    type: z.enum(ACCOUNT_TYPES),
    isPersonal: z.boolean(),
    status: z.enum(USER_STATUSES),
    installationTimestamp: z.number().int().nullable(),
    lastUpdateTimestamp: z.number().int(),
    domain: z.object({ domainName: z.string() }).nullable(),
    addonWorkspaceId: z.string().nullable(),
    freeUserQuota: z.number().int(),
    isPerSeat: z.boolean(),
    license: z.object({ subscriptionId: z.string(), paymentSource: z.enum(PAYMENT_SOURCES) }).nullable(),
    totalNumberOfMailsSent: z.object({ count: z.number().int() }),
    monthlySentMails: z.array(
      z.object({ year: z.number().int(), month: z.number().int(), count: z.number().int() }),
    ),
    userWorkspaces: z.array(userWorkspaceSchema).optional().describe('Present when includeWorkspaces=true'),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const getCurrentUser = defineContract({
  method: 'GET',
  path: `${base}/users/me`,
  summary: 'The signed-in user (API-004); 404 user_not_found when this sign-in has no account yet',
  tags: ['users'],
  query: z.object({ includeWorkspaces: booleanQuery.optional() }),
  response: currentUserSchema,
});

export const createUser = defineContract({
  method: 'POST',
  path: `${base}/users/workspace-activation-create-user`,
  summary: 'Create the account of the signed-in identity with its own FREE space (API-005)',
  tags: ['users'],
  query: z.object({ checkPeopleApi: booleanQuery.optional() }),
  body: z.object({
    userEmail: z.email('userEmail must be an e-mail address'),
    userName: text().trim().min(1).max(256).optional(),
    createSource: z.literal('WEBAPP'),
  }),
  response: currentUserSchema,
  successStatus: 201,
});

export const suggestUsers = defineContract({
  method: 'GET',
  path: `${base}/users/suggest`,
  summary: 'People the user shares a space or company domain with, matching a search (API-006)',
  tags: ['users'],
  query: z.object({
    search: text().trim().min(2, 'search needs at least 2 characters').max(256),
    limit: z
      .string()
      .regex(/^\d+$/, 'limit must be a whole number')
      .transform(Number)
      .pipe(z.number().int().min(1).max(50))
      .optional(),
  }),
  response: z.object({ items: z.array(z.object({ userEmail: z.string(), userName: z.string() })) }),
});

export const rolloutStatusSchema = z
  .object({
    isRegistered: z.boolean(),
    isEligible: z.boolean(),
    isPerSeat: z.boolean(),
    userV2: z.boolean(),
    lastActivatedStep: z.number().int(),
  })
  .meta({ id: 'RolloutStatus' });
export type RolloutStatus = z.infer<typeof rolloutStatusSchema>;

export const getRolloutStatus = defineContract({
  method: 'GET',
  path: `${base}/users/workspace-activation-status/me`,
  summary: 'Rollout status of the signed-in user (API-007)',
  tags: ['users'],
  query: z.object({
    checkIsRegistered: booleanQuery.optional(),
    includeUserV1: booleanQuery.optional(),
    includeUserV2: booleanQuery.optional(),
    includeUserV2Workspace: booleanQuery.optional(),
    includeFBData: booleanQuery.optional(),
  }),
  response: rolloutStatusSchema,
});
