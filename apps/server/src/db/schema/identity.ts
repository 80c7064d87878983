import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  unique,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { CREATE_SOURCES, DAILY_RECIPIENT_QUOTA, USER_STATUSES } from '@mergeboard/core';
import { createdAt, isLowercase, oneOf, timestamptz, updatedAt } from './columns';
import { workspaces } from './workspaces';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name'),
    profilePictureUrl: text('profile_picture_url'),
    /** Gmail-type account (type STANDARD); otherwise a company-domain account (BUSINESS). */
    isPersonal: boolean('is_personal').notNull().default(false),
    /** Null until the add-on is installed; the onboarding tutorial shows while it is missing. */
    installationTimestamp: timestamptz('installation_timestamp'),
    status: text('status', { enum: USER_STATUSES }).notNull().default('ACTIVE'),
    freeUserQuota: integer('free_user_quota').notNull().default(DAILY_RECIPIENT_QUOTA.FREE),
    /** The space the add-on sends from ('Emails are sent from this space'). */
    addonWorkspaceId: uuid('addon_workspace_id').references((): AnyPgColumn => workspaces.id, {
      onDelete: 'set null',
    }),
    /** Company domain of a BUSINESS account; null for personal accounts. */
    domain: text('domain'),
    createSource: text('create_source', { enum: CREATE_SOURCES }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('users_email_unique').on(t.email),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_addon_workspace_id_idx').on(t.addonWorkspaceId),
    check('users_email_lowercase', isLowercase(t.email)),
    check('users_domain_lowercase', isLowercase(t.domain)),
    check('users_status_check', oneOf(t.status, USER_STATUSES)),
    check('users_create_source_check', oneOf(t.createSource, CREATE_SOURCES)),
    check('users_free_user_quota_check', sql`${t.freeUserQuota} >= 0`),
  ],
);

/** An OpenID subject at an issuer (Google, or the embedded issuer): who signed in, by `sub`. */
export const identities = pgTable(
  'identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null until the person creates a Mergeboard account (sign-in can come first: no-user). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    /** The profile the issuer vouched for at the last sign-in; fills the user's when missing. */
    email: text('email').notNull(),
    name: text('name'),
    pictureUrl: text('picture_url'),
    createdAt: createdAt(),
    lastLoginAt: timestamptz('last_login_at'),
    /**
     * When a sign-in's token response last named the Gmail compose scope (AUTH-019); null until
     * then. Template import needs it (TPL-004). Never cleared by a later plain sign-in: those do
     * not ask for the scope, so their token responses do not name it. With Google it is cleared
     * (with its google_grants row) when Google no longer honours the grant, so the next import
     * asks for it again.
     */
    composeGrantedAt: timestamptz('compose_granted_at'),
  },
  (t) => [
    unique('identities_issuer_subject_unique').on(t.issuer, t.subject),
    index('identities_user_id_idx').on(t.userId),
  ],
);

/**
 * What Mergeboard keeps to write Gmail drafts for an identity after a Google sign-in granted the
 * compose scope (AUTH-019, TPL-008): one row per identity, deleted with the grant. The tokens are
 * sealed with AES-256-GCM under a key derived from SESSION_SECRET and bound to the identity id
 * (see auth/grant-cipher.ts), so the table alone, or a row copied to another identity, reveals
 * and authorises nothing. Only the Google shape writes rows; the built-in issuer needs none.
 */
export const googleGrants = pgTable('google_grants', {
  identityId: uuid('identity_id')
    .primaryKey()
    .references(() => identities.id, { onDelete: 'cascade' }),
  /**
   * Sealed refresh token. Google sends one when offline access is first granted (or consent is
   * asked again); a later token response without one keeps this. Null when none was ever sent.
   */
  refreshToken: text('refresh_token'),
  /** Sealed access token, refreshed when it is about to expire. */
  accessToken: text('access_token').notNull(),
  accessTokenExpiresAt: timestamptz('access_token_expires_at').notNull(),
  /** The scopes Google last said it granted (space-separated), for diagnosis. */
  scope: text('scope').notNull(),
  /**
   * When a sign-in's token response named gmail.readonly (asked with compose): the sender's own
   * inbox is then read for replies and bounces (inbound/gmail-inbound.ts). Cleared when Gmail
   * refuses that read, or a refresh no longer names the scope; the compose grant stays.
   */
  inboxReadGrantedAt: timestamptz('inbox_read_granted_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A signed-in browser. The session id handed to the client is random and only its hash is
 * stored, so a leaked table cannot be replayed as cookies.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Sessions belong to the signed-in identity; its user (if any) is looked up on each call. */
    identityId: uuid('identity_id')
      .notNull()
      .references(() => identities.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The provider's id token from sign-in, answered again on refresh (it is not a credential here). */
    idToken: text('id_token').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at'),
    userAgent: text('user_agent'),
  },
  (t) => [
    unique('sessions_token_hash_unique').on(t.tokenHash),
    index('sessions_identity_id_idx').on(t.identityId),
    // The purge job deletes by expiry.
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

/** Where the user stands in the gradual rollout; lastActivatedStep decides the restrictions. */
export const rolloutStatus = pgTable(
  'rollout_status',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    isRegistered: boolean('is_registered').notNull().default(true),
    isEligible: boolean('is_eligible').notNull().default(true),
    isPerSeat: boolean('is_per_seat').notNull().default(true),
    userV2: boolean('user_v2').notNull().default(true),
    lastActivatedStep: integer('last_activated_step').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('rollout_status_last_activated_step_check', sql`${t.lastActivatedStep} >= 0`)],
);
