/** Business constants and limits: §9 of both spec files, one name per figure. */

export const APP_VERSION = '2.10.28'; // CONST-001

export const MAX_OWNED_SPACES = 5;
export const SPACE_NAME_MIN_LENGTH = 5;
export const SPACE_NAME_MAX_LENGTH = 255;

export const MEMBER_PAGE_SIZE = 100; // CONST-009, decision C10
export const TABLE_PAGE_SIZE = 25; // CONST-005
export const EXPORT_MAX_ROWS = 30_000; // CONST-010

export const SEARCH_DEBOUNCE_MS = 200;
export const AUTOCOMPLETE_DELAY_MS = 500;
export const AUTOCOMPLETE_MIN_CHARS = 2;
export const CAMPAIGN_DETAIL_REFETCH_MS = 30_000;

export const TAG_INPUT_ROWS = { unsubscriptions: 6, bounces: 6, memberAdd: 5 } as const;

/** Daily recipient quotas by user plan; FREE may be overridden by the server's freeUserQuota. */
export const DAILY_RECIPIENT_QUOTA = { FREE: 20, PRO: 1500, PRO_PERSONAL: 400 } as const;
export const WORKSPACE_DAILY_QUOTA = 1500;
export const WORKSPACE_QUOTA_SENT_THRESHOLD_24H = 500;

export const RECOVERABLE_ERROR_MAX_RETRIES = 5;
export const RECOVERABLE_ERROR_RETRY_DELAY_MS = 60 * 60 * 1000;

export const SEATS = {
  teamMinimum: 2,
  maximum: 100,
  /** Seat parameters on checkout return are valid from 1 to 100 (decision C9). */
  returnParamMin: 1,
  returnParamMax: 100,
  legacyReturnWorkspaceSeatsMax: 100,
} as const;

export const CHECKOUT_FIELD_LIMITS = {
  nameMax: 256,
  businessNameMax: 30,
  companyMax: 256,
  cityMin: 2,
  stateMax: 256,
  postalCodeMax: 30,
  vatMin: 2,
} as const;

export const PURCHASE_DEFAULTS = {
  country: 'US',
  purchaseType: 'B2C',
  billingInterval: 'YEARLY',
  monthlyFlag: 'NONE',
  plan: 'PRO',
  seatQuantity: 1,
} as const;

export const COOKIE_LIFETIME_DAYS = { session: 36, auth: 36, domain: 730, other: 1 } as const;
export const SESSION_TIMER_MARGIN_MS = 2000;

/**
 * TanStack Query stale times in milliseconds (CONST-022 CONST-023 CONST-024 CONST-025 CONST-026 CONST-027);
 * Infinity = never stale.
 */
export const STALE_TIME_MS = {
  subscriptions: 5_000,
  paymentInfo: 300_000,
  scheduledRemoval: 300_000,
  customerPortal: Number.POSITIVE_INFINITY,
  paymentPlans: 30_000,
  members: 1_000,
  lists: 1_000,
  templates: Number.POSITIVE_INFINITY,
} as const;

export const POST_PAYMENT_DELAY_MS = 2000;
export const COPY_COUPON_RESET_MS = 2000;

export const INITIALS_MAX_LETTERS = 2;
export const DATE_FORMATS = { short: 'LLL. d, p', long: 'LLL. d, yyyy, p' } as const;
export const SIDEBAR_WIDTH_PX = 256;

/** Breakpoints in px; below `tablet` the layout switches to mobile. */
export const BREAKPOINTS = {
  smallMobile: 375,
  mobile: 480,
  tablet: 990,
  laptop: 1024,
  desktop: 1440,
} as const;

export const PERSONAL_MAIL_DOMAINS = ['gmail.com', 'googlemail.com'] as const;

export const DATE_RANGE_OPTIONS = [
  { value: 'LAST_30_DAYS', label: 'Last 30 days' },
  { value: 'LAST_MONTH', label: 'Last month' },
  { value: 'THIS_MONTH', label: 'This month' },
  { value: 'LAST_12_MONTHS', label: 'Last 12 months' },
  { value: 'THIS_YEAR', label: 'This year' },
] as const;
export type DateRange = (typeof DATE_RANGE_OPTIONS)[number]['value'];
export const DEFAULT_DATE_RANGE: DateRange = 'LAST_12_MONTHS';

/** What one uploaded spreadsheet may hold (stated on the upload screen and in OpenAPI). */
export const SPREADSHEET_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  maxRows: 50_000,
  maxColumns: 200,
  /**
   * A cell's text: Google Sheets' own maximum, so no sheet exported from it is refused (Excel's
   * is 32,767).
   */
  maxCellCharacters: 50_000,
  /**
   * All cells' text together. Shared strings let a small XLSX repeat one long text in every
   * cell; about three times what the largest CSV upload can hold.
   */
  maxTextCharacters: 32_000_000,
  /** Distinct texts in an XLSX file's shared-strings table (50,000 rows of 40 distinct cells). */
  maxSharedStrings: 2_000_000,
  /**
   * An XLSX file is a ZIP archive, judged by its directory before anything is unpacked: all its
   * parts together unpack to at most this (a full 50,000-row sheet is some 30–60 MB of XML)…
   */
  maxUnpackedBytes: 100 * 1024 * 1024,
  /**
   * …no part bigger than packRatioFreeBytes unpacks to more than maxPackRatio times its packed
   * size (spreadsheet XML packs some 5 to 30 to 1; a bomb, 1,000 to 1)…
   */
  maxPackRatio: 100,
  packRatioFreeBytes: 1024 * 1024,
  /** …and it has at most this many parts (a workbook of 100 sheets has some 300). */
  maxArchiveEntries: 1_000,
} as const;
