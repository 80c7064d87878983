import nodemailer from 'nodemailer';
import type { Config } from '../../../config/config';
import { DKIM_HEADER_FIELDS, mailOptionsOf, reasonOf, type MergeTransport } from './transport';

/** An SMTP 5xx reply is the server's final word about this message (unknown mailbox, refused). */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
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
        await pool.sendMail(mailOptionsOf(message));
        return { kind: 'sent', messageId: message.messageId };
      } catch (error) {
        return { kind: isPermanent(error) ? 'permanent' : 'transient', reason: reasonOf(error) };
      }
    },
    async close() {
      pool.close();
    },
  };
}
