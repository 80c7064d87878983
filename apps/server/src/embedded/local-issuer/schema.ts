import { index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/schema/columns';

/**
 * State of the built-in OpenID issuer (sessions, interactions, codes, grants…), one row per
 * oidc-provider model instance. Kept in the database so several server processes can run one
 * sign-in flow between them, and a restart does not break a flow in progress.
 */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamptz('expires_at'),
    consumedAt: timestamptz('consumed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_uid_idx').on(t.model, t.uid),
    index('oidc_payloads_user_code_idx').on(t.model, t.userCode),
    index('oidc_payloads_grant_id_idx').on(t.grantId),
    index('oidc_payloads_expires_at_idx').on(t.expiresAt),
  ],
);
