/**
 * Hard or soft: the one rule both kinds of bounce go through, a standard DSN (its Status field)
 * and a bounce in prose (the codes and words in its text).
 *
 * Mailbox full is soft, whatever the class: X.2.2 is "mailbox full" in RFC 3463, and Gmail,
 * Microsoft and most MTAs send it as 552 5.2.2 even though the box may empty tomorrow. A soft
 * bounce is counted and retried, then bounced by the step that applies it, so a box that stays
 * full still ends on the Bounces list, while one that empties does not lose its contact.
 */

export type BounceKind = 'hard-bounce' | 'soft-bounce';

/**
 * An RFC 3463 enhanced status code (class.subject.detail). The look-arounds keep a dotted IP
 * address or a version number ('192.0.2.24', '15.1.112.19') from reading as one.
 */
const ENHANCED_STATUS = /(?<![\d.])([245])\.(\d{1,3})\.(\d{1,3})(?!\.?\d)/;
/** A basic SMTP reply code (RFC 5321 §4.2) as MTAs quote it: '550 ', '550-', '452:'. */
const SMTP_REPLY = /(?<![\d.:/])([45][0-5]\d)(?=[ \-:])/;

const MAILBOX_FULL =
  /mailbox (?:is )?full|mailbox.{0,30}(?:full|exceeded)|over ?quota|quota (?:is )?exceeded|exceeded.{0,30}quota|storage quota|insufficient (?:system )?storage|out of storage|disk quota/i;

const RECIPIENT_GONE =
  /user unknown|unknown (?:user|recipient|address)|no such (?:user|mailbox|recipient|address|person)|(?:does not|doesn't|did not) exist|doesn't have an? [\w.-]+ account|(?:user|recipient|mailbox|address) not found|recipientnotfound|invalid (?:recipient|mailbox|address)|(?:recipient|address) rejected|mailbox (?:unavailable|not found|disabled)|account (?:has been )?(?:disabled|closed|deactivated)|couldn't find any host|host (?:or domain name )?not found|unrouteable address|no mailbox here/i;

/** The status code a text carries: its enhanced code, else one built from its SMTP reply code. */
export function statusIn(text: string): string | null {
  const enhanced = ENHANCED_STATUS.exec(text);
  if (enhanced) return `${enhanced[1]}.${enhanced[2]}.${enhanced[3]}`;
  const reply = SMTP_REPLY.exec(text);
  return reply ? `${reply[1]![0]}.0.0` : null;
}

export function saysMailboxFull(status: string | null, text: string): boolean {
  return /^[45]\.2\.2$/.test(status ?? '') || MAILBOX_FULL.test(text);
}

export function saysRecipientGone(text: string): boolean {
  return RECIPIENT_GONE.test(text);
}

/**
 * The kind a failed delivery is, from its status (when known) and the server's words; null when
 * neither says (a 2.x.x, or nothing recognisable).
 */
export function bounceKindOf(status: string | null, text: string): BounceKind | null {
  if (saysMailboxFull(status, text)) return 'soft-bounce';
  if (status?.startsWith('5')) return 'hard-bounce';
  if (status?.startsWith('4')) return 'soft-bounce';
  if (status === null && saysRecipientGone(text)) return 'hard-bounce';
  return null;
}
