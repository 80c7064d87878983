import { z } from 'zod';

/**
 * Every error code the server answers, with its HTTP status: the one place a code's status is
 * decided. The server's AppError takes only these codes and never a status of its own; the web
 * client reads `code` typed by this list. A code names one situation; where the spec names a
 * code (e.g. user_already_exists, invitation_is_not_active, user_owns_too_many_workspaces), this
 * is that code.
 */
export const errorStatus = {
  // The request itself.
  bad_request: 400,
  validation_failed: 400,
  malformed_json: 400,
  payload_too_large: 413,
  uri_too_long: 414,
  /** Node's HTTP parser refused the URL and headers as too large. */
  headers_too_large: 431,
  /** The request did not arrive in time. */
  request_timeout: 408,
  unsupported_media_type: 415,
  rate_limited: 429,

  // Who is calling (sign-in and sessions).
  unauthorized: 401,
  invalid_token: 401,
  token_expired: 401,
  session_expired: 401,
  /** A refresh from a browser that does not hold the session's HttpOnly cookie. */
  session_cookie_missing: 401,
  /** The OpenID state of a sign-in does not match the one this browser started. */
  state_mismatch: 400,
  /** The sign-in provider refused the authorization code. */
  invalid_grant: 400,
  /** The sign-in provider did not share an e-mail address. */
  missing_email: 400,
  /** Creating an account with another address than the signed-in one. */
  email_mismatch: 400,
  /** A live session whose identity has no account yet. */
  user_not_found: 404,
  user_disabled: 403,
  /** The account, or the membership an invitation would create, exists already (INV-011). */
  user_already_exists: 409,

  // What the caller may do (core's gates answer these with their reasons, see Denial).
  forbidden: 403,
  member_disabled: 403,
  space_disabled: 403,
  plan_not_eligible: 403,
  restricted: 403,
  /** AUTH-019 / TPL-004: the sign-in has not granted the compose scope (COMPOSE_PERMISSION_REQUIRED). */
  compose_permission_required: 403,
  /** The rollout restriction INVITATION is in force for the invited person. */
  invitation_restricted: 403,

  // The state of things.
  not_found: 404,
  conflict: 409,
  /** Creating a space beyond MAX_OWNED_SPACES. */
  too_many_spaces: 409,
  /** A transfer to someone who owns MAX_OWNED_SPACES already (001 §8). */
  user_owns_too_many_workspaces: 409,
  /** A transfer to someone who cannot own the space (not an active member, wrong seat). */
  not_eligible: 400,
  /** An invitation link that expired, was cancelled or was used (INV-010). */
  invitation_is_not_active: 409,

  /** MEM-059: the plan's paid-user maximum is reached. */
  max_users_reached: 409,
  /** MEM-057, MEM-058, MEM-063: a plan's user limit (free users, or the legacy plan's users) is reached. */
  user_limit_reached: 409,
  /** MEM-062, MEM-064: an address outside the space's domains on a single-domain plan. */
  domain_not_allowed: 409,
  /** MEM-036, MEM-060: the user is paid in another space while MULTIPLE_PAYMENT is in force. */
  already_paid_user: 409,
  /**
   * MEM-065 MEM-066 MEM-067 MEM-068 MEM-069, PERM-026 PERM-027 PERM-028 PERM-029 PERM-030 PERM-031: one of
   * the selected members cannot be removed (the message says why).
   */
  member_remove_refused: 403,
  /** MEM-038: a role change that names the owner. */
  role_change_refused: 403,
  /** MEM-037: a change that would change nothing. */
  nothing_to_change: 409,

  /** No price is sold for the plan, interval, currency or price id asked for. */
  price_not_available: 400,
  /** CHK-074: the payment provider refused the VAT id (its tax_id_invalid). */
  tax_id_invalid: 400,
  /** A checkout for a space that already has a live subscription (one subscription per space). */
  subscription_exists: 409,
  /** RES-009: the caller has no live license with that subscription id. */
  license_not_found: 404,
  /** RES-009: renewal is stopped on this page only for licenses paid through PayPal. */
  license_not_paypal: 409,
  /** The license's automatic renewal was stopped already; nothing changes. */
  auto_renewal_already_stopped: 409,
  /** SEAT-025: seats cannot be added or removed while a seat removal is scheduled. */
  seat_removal_scheduled: 409,
  /** SEAT-022: a seat removal that would leave fewer seats than members hold. */
  seats_in_use: 409,
  /** A change to a subscription that is not live (canceled, or not paid through Stripe). */
  subscription_not_active: 409,
  /** BILL-027: a billing-cycle change while another change waits in the subscription's schedule. */
  billing_cycle_change_scheduled: 409,
  /** CHK-088: at least one user must stay paid while a subscription is active. */
  cannot_downgrade: 409,
  /** The card was refused for a charge made now (added seats, an upgrade); nothing changed. */
  payment_failed: 402,
  /**
   * MEM-033: the card asks the buyer to confirm a charge made now (3-D Secure): nothing is applied
   * until the invoice (its page is in the message) is paid.
   */
  payment_requires_confirmation: 402,
  /** BILL-033: the customer portal is for a space paying through Stripe; SUPPORT and others are not. */
  portal_not_available: 409,
  /** The payment provider refused or failed a call (its message says why). */
  payment_provider_error: 502,
  /** A payment webhook whose Stripe-Signature does not match its body under our secret, or is too old. */
  webhook_signature_invalid: 400,

  /** A merge over DOMAIN_CHECK_BLOCK_ABOVE recipients whose sending domain's check failed (issue 26). */
  sending_domain_failed: 422,
  /** An uploaded or linked spreadsheet with no data rows (or no bytes at all). */
  spreadsheet_empty: 400,
  /** A file that is neither CSV nor XLSX (e.g. a binary file renamed .csv). */
  spreadsheet_not_supported: 415,
  /** No sheet has a column of e-mail addresses. */
  spreadsheet_no_email_column: 400,
  /** A sheet over SPREADSHEET_LIMITS.maxRows data rows. */
  spreadsheet_too_many_rows: 400,
  /** A sheet over SPREADSHEET_LIMITS.maxColumns columns. */
  spreadsheet_too_many_columns: 400,
  /** A cell over SPREADSHEET_LIMITS.maxCellCharacters. */
  spreadsheet_cell_too_long: 400,
  /** An XLSX file that unpacks past SPREADSHEET_LIMITS (size, ratio, parts) or holds more text. */
  spreadsheet_too_large: 400,
  /** A file whose reading ran out of the memory or the time the server gives one file. */
  spreadsheet_too_complex: 400,
  /** Linking a Google Sheet on an install without Google sign-in. */
  google_not_configured: 400,
  /** The sign-in has not granted the spreadsheets.readonly scope (asked incrementally). */
  sheets_permission_required: 403,

  // Our side or the world's.
  internal_error: 500,
  /** Gmail failed to create a draft. */
  gmail_unavailable: 502,
  /** The sign-in provider could not be reached. */
  provider_unavailable: 503,
  unavailable: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof errorStatus;
export const errorCodes = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]];

/**
 * Every failed call answers this one shape, so the web client and scripts can show
 * `message` and mark `fields` without knowing which call failed. `code` stays a string on the
 * wire, so a client older than the server still reads an answer with a code it does not know.
 * The server's OpenAPI document lists the codes (its route schemas): written here, the list
 * would ship in every first load of the web app.
 */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string().describe('Human-readable explanation of what is wrong'),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .describe('Per-field messages keyed by the field path, e.g. "body.workspaceName"'),
  }),
});

type ErrorBody = z.infer<typeof errorBodySchema>;

export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return errorBodySchema.safeParse(value).success;
}

/**
 * ALERT-008, ALERT-009 (000 §8): the generic banner of a failed call, word for word. The alerts
 * raise it; the billing page shows it where it cannot be closed (a failed cycle-change cancel).
 */
export const GENERIC_ERROR = { title: 'Something went wrong.', message: 'Please try again later.' } as const;
