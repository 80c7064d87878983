/** Enumerations of the spec's entities (§3 of both files), shared by schema, contracts and UI. */

export const ROLES = ['MEMBER', 'ADMIN', 'OWNER'] as const; // ordered MEMBER < ADMIN < OWNER
export type Role = (typeof ROLES)[number];

export const WORKSPACE_PLANS = ['FREE', 'PRO', 'PREMIUM', 'LEGACY'] as const;
export type WorkspacePlan = (typeof WORKSPACE_PLANS)[number];

export const USER_PLANS = ['FREE', 'PRO', 'PRO_PERSONAL'] as const;
export type UserPlan = (typeof USER_PLANS)[number];

export const LEGACY_TYPES = ['TEAM', 'UNLIMITED', 'PROFESSIONAL', 'PERSONAL'] as const;
export type LegacyType = (typeof LEGACY_TYPES)[number];

export const WORKSPACE_STATUSES = ['ACTIVE', 'LEGACY', 'DISABLED'] as const;
export type WorkspaceStatus = (typeof WORKSPACE_STATUSES)[number];

export const MEMBER_STATUSES = ['ACTIVE', 'ACCEPTED', 'PENDING', 'DISABLED', 'FREE_TRIAL', 'LEGACY'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const SEAT_TYPES = ['ADDED_YAMM_USER', 'PENDING_YAMM_USER'] as const;
export type SeatType = (typeof SEAT_TYPES)[number];

export const ACCOUNT_TYPES = ['STANDARD', 'BUSINESS'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const SUBSCRIPTION_STATUSES = ['ACTIVE', 'CANCELED', 'INCOMPLETE', 'PAST_DUE'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const PAYMENT_SOURCES = ['STRIPE', 'PAYPAL', 'SUPPORT', 'OFFLINE', 'OTHER'] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];

export const PURCHASE_TYPES = ['B2C', 'B2B'] as const;
export type PurchaseType = (typeof PURCHASE_TYPES)[number];

export const CURRENCIES = ['USD', 'EUR', 'INR'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const LEGAL_ENTITIES = ['BE', 'US'] as const;
export type LegalEntity = (typeof LEGAL_ENTITIES)[number];

/** Scheduled merge statuses of file 001 §4; the error ones have a message in §8. */
export const SCHEDULED_MERGE_ERROR_STATUSES = [
  'TOO COMPLEX REGEXP',
  'SPREADSHEET DELETED',
  'INVALID DRAFT',
  'UNKNOWN ERROR',
  'DRAFT NOT FOUND',
  'NAMED RANGE DELETED',
  'USER PROPERTY NOT FOUND',
  'SHEET DELETED',
] as const;
export const SCHEDULED_MERGE_STATUSES = [
  'SCHEDULED',
  'IN PROGRESS',
  ...SCHEDULED_MERGE_ERROR_STATUSES,
] as const;
export type ScheduledMergeStatus = (typeof SCHEDULED_MERGE_STATUSES)[number];

/** Unsubscriptions and bounces: WORKSPACE entries are shared with the whole space. */
export const SUPPRESSION_TYPES = ['WORKSPACE', 'USER'] as const;
export type SuppressionType = (typeof SUPPRESSION_TYPES)[number];

export const BOUNCE_KINDS = ['HARD', 'SOFT'] as const;
export type BounceKind = (typeof BOUNCE_KINDS)[number];

export const ROLLOUT_RESTRICTIONS = [
  'USERS_PAGE',
  'TRANSFER_WORKSPACE',
  'PREMIUM_PLAN',
  'INVITATION',
  'SHARED_UNSUBS',
  'SHARED_BOUNCES',
  'MULTIPLE_PAYMENT',
  'MONTHLY_BILLING',
  'WORKSPACE_DASHBOARD',
] as const;
export type RolloutRestriction = (typeof ROLLOUT_RESTRICTIONS)[number];

export const CREATE_SOURCES = ['WEBAPP', 'ADDON'] as const;

export const INVITATION_STATUSES = ['PENDING', 'ACCEPTED', 'CANCELED', 'EXPIRED'] as const;

/** A DISABLED user sees the 'Sorry, your account is disabled' page (000 §2). */
export const USER_STATUSES = ['ACTIVE', 'DISABLED'] as const;

/** Only ACTIVE plans are offered; retired prices stay so old subscriptions keep their plan. */
export const PAYMENT_PLAN_STATUSES = ['ACTIVE', 'ARCHIVED'] as const;

/** A scheduled seat removal is PENDING until it is applied at renewal or cancelled. */
export const SEAT_REMOVAL_STATUSES = ['PENDING', 'APPLIED', 'CANCELED'] as const;

export const CHECKOUT_SESSION_STATUSES = ['OPEN', 'COMPLETE', 'EXPIRED'] as const;

export const INVOICE_STATUSES = ['DRAFT', 'OPEN', 'PAID', 'VOID', 'UNCOLLECTIBLE'] as const;

/**
 * The furthest point a recipient reached; the tracking timestamps keep the whole history. The
 * merge engine moves a row PENDING → SENDING → SENT or FAILED (or UNKNOWN when its worker died).
 */
export const CAMPAIGN_RECIPIENT_STATUSES = [
  'PENDING',
  /** Claimed by a worker that is sending it now. */
  'SENDING',
  /**
   * Claimed by a worker that died before recording the outcome: it may or may not have been
   * sent, and it is never sent again (a duplicate is worse than a gap).
   */
  'UNKNOWN',
  'SENT',
  'OPENED',
  'CLICKED',
  'RESPONDED',
  'UNSUBSCRIBED',
  'BOUNCED',
  'FAILED',
] as const;
export type CampaignRecipientStatus = (typeof CAMPAIGN_RECIPIENT_STATUSES)[number];

/** Where a spreadsheet's rows came from: an uploaded CSV or XLSX file, or a Google Sheet. */
export const SPREADSHEET_SOURCES = ['UPLOAD', 'GOOGLE_SHEETS'] as const;
export type SpreadsheetSource = (typeof SPREADSHEET_SOURCES)[number];

/**
 * A mail merge's own state (the Scheduled list shows the spec's statuses from scheduled_merges):
 * SCHEDULED until it starts, SENDING while workers claim its rows, WAITING_FOR_QUOTA when the
 * sender's daily quota ran out (resumes at the reset), PAUSED when the send guard's circuit breaker
 * or the sender stopped it (resumed or cancelled by hand), then COMPLETED, CANCELED or FAILED.
 */
export const MERGE_STATUSES = [
  'SCHEDULED',
  'SENDING',
  'WAITING_FOR_QUOTA',
  'PAUSED',
  'COMPLETED',
  'CANCELED',
  'FAILED',
] as const;

/**
 * Why a merge is PAUSED: by the sender or an admin (MANUAL), or by the send guard's circuit
 * breaker — hard bounces over the threshold, a spam complaint early on, or a mailbox provider's
 * policy rejection (5.7.26, 5.7.515, 4.7.x rate or reputation codes).
 */
export const MERGE_PAUSE_REASONS = ['MANUAL', 'BOUNCE_RATE', 'COMPLAINT', 'POLICY_REJECTION'] as const;
export type MergePauseReason = (typeof MERGE_PAUSE_REASONS)[number];

/**
 * A sending domain's pre-flight outcome: PASS (SPF, DKIM and DMARC as the mailbox providers ask),
 * FAIL (a definite problem, with the records to publish), UNCHECKED (DNS did not answer in time).
 */
export const DOMAIN_CHECK_OUTCOMES = ['PASS', 'FAIL', 'UNCHECKED'] as const;
export type DomainCheckOutcome = (typeof DOMAIN_CHECK_OUTCOMES)[number];
