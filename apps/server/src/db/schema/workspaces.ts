import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  INVITATION_STATUSES,
  LEGACY_TYPES,
  MEMBER_STATUSES,
  ROLES,
  SEAT_TYPES,
  USER_PLANS,
  WORKSPACE_PLANS,
  WORKSPACE_STATUSES,
} from '@mergeboard/core';
import { createdAt, isLowercase, oneOf, timestamptz, updatedAt } from './columns';
import { users } from './identity';

/**
 * A space. Its URL prefix is /{id}/{slug}. The workspaceFeatures of the spec are kept per user
 * plan (FREE, PRO, PRO_PERSONAL) as pairs of columns; an allowed user count of -1 is unlimited.
 */
export const workspaces = pgTable(
  'workspaces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    plan: text('plan', { enum: WORKSPACE_PLANS }).notNull().default('FREE'),
    legacyType: text('legacy_type', { enum: LEGACY_TYPES }),
    status: text('status', { enum: WORKSPACE_STATUSES }).notNull().default('ACTIVE'),
    isPerSeat: boolean('is_per_seat').notNull().default(true),
    /** Whether members (not only owner and admins) may invite users. */
    memberInviteUser: boolean('member_invite_user').notNull().default(false),
    freeHasMultiDomain: boolean('free_has_multi_domain').notNull().default(false),
    // A domain space on the free plan has one member only (CONST-019).
    freeAllowedUserCount: integer('free_allowed_user_count').notNull().default(1),
    proHasMultiDomain: boolean('pro_has_multi_domain').notNull().default(false),
    proAllowedUserCount: integer('pro_allowed_user_count').notNull().default(-1),
    proPersonalHasMultiDomain: boolean('pro_personal_has_multi_domain').notNull().default(false),
    proPersonalAllowedUserCount: integer('pro_personal_allowed_user_count').notNull().default(-1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('workspaces_name_check', sql`btrim(${t.name}) <> '' AND char_length(${t.name}) <= 255`),
    check('workspaces_slug_check', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check('workspaces_plan_check', oneOf(t.plan, WORKSPACE_PLANS)),
    check('workspaces_legacy_type_check', oneOf(t.legacyType, LEGACY_TYPES)),
    // A legacy type only describes a LEGACY plan; upgrading clears it.
    check('workspaces_legacy_type_plan_check', sql`${t.legacyType} IS NULL OR ${t.plan} = 'LEGACY'`),
    check('workspaces_status_check', oneOf(t.status, WORKSPACE_STATUSES)),
    check(
      'workspaces_allowed_user_counts_check',
      sql`${t.freeAllowedUserCount} >= -1 AND ${t.proAllowedUserCount} >= -1 AND ${t.proPersonalAllowedUserCount} >= -1`,
    ),
  ],
);

export const workspaceDomains = pgTable(
  'workspace_domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    domainName: text('domain_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('workspace_domains_workspace_id_domain_name_unique').on(t.workspaceId, t.domainName),
    index('workspace_domains_domain_name_idx').on(t.domainName),
    check('workspace_domains_domain_name_lowercase', isLowercase(t.domainName)),
  ],
);

/**
 * A user's place in a space. Pending members (seat type PENDING_YAMM_USER) already have a user
 * row, created from the invited address, so every membership points at a user.
 */
export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ROLES }).notNull().default('MEMBER'),
    status: text('status', { enum: MEMBER_STATUSES }).notNull().default('ACTIVE'),
    userPlan: text('user_plan', { enum: USER_PLANS }).notNull().default('FREE'),
    seatType: text('seat_type', { enum: SEAT_TYPES }).notNull().default('ADDED_YAMM_USER'),
    freeTrialEnd: timestamptz('free_trial_end'),
    isPaid: boolean('is_paid').notNull().default(false),
    /** Marked to lose the seat at the next billing cycle. */
    toBeRemoved: boolean('to_be_removed').notNull().default(false),
    lastBecomePaidAt: timestamptz('last_become_paid_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Also serves "members of a space": workspace_id leads.
    unique('memberships_workspace_id_user_id_unique').on(t.workspaceId, t.userId),
    uniqueIndex('memberships_one_owner_per_workspace_idx')
      .on(t.workspaceId)
      .where(sql`${t.role} = 'OWNER'`),
    index('memberships_user_id_idx').on(t.userId),
    check('memberships_role_check', oneOf(t.role, ROLES)),
    check('memberships_status_check', oneOf(t.status, MEMBER_STATUSES)),
    check('memberships_user_plan_check', oneOf(t.userPlan, USER_PLANS)),
    check('memberships_seat_type_check', oneOf(t.seatType, SEAT_TYPES)),
  ],
);

/** An invitation link; only the hash of its token is stored. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: INVITATION_STATUSES }).notNull().default('PENDING'),
    expiresAt: timestamptz('expires_at').notNull(),
    acceptedAt: timestamptz('accepted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('invitations_token_hash_unique').on(t.tokenHash),
    // Resending replaces the pending invitation rather than stacking a second one.
    uniqueIndex('invitations_one_pending_per_email_idx')
      .on(t.workspaceId, t.email)
      .where(sql`${t.status} = 'PENDING'`),
    index('invitations_workspace_id_created_at_idx').on(t.workspaceId, t.createdAt.desc().nullsFirst()),
    check('invitations_email_lowercase', isLowercase(t.email)),
    check('invitations_status_check', oneOf(t.status, INVITATION_STATUSES)),
  ],
);
