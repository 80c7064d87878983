import type { MergePauseReason } from '../constants/domain';

/**
 * The send guard's circuit breaker (issue 26): when a running merge is hurting its sender's domain
 * and should stop by itself. The lines follow the mailbox providers' bulk-sender rules: Gmail asks
 * for a spam rate under 0.1 % and rejects above 0.3 % (support.google.com/a/answer/81126), and a
 * hard-bounce rate over 5 % is where ESPs suspend a sender (e.g. AWS SES reviews at 5 %, 10 %
 * suspends: docs.aws.amazon.com/ses/latest/dg/faqs-enforcement.html).
 */

/** Hard bounces above this share of the messages sent pause the merge… */
export const BREAKER_BOUNCE_RATE = 0.05;
/** …once at least this many are sent: below it, a few bad rows of a small list say little. */
export const BREAKER_MIN_SENT_FOR_BOUNCE_RATE = 50;
/** Any spam complaint while fewer messages than this are sent is early, and pauses the merge… */
export const BREAKER_EARLY_COMPLAINT_SENT = 1000;
/** …after that, a complaint rate at or above Gmail's 0.1 % does. */
export const BREAKER_COMPLAINT_RATE = 0.001;

/**
 * The enhanced status codes (RFC 3463) that are a mailbox provider refusing the sender, not the
 * address: sending on only earns more of them and hurts the domain's reputation.
 * - 5.7.26: unauthenticated mail refused (DMARC fails) — Gmail, support.google.com/a/answer/3726730.
 * - 5.7.515: the sending domain does not meet Outlook.com's authentication requirement (May 2025,
 *   techcommunity.microsoft.com "Strengthening Email Ecosystem: Outlook's New Requirements for
 *   High-Volume Senders").
 * - 4.7.0: Gmail's "unusual rate of unsolicited mail" / Yahoo's TSS04 deferral for volume or
 *   complaints (senders.yahooinc.com/smtp-error-codes).
 * - 4.7.26, 4.7.27, 4.7.28, 4.7.29, 4.7.30, 4.7.32, 4.7.40: Gmail rate-limiting the sender for
 *   missing authentication (SPF, DKIM, DMARC, TLS) or for its spam rate (answer/3726730).
 * - 4.7.500 to 4.7.699: Microsoft's "Access denied, please try again later", 4.7.650 the IP's
 *   reputation (learn.microsoft.com, Exchange Online "Fix email delivery issues for error code
 *   451 4.7.500-699 (ASxxx)").
 * Other 4.7.x (e.g. a greylisting 4.7.1) are left to the transport's retries.
 */
const POLICY_CODES = new Set([
  '5.7.26',
  '5.7.515',
  '4.7.0',
  '4.7.26',
  '4.7.27',
  '4.7.28',
  '4.7.29',
  '4.7.30',
  '4.7.32',
  '4.7.40',
]);
const MICROSOFT_RANGE = { from: 500, to: 699 };

const ENHANCED_CODE = /(?<![\d.])([45])\.(\d{1,3})\.(\d{1,3})(?![\d.]*\d)/g;

/** The first provider policy code in a refusal's text (e.g. '550 5.7.26 …'), else null. */
export function policyRejectionCode(text: string): string | null {
  for (const [code, klass, subject, detail] of text.matchAll(ENHANCED_CODE)) {
    if (POLICY_CODES.has(code)) return code;
    const n = Number(detail);
    if (klass === '4' && subject === '7' && n >= MICROSOFT_RANGE.from && n <= MICROSOFT_RANGE.to) return code;
  }
  return null;
}

/** A merge's counters the breaker reads: messages sent (bounced ones included), hard bounces, complaints. */
export interface BreakerCounters {
  sent: number;
  hardBounced: number;
  complained: number;
}

/**
 * What just happened to the merge, counted in `BreakerCounters` already: messages sent, hard
 * bounces and complaints just recorded, and the refusal texts just seen. Only news trips the
 * breaker (a new bounce, a new complaint, a refusal, or the sent count reaching the minimum with
 * the rate already over), so a merge resumed by hand goes on until new news keeps it over a line.
 */
export interface BreakerNews {
  sent?: number;
  hardBounces?: number;
  complaints?: number;
  rejections?: readonly string[];
}

/** Why the breaker pauses a merge: the pause reason and the sentence the sender reads. */
export interface BreakerTrip {
  reason: Exclude<MergePauseReason, 'MANUAL'>;
  details: string;
}

const count = (n: number) => n.toLocaleString('en-US');
const percent = (rate: number) => `${(rate * 100).toFixed(1).replace(/\.0$/, '')} %`;
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/**
 * Whether a running merge should pause now, and why: a provider's policy refusal among the news'
 * rejections at once; else, on a new complaint, a complaint early (any before
 * BREAKER_EARLY_COMPLAINT_SENT are sent, a rate of BREAKER_COMPLAINT_RATE or more after); else, on
 * a new hard bounce or as the sent count reaches BREAKER_MIN_SENT_FOR_BOUNCE_RATE, hard bounces
 * above BREAKER_BOUNCE_RATE once that many are sent. Null: keep sending.
 */
export function circuitBreakerTrip(counters: BreakerCounters, news: BreakerNews): BreakerTrip | null {
  for (const text of news.rejections ?? []) {
    const code = policyRejectionCode(text);
    if (code)
      return {
        reason: 'POLICY_REJECTION',
        details: `A mailbox provider refused a message for its sending policy (${code}): ${text.trim().slice(0, 300)}`,
      };
  }
  const { sent, hardBounced, complained } = counters;
  if ((news.complaints ?? 0) > 0 && complained > 0) {
    if (sent < BREAKER_EARLY_COMPLAINT_SENT)
      return {
        reason: 'COMPLAINT',
        details: `${plural(complained, 'spam complaint', 'spam complaints')} after ${plural(sent, 'message', 'messages')} sent: any complaint within the first ${count(BREAKER_EARLY_COMPLAINT_SENT)} pauses the merge.`,
      };
    if (complained / sent >= BREAKER_COMPLAINT_RATE)
      return {
        reason: 'COMPLAINT',
        details: `${plural(complained, 'spam complaint', 'spam complaints')} in ${plural(sent, 'message', 'messages')} sent (${percent(complained / sent)}), at or above the ${percent(BREAKER_COMPLAINT_RATE)} mailbox providers allow.`,
      };
  }
  const reachedMinimum = sent - (news.sent ?? 0) < BREAKER_MIN_SENT_FOR_BOUNCE_RATE;
  if (
    ((news.hardBounces ?? 0) > 0 || reachedMinimum) &&
    sent >= BREAKER_MIN_SENT_FOR_BOUNCE_RATE &&
    hardBounced / sent > BREAKER_BOUNCE_RATE
  )
    return {
      reason: 'BOUNCE_RATE',
      details: `${plural(hardBounced, 'hard bounce', 'hard bounces')} in ${plural(sent, 'message', 'messages')} sent (${percent(hardBounced / sent)}), above the ${percent(BREAKER_BOUNCE_RATE)} allowed once ${count(BREAKER_MIN_SENT_FOR_BOUNCE_RATE)} are sent.`,
    };
  return null;
}
