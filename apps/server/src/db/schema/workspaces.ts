import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { LEGACY_TYPES, WORKSPACE_PLANS, WORKSPACE_STATUSES } from '@mergeboard/core';
import { createdAt, isLowercase, oneOf, updatedAt } from './columns';

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
    /** What the composer's 'Track opens' and 'Track clicks' start as in this space. */
    trackOpensDefault: boolean('track_opens_default').notNull().default(true),
    trackClicksDefault: boolean('track_clicks_default').notNull().default(true),
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
