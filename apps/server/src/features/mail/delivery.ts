import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/client';
import { mailMessages } from '../../db/schema';
import { defineJob } from '../../jobs/job';

/** After this many attempts a message that still cannot be delivered is FAILED. */
export const MAX_MAIL_ATTEMPTS = 8;
/** The first retry waits this long; each further one twice the previous (1, 2, 4 … 64 min). */
const FIRST_RETRY_SECONDS = 60;
/**
 * A claimed message is not due again before this lease ends, so another worker skips it while it
 * is being sent; longer than one send can take (the transport timeouts below). If the process
 * dies mid-send, the message is tried again when the lease ends.
 */
const CLAIM_LEASE_SECONDS = 5 * 60;
/** Messages one run delivers at most; the next run (a minute later) takes the rest. */
const BATCH = 50;
const LAST_ERROR_LENGTH = 500;

interface Transport {
  sendMail(message: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
  close(): void;
}

export function smtpTransport(smtpUrl: string): Transport {
  return nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
}

/**
 * One due QUEUED message, or none: counted as an attempt and leased to this worker. The due row is
 * picked in a MATERIALIZED CTE, evaluated once: as `id IN (SELECT … LIMIT 1 FOR UPDATE SKIP
 * LOCKED)` the planner may rescan the subquery per row, and each rescan skips to the next row, so
 * one call could claim every due message.
 */
async function claimNext(database: Database) {
  const result = (await database.db.execute(sql`WITH due AS MATERIALIZED (
      SELECT id FROM mail_messages WHERE status = 'QUEUED' AND next_attempt_at <= now()
      ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED)
    UPDATE mail_messages m
       SET attempts = m.attempts + 1, next_attempt_at = now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})
      FROM due WHERE m.id = due.id AND m.status = 'QUEUED'
    RETURNING m.id, m.to_address AS "toAddress", m.subject, m.text_body AS "textBody", m.attempts`)) as unknown as {
    rows: { id: string; toAddress: string; subject: string; textBody: string; attempts: number }[];
  };
  return result.rows[0];
}

/** An SMTP 5xx reply is the server's final word (unknown mailbox, refused sender): no retry. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * Sends the due QUEUED messages of the outbox over SMTP. Each message is claimed first (a
 * conditional update over `FOR UPDATE SKIP LOCKED`), so two workers never send one message twice;
 * only a crash between the SMTP server's acceptance and the SENT write can repeat one.
 * Answers how many messages were attempted.
 */
export async function deliverDueMail(options: {
  database: Database;
  transport: Transport;
  from: string;
}): Promise<number> {
  const { database, transport, from } = options;
  let attempted = 0;
  while (attempted < BATCH) {
    const message = await claimNext(database);
    if (!message) break;
    attempted += 1;
    try {
      await transport.sendMail({
        from,
        to: message.toAddress,
        subject: message.subject,
        text: message.textBody,
      });
      await database.db
        .update(mailMessages)
        .set({ status: 'SENT', sentAt: sql`now()`, lastError: null })
        .where(eq(mailMessages.id, message.id));
    } catch (error) {
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, LAST_ERROR_LENGTH);
      const failed = isPermanent(error) || message.attempts >= MAX_MAIL_ATTEMPTS;
      const retryInSeconds = FIRST_RETRY_SECONDS * 2 ** (message.attempts - 1);
      await database.db
        .update(mailMessages)
        .set(
          failed
            ? { status: 'FAILED', lastError }
            : { lastError, nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})` },
        )
        .where(eq(mailMessages.id, message.id));
    }
  }
  return attempted;
}

/**
 * Delivers the outbox when SMTP_URL is set; without it mail is captured for the local mailbox
 * and nothing is QUEUED. The outbox row is written inside the transaction of what it announces,
 * where no job can be sent, so delivery runs every minute (pg-boss's finest schedule): mail
 * leaves within about a minute of being written, and a retry within a minute of falling due.
 */
export const deliverMailJob = defineJob({
  name: 'deliver-mail',
  schedule: '* * * * *',
  async run({ database, config }) {
    if (!config.SMTP_URL) return;
    const transport = smtpTransport(config.SMTP_URL);
    try {
      await deliverDueMail({ database, transport, from: config.mailFrom });
    } finally {
      transport.close();
    }
  },
});
