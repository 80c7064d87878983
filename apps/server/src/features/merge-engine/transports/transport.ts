import MailComposer from 'nodemailer/lib/mail-composer';
import { headerLine } from '@mergeboard/core';
import { encodeWord, isPlainText, quoteString } from 'nodemailer/lib/mime-funcs';

/** One personalised message of a merge, rendered for its row, ready for any transport. */
export interface MergeMessage {
  from: { name: string; address: string };
  to: string;
  cc: string[];
  bcc: string[];
  replyTo: string | null;
  subject: string;
  html: string;
  text: string;
  /** `<campaignId.rowNumber@host>`: stable, so a message sent twice is recognisable as one. */
  messageId: string;
  /**
   * The envelope sender (SMTP MAIL FROM, the Return-Path it arrives with): `bounces+{token}@…`
   * naming the recipient row, so a bounce is matched even when it quotes nothing (VERP). Null for
   * a test email: the sender's own address.
   */
  returnPath: string | null;
  /**
   * The List-* headers: List-Unsubscribe (RFC 8058, with List-Unsubscribe-Post) when the message
   * has a one-click URL (a test email has none), with the mailto: address as its second URI (RFC
   * 2369), and the List-Id (RFC 2919) naming the space.
   */
  list: { unsubscribe: string | null; unsubscribeMailto: string | null; id: string; name: string };
}

/**
 * What became of one message. `bounced`: the recipient's server refused this address for good
 * (SMTP 5xx to RCPT TO), a hard bounce at once; `permanent`: the provider refused the message for
 * good for another reason (a 5xx to MAIL FROM or DATA, a malformed message) and it is FAILED;
 * `transient`: it was not taken and may be tried again later (SMTP 4xx, network, the provider's
 * rate limit), so the merge pauses and retries. A transient that is `deferred` was the
 * recipient's server answering 4xx about this message (mailbox full, greylisting): a soft bounce
 * counted on the row, the third of which is a hard bounce.
 */
export type SendOutcome =
  | { kind: 'sent'; messageId: string }
  | { kind: 'bounced'; reason: string }
  | { kind: 'permanent'; reason: string }
  | { kind: 'transient'; reason: string; deferred?: boolean };

export interface MergeTransport {
  readonly name: 'smtp' | 'gmail' | 'local';
  /**
   * At most this many sends at once, whatever MERGE_CONCURRENCY says: for a transport whose sends
   * are statements on our own database rather than calls over the network.
   */
  readonly maxInFlight?: number;
  send(message: MergeMessage): Promise<SendOutcome>;
  close(): Promise<void>;
}

/** An error's message, shortened for a failure_reason or error_details column. */
export function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

/**
 * The DKIM-signed header fields: nodemailer's defaults (RFC 6376 §5.4's list, List-Unsubscribe
 * among them) and List-Unsubscribe-Post, which Gmail and Yahoo require to be signed (RFC 8058 §4).
 */
export const DKIM_HEADER_FIELDS =
  'From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:' +
  'Content-Transfer-Encoding:Content-ID:Content-Description:Resent-Date:Resent-From:' +
  'Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID:In-Reply-To:References:List-Id:List-Help:' +
  'List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post:List-Owner:List-Archive';

/** The space's name as the List-Id's phrase: one line, quoted (or an encoded word when not ASCII). */
function listIdPhrase(name: string): string {
  const line = headerLine(name);
  return isPlainText(line) ? quoteString(line) : encodeWord(line, 'Q', 52);
}

/**
 * The List-* headers, written as they go out (`prepared`): nodemailer's own `list` option only
 * works through a transport's sendMail, not MailComposer, and the raw message of Gmail and of the
 * local mailbox needs them too. Each stays one line (RELIABILITY: unfolded inside DKIM): a URL
 * holds no space, and the List-Id (a UUID, a host, a space name) stays far below 998 characters.
 */
function listHeaders(list: MergeMessage['list']) {
  const unsubscribe = [list.unsubscribe, list.unsubscribeMailto && `mailto:${list.unsubscribeMailto}`]
    .filter(Boolean)
    .map((uri) => `<${uri}>`)
    .join(', ');
  return {
    ...(list.unsubscribe
      ? {
          'List-Unsubscribe': { prepared: true, value: unsubscribe },
          'List-Unsubscribe-Post': { prepared: true, value: 'List-Unsubscribe=One-Click' },
        }
      : {}),
    'List-Id': { prepared: true, value: `${listIdPhrase(list.name)} <${list.id}>` },
  };
}

/** The message as nodemailer's mail options: SMTP sends them, the raw messages are built from them. */
export function mailOptionsOf(message: MergeMessage) {
  return {
    headers: listHeaders(message.list),
    from: message.from,
    to: message.to,
    cc: message.cc,
    bcc: message.bcc,
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    subject: message.subject,
    html: message.html,
    text: message.text,
    messageId: message.messageId,
    ...(message.returnPath
      ? { envelope: { from: message.returnPath, to: [message.to, ...message.cc, ...message.bcc] } }
      : {}),
  };
}

/**
 * The message as RFC 5322 bytes, as MailComposer builds them for Gmail's raw message and the local
 * mailbox's 'Show original'. `keepBcc`: Gmail reads Bcc from the raw message and removes it
 * before delivery.
 */
export async function rawMessage(message: MergeMessage, options: { keepBcc: boolean }): Promise<Buffer> {
  const composer = new MailComposer({
    ...mailOptionsOf(message),
    keepBcc: options.keepBcc,
  } as ConstructorParameters<typeof MailComposer>[0]);
  return composer.compile().build();
}
