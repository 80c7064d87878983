import { z } from 'zod';
import { defineContract } from '../contracts/contract';
import { booleanQuery, workspaceIdParams } from '../contracts/common-params';
import { API_BASES } from '../contracts/api-bases';
import { text } from '../contracts/text';
import {
  LEGACY_TYPES,
  ROLES,
  ROLLOUT_RESTRICTIONS,
  WORKSPACE_PLANS,
  WORKSPACE_STATUSES,
} from '../constants/domain';
import { spaceNameSchema } from './space-name';

const base = API_BASES.v1;

const planFeature = z.object({ hasMultiDomain: z.boolean(), allowedUserCount: z.number().int() });

/** What the current user may do in this space (000 §3 'In the space context'). */
export const spaceUserFeaturesSchema = z
  .object({
    canAccessWorkspace: z.boolean(),
    canAccessWorkspaceBilling: z.boolean(),
    canAccessTeamReport: z.boolean(),
    manageUserRoles: z.boolean(),
    transferOwnerShip: z.boolean(),
    sharedUnsubscribes: z.boolean(),
    sharedBounces: z.boolean(),
  })
  .meta({ id: 'SpaceUserFeatures' });

export const workspaceDetailsSchema = z
  .object({
    id: z.string(),
    workspaceId: z.string(),
    name: z.string(),
    workspaceName: z.string(),
    plan: z.enum(WORKSPACE_PLANS),
    legacyType: z.enum(LEGACY_TYPES).nullable(),
    status: z.enum(WORKSPACE_STATUSES),
    role: z.enum(ROLES),
    urlPrefix: z.string(),
    isPerSeat: z.boolean(),
    memberInviteUser: z.boolean(),
    trackingDefaults: z
      .object({ opens: z.boolean(), clicks: z.boolean() })
      .describe("What the composer's 'Track opens' and 'Track clicks' start as in this space"),
    memberCount: z.number().int().optional(),
    workspaceDomains: z.array(z.object({ domainName: z.string() })).optional(),
    workspaceFeatures: z
      .object({ FREE: planFeature, PRO: planFeature, PRO_PERSONAL: planFeature })
      .optional()
      .describe('Present with includeFeatures=true'),
    features: spaceUserFeaturesSchema,
    restrictions: z
      .array(z.enum(ROLLOUT_RESTRICTIONS))
      .describe('Rollout restrictions in force for the current user'),
    ownerEmail: z.string(),
  })
  .meta({ id: 'WorkspaceDetails' });
export type WorkspaceDetails = z.infer<typeof workspaceDetailsSchema>;

/** A DISABLED space shows only these (000 §4). */
const disabledWorkspaceSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    plan: z.enum(WORKSPACE_PLANS),
    legacyType: z.enum(LEGACY_TYPES).nullable(),
    status: z.literal('DISABLED'),
  })
  .meta({ id: 'DisabledWorkspace' });

export const getWorkspace = defineContract({
  method: 'GET',
  path: `${base}/workspaces/:id`,
  summary: 'A space the caller belongs to (API-008); 404 for anyone else',
  tags: ['spaces'],
  params: workspaceIdParams,
  query: z.object({
    includeDomains: booleanQuery.optional(),
    includeFeatures: booleanQuery.optional(),
    includeMembersCount: booleanQuery.optional().describe('Default true'),
  }),
  response: z.union([workspaceDetailsSchema, disabledWorkspaceSchema]),
});

export const createWorkspace = defineContract({
  method: 'POST',
  path: `${base}/workspaces`,
  summary: 'Create a space owned by the caller (API-009); at most 5 owned spaces',
  tags: ['spaces'],
  body: z.object({
    workspaceName: spaceNameSchema,
    userId: text().min(1, 'UserId is required').describe('Must be the caller'),
    memberInviteUser: z.boolean().optional(),
  }),
  response: z.object({ workspaceId: z.string() }),
  successStatus: 201,
});

export const updateWorkspace = defineContract({
  method: 'PUT',
  path: `${base}/workspaces/:id`,
  summary: "Rename a space, change who may invite (API-010) or the composer's tracking defaults; owner only",
  tags: ['spaces'],
  params: workspaceIdParams,
  body: z
    .object({
      workspaceName: spaceNameSchema.optional(),
      memberInviteUser: z.boolean().optional(),
      trackOpensDefault: z.boolean('trackOpensDefault must be true or false').optional(),
      trackClicksDefault: z.boolean('trackClicksDefault must be true or false').optional(),
    })
    .refine((body) => Object.values(body).some((value) => value !== undefined), {
      message: 'Send workspaceName, memberInviteUser, trackOpensDefault or trackClicksDefault',
    }),
  response: workspaceDetailsSchema,
});

export const deleteWorkspace = defineContract({
  method: 'DELETE',
  path: `${base}/workspaces/:id`,
  summary: 'Delete a space (owner only)',
  tags: ['spaces'],
  params: workspaceIdParams,
  response: z.object({ deleted: z.literal(true) }),
});

export const transferOwnership = defineContract({
  method: 'PUT',
  path: `${base}/workspaces/:id/owner`,
  summary: 'Give the space to a member (API-012); the previous owner becomes a member',
  tags: ['spaces'],
  params: workspaceIdParams,
  body: z.object({ userId: z.uuid('Please fill in this field.') }),
  response: z.object({ workspaceId: z.string(), ownerUserId: z.string() }),
});

const invitationTokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'The invite link is invalid.'),
});

export const acceptInvitation = defineContract({
  method: 'PUT',
  path: `${base}/invitations/:token/accept`,
  summary:
    'Join the space of an invitation (API-021): a pending member becomes ACTIVE; a FREE space already holding its allowed users refuses (409 user_limit_reached)',
  tags: ['spaces'],
  params: invitationTokenParams,
  response: z.object({ workspaceId: z.string(), workspaceName: z.string(), isActiveWorkspace: z.boolean() }),
});

/**
 * Not in the spec (issue 24): what an invitation link leads to, for the sign-in screens to say
 * before anyone is signed in. The link's holder learns what its mail already told them; an
 * unknown link answers 404, a used, cancelled or expired one 409 invitation_is_not_active.
 */
export const getInvitation = defineContract({
  method: 'GET',
  path: `${base}/invitations/:token`,
  summary:
    'The space, inviter and invited address of a pending invitation link, readable before sign-in (404 unknown, 409 invitation_is_not_active)',
  tags: ['spaces'],
  params: invitationTokenParams,
  response: z
    .object({
      workspaceName: z.string(),
      /** The inviter's name (else address); null when their account is gone. */
      invitedBy: z.string().nullable(),
      invitedEmail: z.string(),
    })
    .meta({ id: 'InvitationPreview' }),
});

export const inviteToWorkspace = defineContract({
  method: 'POST',
  path: `${base}/workspaces/:id/invitations`,
  summary:
    'Invite addresses to a space as free members, or only check them (API-017, INV-014); each gets a pending place and a mail. All or nothing: when any address is refused, nobody is invited',
  tags: ['spaces'],
  params: workspaceIdParams,
  query: z.object({ onlyCheckValidity: booleanQuery.optional() }),
  body: z.object({ emails: z.array(z.email()).min(1, 'emails are required').max(100) }),
  response: z.object({
    items: z.array(z.object({ email: z.string(), errorMsg: z.string().nullable() })),
  }),
});

export const promotionSchema = z.object({
  name: z.string().min(1),
  description: z.string().min(1),
  image: z.string().min(1),
  type: z.string().min(1),
  url: z.string().min(1),
  productId: z.string().min(1),
});

export const getPromotions = defineContract({
  method: 'GET',
  path: `${API_BASES.unversioned}/cannon`,
  summary: 'Sidebar promotions (API-023); invalid ones are dropped',
  tags: ['spaces'],
  query: z.object({ project: text().min(1).max(64), placement: text().min(1).max(64) }),
  response: z.object({ enabled: z.boolean(), promotions: z.array(promotionSchema) }),
});
