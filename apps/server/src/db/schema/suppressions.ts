import { check, index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { BOUNCE_KINDS, SUPPRESSION_TYPES } from '@mergeboard/core';
import { createdAt, isLowercase, oneOf, updatedAt } from './columns';
import { users } from './identity';
import { workspaces } from './workspaces';

// An address is listed at most once per space; WORKSPACE entries apply to every member, USER
// entries to the member who added them. updated_at starts equal to created_at, so it is the
// "last update, else creation" time the lists show and sort by.

/** The columns both suppression lists share; a function so each table gets its own column objects. */
const suppressionColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  type: text('type', { enum: SUPPRESSION_TYPES }).notNull().default('USER'),
  createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const unsubscriptions = pgTable('unsubscriptions', suppressionColumns(), (t) => [
  // Leads with workspace_id, so it also serves the default sort by address.
  unique('unsubscriptions_workspace_id_email_unique').on(t.workspaceId, t.email),
  index('unsubscriptions_workspace_id_updated_at_idx').on(t.workspaceId, t.updatedAt.desc().nullsFirst()),
  index('unsubscriptions_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
  check('unsubscriptions_email_lowercase', isLowercase(t.email)),
  check('unsubscriptions_type_check', oneOf(t.type, SUPPRESSION_TYPES)),
]);

export const bounces = pgTable(
  'bounces',
  {
    ...suppressionColumns(),
    kind: text('kind', { enum: BOUNCE_KINDS }).notNull().default('HARD'),
  },
  (t) => [
    unique('bounces_workspace_id_email_unique').on(t.workspaceId, t.email),
    index('bounces_workspace_id_updated_at_idx').on(t.workspaceId, t.updatedAt.desc().nullsFirst()),
    index('bounces_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    check('bounces_email_lowercase', isLowercase(t.email)),
    check('bounces_type_check', oneOf(t.type, SUPPRESSION_TYPES)),
    check('bounces_kind_check', oneOf(t.kind, BOUNCE_KINDS)),
  ],
);
