import { boolean, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './identity';

/** The template gallery, shown by ascending sortOrder (the spec's `order`). */
export const templates = pgTable(
  'templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subject: text('subject').notNull(),
    thumbnailUrl: text('thumbnail_url').notNull(),
    /** The message body; the preview dialog shows it as is and an import copies it into a draft. */
    previewHtml: text('preview_html').notNull(),
    sortOrder: integer('sort_order').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('templates_sort_order_unique').on(t.sortOrder)],
);

/** A mail draft created from a template in the user's mailbox. */
export const drafts = pgTable(
  'drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id').references(() => templates.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The id the mail provider gave the draft (messageId). */
    providerMessageId: text('provider_message_id'),
    createdAt: createdAt(),
  },
  (t) => [index('drafts_user_id_created_at_idx').on(t.userId, t.createdAt.desc().nullsFirst())],
);

/** Promotions for other products, served by project and placement (GET /cannon). */
export const promotions = pgTable(
  'promotions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    image: text('image').notNull(),
    type: text('type').notNull(),
    url: text('url').notNull(),
    productId: text('product_id').notNull(),
    project: text('project').notNull(),
    placement: text('placement').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('promotions_project_placement_idx').on(t.project, t.placement)],
);
