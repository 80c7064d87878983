import { z } from 'zod';
import { defineContract } from '../contracts/contract';
import { booleanQuery, workspaceIdParams } from '../contracts/common-params';
import { API_BASES } from '../contracts/api-bases';
import { text } from '../contracts/text';
import {
  MEMBER_STATUSES,
  PAYMENT_SOURCES,
  ROLES,
  SEAT_TYPES,
  SUBSCRIPTION_STATUSES,
  USER_PLANS,
  WORKSPACE_PLANS,
} from '../constants/domain';
import { MEMBER_PAGE_SIZE } from '../constants/limits';
import { BILLING_INTERVALS } from '../constants/pricing';
import { listQuerySchema } from '../list/list-params';

const base = API_BASES.v1;
/** One batch of addresses a modal can send at once; the seat cap is 100 (CONST, 000 §9). */
const MAX_ADDRESSES = 100;

/** MEM-048: addresses arrive lowercased and trimmed, so every rule compares like with like. */
const memberEmail = text().trim().toLowerCase().pipe(z.email('Enter a valid email address'));
const userEmails = (requiredMessage: string) =>
  z
    .array(memberEmail)
    .min(1, requiredMessage)
    .max(MAX_ADDRESSES, `At most ${MAX_ADDRESSES} addresses at once`);
const userIds = z
  .array(z.uuid('userIds must be user ids'))
  .min(1, 'userIds are required')
  .max(MAX_ADDRESSES, `At most ${MAX_ADDRESSES} users at once`);

/**
 * MEM-021, MEM-024, MEM-025: a member as the management pages show it. `id` is the user's id;
 * `trial` is the free-trial end in epoch ms, -1 for unlimited, null for none (MEM-022).
 */
export const spaceMemberSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    status: z.enum(MEMBER_STATUSES),
    plan: z.enum(USER_PLANS),
    seatType: z.enum(SEAT_TYPES),
    isPaid: z.boolean(),
    trial: z.number().int().nullable().describe('Free-trial end in epoch ms; -1 unlimited; null none'),
    isPersonal: z.boolean().describe('A personal (Gmail-type) address'),
    isUserInDomain: z.boolean().describe("The address is of one of the space's domains"),
    isScheduledToBeDowngraded: z.boolean().describe('Marked to become free at the next renewal'),
    toBeRemoved: z.boolean(),
    quota: z.number().int().describe('Recipients per day this member may send to'),
    createTimestamp: z.number().int(),
  })
  .meta({ id: 'SpaceMember' });
export type SpaceMember = z.infer<typeof spaceMemberSchema>;

export const listWorkspaceMembers = defineContract({
  method: 'GET',
  path: `${base}/workspaces/:id/members`,
  summary:
    'Members of a space (API-011), pages of 100 (C10); filterBy search and memberStatus; unsorted, pending after active (MEM-031)',
  tags: ['members'],
  params: workspaceIdParams,
  query: listQuerySchema({
    filterKeys: ['search', 'memberStatus'],
    sortKeys: ['userEmail', 'userName', 'userRole', 'seatType'],
    defaultLimit: MEMBER_PAGE_SIZE,
    maxLimit: MEMBER_PAGE_SIZE,
  }),
  response: z.object({ items: z.array(spaceMemberSchema), total: z.number().int() }),
});

/** MEM-026, MEM-027: a member in the team/seat listing. */
export const seatMemberSchema = z
  .object({
    id: z.string(),
    workspaceId: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(ROLES),
    plan: z.enum(USER_PLANS),
    status: z.enum(['FREE_TRIAL', 'PENDING', 'ACTIVE']),
    seatType: z.enum(SEAT_TYPES),
    isPersonal: z.boolean(),
    createTimestamp: z.number().int(),
    lastUpdateTimestamp: z.number().int(),
    lastBecomePaidTimestamp: z.number().int().nullable(),
  })
  .meta({ id: 'SeatMember' });
export type SeatMember = z.infer<typeof seatMemberSchema>;

export const listWorkspaceUsers = defineContract({
  method: 'GET',
  path: `${base}/workspaces/:id/users/v1`,
  summary:
    'The seat listing of a space (API-062); DISABLED members hold no place in it; filterBy search and userStatus (FREE_TRIAL, PENDING, ACTIVE)',
  tags: ['members'],
  params: workspaceIdParams,
  query: listQuerySchema({
    filterKeys: ['search', 'userStatus'],
    sortKeys: ['userEmail', 'userName', 'userRole', 'seatType'],
    defaultLimit: MEMBER_PAGE_SIZE,
    maxLimit: MEMBER_PAGE_SIZE,
  }),
  response: z.object({ items: z.array(seatMemberSchema), total: z.number().int() }),
});

/** SHELL-023: one of the people a member asks for an upgrade. */
export const spaceManagerSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(['OWNER', 'ADMIN']),
  })
  .meta({ id: 'SpaceManager' });
export type SpaceManager = z.infer<typeof spaceManagerSchema>;

export const listSpaceManagers = defineContract({
  method: 'GET',
  path: `${base}/workspaces/:id/managers`,
  summary:
    "The owner and the active admins of a space, owner first (SHELL-023, SHELL-024): whom a member asks for an upgrade. Any active member reads them; the full member list is the Users page's (canListMembers). Not in the spec's call tables, which do not say where the upgrade info modal's list comes from",
  tags: ['members'],
  params: workspaceIdParams,
  response: z.object({ items: z.array(spaceManagerSchema) }),
});

/** MEM-076: one address of an add; errorDetails is why it cannot be added, null when it can. */
const addResultSchema = z.object({ userEmail: z.string(), errorDetails: z.string().nullable() });

export const addWorkspaceUsers = defineContract({
  method: 'POST',
  path: `${base}/workspaces/:id/users/v1`,
  summary:
    'Add members to seats of a space (API-063); each takes a seat (a free place in a FREE space) as a pending member and gets an invitation e-mail. With onlyCheckValidity nothing is written. success is false when any address is refused, and then none is added',
  tags: ['members'],
  params: workspaceIdParams,
  query: z.object({ onlyCheckValidity: booleanQuery.optional() }),
  body: z.object({ userEmails: userEmails('user emails are required') }),
  response: z.object({ success: z.boolean(), results: z.array(addResultSchema) }),
});

export const removeWorkspaceUsers = defineContract({
  method: 'PATCH',
  path: `${base}/workspaces/:id/users/v1`,
  summary:
    'Remove members from a seat space (API-064), freeing their seats; all or nothing: one refused address refuses the call with the reason (MEM-065 MEM-066 MEM-067 MEM-068 MEM-069)',
  tags: ['members'],
  params: workspaceIdParams,
  body: z.object({ userEmails: userEmails('user emails are required') }),
  response: z.object({ success: z.literal(true), removed: z.number().int() }),
});

export const addLegacyMembers = defineContract({
  method: 'POST',
  path: `${base}/workspaces/:id/members`,
  summary:
    'Add users to a space of the legacy model (API-020), within the plan user limit (MEM-057); with onlyCheckValidity nothing is written',
  tags: ['members'],
  params: workspaceIdParams,
  query: z.object({ onlyCheckValidity: booleanQuery.optional() }),
  body: z.object({ userEmails: userEmails('user emails are required') }),
  response: z.object({
    items: z.array(
      z.object({ userId: z.string().nullable(), email: z.string(), errorMsg: z.string().nullable() }),
    ),
  }),
});

export const removeMembers = defineContract({
  method: 'DELETE',
  path: `${base}/workspaces/:id/members`,
  summary:
    'Remove members from a space of the legacy model by user id (API-013, API-067); all or nothing: one refused member refuses the call with the reason (MEM-065 MEM-066 MEM-067 MEM-068 MEM-069)',
  tags: ['members'],
  params: workspaceIdParams,
  body: z.object({ userIds }),
  response: z.object({ removed: z.number().int() }),
});

export const changeMemberRoles = defineContract({
  method: 'PUT',
  path: `${base}/workspaces/:id/members/change-role`,
  summary:
    "Change members' roles (API-014); owner only, never the owner's own role, Member or Admin (MEM-037 MEM-038 MEM-039); members whose role already matches are left as they are",
  tags: ['members'],
  params: workspaceIdParams,
  body: z.object({
    memberRoles: z
      .array(z.object({ userId: z.uuid('userId must be a user id'), userRole: z.enum(['MEMBER', 'ADMIN']) }))
      .min(1, 'memberRoles are required')
      .max(MAX_ADDRESSES),
  }),
  response: z.object({ changed: z.number().int() }),
});

export const activateMembers = defineContract({
  method: 'PUT',
  path: `${base}/workspaces/:id/members/activate`,
  summary:
    'Activate DISABLED members again by user id (API-015, API-067, MEM-029) within the plan limits (MEM-064)',
  tags: ['members'],
  params: workspaceIdParams,
  body: z.object({ userIds }),
  response: z.object({ activated: z.number().int() }),
});

export const getPromoteValidity = defineContract({
  method: 'GET',
  path: `${base}/workspaces/:id/members/promote-validity`,
  summary:
    'Members who cannot be made paid, with why (API-016): already_paid_user when paid in another space under MULTIPLE_PAYMENT',
  tags: ['members'],
  params: workspaceIdParams,
  response: z.object({ items: z.array(z.object({ userId: z.string(), errorCode: z.string() })) }),
});

export const inviteLegacyUsers = defineContract({
  method: 'POST',
  path: `${base}/workspaces/:id/legacy-invitations`,
  summary:
    'Invite users to a space of the legacy model (decision C2; the spec does not show this path); with onlyCheckValidity nothing is written',
  tags: ['members'],
  params: workspaceIdParams,
  query: z.object({ onlyCheckValidity: booleanQuery.optional() }),
  body: z.object({ userEmails: userEmails('user emails are required') }),
  response: z.object({
    items: z.array(z.object({ email: z.string(), errorMsg: z.string().nullable() })),
  }),
});

const invitedUserEmails = z.object({ invitedUserEmails: userEmails('invited user emails are required') });

export const resendInvitations = defineContract({
  method: 'PUT',
  path: `${base}/workspaces/:id/invitations/resend`,
  summary: 'Send pending invitations again with a fresh link (API-018, MEM-030); the old link stops working',
  tags: ['members'],
  params: workspaceIdParams,
  body: invitedUserEmails,
  response: z.object({ resent: z.number().int() }),
});

export const cancelInvitations = defineContract({
  method: 'DELETE',
  path: `${base}/workspaces/:id/invitations`,
  summary: 'Cancel pending invitations (API-019, MEM-030); a pending member gives back their seat',
  tags: ['members'],
  params: workspaceIdParams,
  body: invitedUserEmails,
  response: z.object({ cancelled: z.number().int() }),
});

/** SEAT: the seats of a space's active subscription, as the Users page header and Manage seats show them. */
export const seatSummarySchema = z
  .object({
    subscriptionId: z.string(),
    workspacePlan: z.enum(WORKSPACE_PLANS),
    subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
    paymentSource: z.enum(PAYMENT_SOURCES),
    billingInterval: z.enum(BILLING_INTERVALS),
    totalSeats: z.number().int().describe('-1: unlimited'),
    assignedSeats: z.number().int(),
    availableSeats: z.number().int().describe('-1: unlimited'),
    scheduledRemoval: z
      .object({ targetSeatsQuantity: z.number().int(), removeSeatsAtTimestamp: z.number().int() })
      .nullable(),
  })
  .meta({ id: 'SeatSummary' });
export type SeatSummary = z.infer<typeof seatSummarySchema>;

export const listSubscriptionsV2 = defineContract({
  method: 'GET',
  path: `${API_BASES.billing}/workspace-billing/workspaces/:id/subscriptions/v2`,
  summary:
    "A space's subscriptions with their seats (API-026); not served to members (000 §4); status filters (default ACTIVE)",
  tags: ['billing'],
  params: workspaceIdParams,
  query: z.object({ status: z.enum(SUBSCRIPTION_STATUSES).optional() }),
  response: z.object({ items: z.array(seatSummarySchema) }),
});
