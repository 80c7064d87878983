import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { INVITATION_STATUSES, MEMBER_STATUSES, ROLES, SEAT_TYPES, USER_PLANS } from '@mergeboard/core';
import { createdAt, isLowercase, oneOf, timestamptz, updatedAt } from './columns';
import { users } from './identity';
import { workspaces } from './workspaces';

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
