import { bounceKindOf, saysMailboxFull, saysRecipientGone, statusIn, type BounceKind } from './bounce-rules';
import { addressOfField, oneLine } from './header-fields';

/**
 * Bounces written for people, not RFC 3464: qmail's "Hi. This is the qmail-send program",
 * Exim's and Sendmail's older notices, Gmail's old plain-text notice and other mailer-daemon mail.
 * They are judged by who sent them and what they say; the quoted original follows a marker line.
 */

const FROM_MAILER_DAEMON = /mailer-daemon|postmaster|mail delivery (?:subsystem|system)/i;
const BOUNCE_SUBJECT =
  /undeliver|undelivered|delivery status notification|failure notice|returned mail|mail delivery failed|delivery failure|non-?delivery|could not be delivered|delivery has failed/i;
const QMAIL_GREETING = /this is the qmail-send program/i;

const FAILURE_WORDS =
  /could(?: not|n't) be delivered|undeliverable|delivery (?:has )?failed|failed permanently|permanent (?:error|failure)|(?:was not|wasn't) able to deliver|unable to deliver|message not delivered|delivery to the following recipients? failed|failed recipients?|returned to sender/i;
const DELAY_WORDS =
  /has not yet been delivered|delivery (?:has been |is )?delayed|delayed mail|will (?:continue to|keep) try|still trying|warning only|this is a warning|message (?:is )?still undelivered|delivery deferred/i;

/** Lines after which MTAs quote the message they could not deliver. */
const QUOTE_MARKERS = [
  /^--- Below this line is a copy of the message\.?$/m, // qmail
  /^-+ This is a copy of the message.*-+$/m, // Exim
  /^-+ (?:Original message|Undelivered message|Returned message|Original message follows|Message header follows) -*$/im, // Sendmail, Gmail's old notice
  /^-+ ?Original Message ?-+$/im,
];

export interface ProseBounceInput {
  from: string;
  /** `Return-Path: <>`: the null sender every notice about a delivery is sent with (RFC 5321 §4.5.5). */
  nullSender: boolean;
  subject: string;
  text: string;
  failedRecipients: string | null;
}

export type ProseBounce =
  | { kind: BounceKind; recipient: string | null; status: string | null; reason: string; quoted: string }
  | { kind: 'not-a-bounce'; reason: string };

/**
 * A person's "Re: Undeliverable…" is not a bounce: the subject counts only with the null sender,
 * which a person's mail never has.
 */
export function looksLikeProseBounce(input: ProseBounceInput): boolean {
  return (
    FROM_MAILER_DAEMON.test(input.from) ||
    (input.nullSender && BOUNCE_SUBJECT.test(input.subject)) ||
    input.failedRecipients !== null ||
    QMAIL_GREETING.test(input.text.slice(0, 2000))
  );
}

export function readProseBounce(input: ProseBounceInput): ProseBounce {
  const { notice, quoted } = splitAtQuote(input.text);
  const recipient = recipientIn(input.failedRecipients, notice);
  const diagnostic = diagnosticLine(notice);
  const status = statusIn(notice);
  const failed = FAILURE_WORDS.test(notice) || input.failedRecipients !== null;
  if (!failed && DELAY_WORDS.test(notice))
    return { kind: 'not-a-bounce', reason: 'delivery delayed, not a bounce' };

  const kind =
    bounceKindOf(status, notice) ??
    // Known words without a code, or a failure that names no cause: soft, so the row is retried
    // and only bounced if it keeps failing.
    (saysRecipientGone(notice)
      ? 'hard-bounce'
      : saysMailboxFull(null, notice) || failed
        ? 'soft-bounce'
        : null);
  if (!kind) return { kind: 'not-a-bounce', reason: 'mailer-daemon mail that names no failure' };
  return { kind, recipient, status, reason: diagnostic, quoted };
}

function splitAtQuote(text: string): { notice: string; quoted: string } {
  let cut = -1;
  let rest = '';
  for (const marker of QUOTE_MARKERS) {
    const match = marker.exec(text);
    if (match && (cut === -1 || match.index < cut)) {
      cut = match.index;
      rest = text.slice(match.index + match[0].length);
    }
  }
  return cut === -1 ? { notice: text, quoted: '' } : { notice: text.slice(0, cut), quoted: rest };
}

function recipientIn(failedRecipients: string | null, notice: string): string | null {
  const named = addressOfField(failedRecipients ?? undefined);
  if (named) return named;
  // qmail and Exim put the address alone on its line (`<a@b>:` or `  a@b`) above the reason.
  // Blanks, not \s: a \s* at each line start could run across thousands of empty lines.
  const own = /^[ \t]*<?([^\s<>@"]+@[^\s<>@":]+?)>?:?[ \t]*$/m.exec(notice);
  if (own) return own[1]!.toLowerCase();
  const any = /<([^\s<>@"]+@[^\s<>@"]+)>/.exec(notice);
  return any ? any[1]!.toLowerCase() : null;
}

/** The server's own words: the first line with a code or a known cause, else the notice's start. */
function diagnosticLine(notice: string): string {
  const lines = notice
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const telling = lines.find(
    (line) => statusIn(line) !== null || saysRecipientGone(line) || saysMailboxFull(null, line),
  );
  return oneLine(telling ?? lines.slice(0, 3).join(' '));
}
