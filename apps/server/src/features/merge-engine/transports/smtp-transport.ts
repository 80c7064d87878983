import nodemailer from 'nodemailer';
import type { Config } from '../../../config/config';
import {
  DKIM_HEADER_FIELDS,
  mailOptionsOf,
  reasonOf,
  type MergeTransport,
  type SendOutcome,
} from './transport';

/** nodemailer's error for one refused recipient of a message sent to others. */
type RecipientError = Error & { recipient?: string; responseCode?: number; command?: string };

/**
 * An SMTP error as a send outcome. Only a reply to RCPT TO or DATA is about this message: a 5xx to
 * RCPT TO refuses the address (a hard bounce); a 450, 451 or 452 to either defers this mailbox
 * (busy, full, greylisted: a soft bounce). A 5xx to anything else (MAIL FROM, AUTH: the install's
 * own set-up) fails the message without blaming the address, which must not land on the Bounces
 * list for a relay's misconfiguration; a 421 is the server closing for everyone, not a bounce.
 */
function outcomeOf(error: unknown): SendOutcome {
  const { responseCode: code, command } = error as { responseCode?: unknown; command?: unknown };
  const reason = reasonOf(error);
  if (typeof code !== 'number') return { kind: 'transient', reason };
  if (code >= 500 && code < 600)
    return command === 'RCPT TO' ? { kind: 'bounced', reason } : { kind: 'permanent', reason };
  const deferred = (command === 'RCPT TO' || command === 'DATA') && code >= 450 && code <= 452;
  return { kind: 'transient', reason, ...(deferred ? { deferred } : {}) };
}

/**
 * SMTP_URL through a nodemailer pool: SMTP_MAX_CONNECTIONS connections kept open and reused,
 * at most SMTP_RATE_PER_SECOND messages a second when set, DKIM-signed when DKIM_* are set
 * (the List-* headers included).
 */
export function smtpTransport(config: Config & { SMTP_URL: string }): MergeTransport {
  const rate = config.SMTP_RATE_PER_SECOND;
  const pool = nodemailer.createTransport({
    url: config.SMTP_URL,
    pool: true,
    maxConnections: config.SMTP_MAX_CONNECTIONS,
    maxMessages: Number.POSITIVE_INFINITY,
    ...(rate ? { rateDelta: 1000, rateLimit: rate } : {}),
    ...(config.dkim ? { dkim: { ...config.dkim, headerFieldNames: DKIM_HEADER_FIELDS } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    name: 'smtp',
    async send(message) {
      try {
        const info = (await pool.sendMail(mailOptionsOf(message))) as { rejectedErrors?: RecipientError[] };
        // Taken for a copy (Cc, Bcc) but refused for good for the To: the To bounced all the same.
        // (A 4xx for the To cannot be retried without sending the copies twice: the row is sent.)
        const refusal = info.rejectedErrors?.find((error) => error.recipient === message.to);
        if (refusal && outcomeOf(refusal).kind === 'bounced') return outcomeOf(refusal);
        return { kind: 'sent', messageId: message.messageId };
      } catch (error) {
        return outcomeOf(error);
      }
    },
    async close() {
      pool.close();
    },
  };
}
