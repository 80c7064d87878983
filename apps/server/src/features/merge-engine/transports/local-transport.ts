import type { Database } from '../../../db/client';
import { mailMessages } from '../../../db/schema';
import { enqueueSimulatedMail, isSimulatedAddress, simulateMailbox } from '../../inbound';
import { rawMessage, type MergeMessage, type MergeTransport } from './transport';

/** The message's RFC 5322 source as it arrives: the receiving server adds its Return-Path (RFC 5321 §4.4). */
async function arrived(message: MergeMessage): Promise<Buffer> {
  const raw = await rawMessage(message, { keepBcc: false });
  return message.returnPath
    ? Buffer.concat([Buffer.from(`Return-Path: <${message.returnPath}>\r\n`), raw])
    : raw;
}

/**
 * Without SMTP_URL (the embedded shape): merge messages are captured in the local mailbox
 * (/mailbox), where the sender finds each one as rendered for its row, and the recipient too
 * should they sign in here, with its RFC 5322 source as it would have arrived (built as the Gmail
 * path builds it, without Bcc). Nothing leaves the machine. Addresses at simulator.test get the
 * mailbox simulator's answers (inbound feature): a bounce, a complaint, a reply… sent back a few
 * seconds later, by a job enqueued with the capture. With SMTP_RATE_PER_SECOND set (`rate`) it keeps
 * to that pace as the SMTP pool does, so a merge to the simulator is still sending when its bounces
 * come back (the circuit breaker's journey, a demo).
 */
export function localMailboxTransport(
  database: Database,
  senderUserId: string,
  rate?: number,
): MergeTransport {
  // Sends are one at a time (maxInFlight), so the pace is each send's earliest start.
  let nextSendAt = 0;
  const keepPace = async () => {
    if (!rate) return;
    const wait = nextSendAt - Date.now();
    nextSendAt = Math.max(nextSendAt, Date.now()) + 1000 / rate;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  };
  const capture = (message: MergeMessage, raw: Buffer) => {
    const copies = [
      message.cc.length ? `Cc: ${message.cc.join(', ')}` : '',
      message.bcc.length ? `Bcc: ${message.bcc.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('\n');
    return {
      kind: 'merge',
      toAddress: message.to,
      subject: message.subject,
      textBody: copies ? `${copies}\n\n${message.text}` : message.text,
      htmlBody: message.html,
      rawSource: raw.toString('utf8'),
      fromUserId: senderUserId,
      status: 'CAPTURED' as const,
    };
  };
  return {
    name: 'local',
    // Each send is one INSERT. On PGlite that is the one connection, in this process: sends at
    // once gain nothing and queue ahead of every request (/healthz waited behind 32 of them).
    maxInFlight: 1,
    async send(message) {
      await keepPace();
      const raw = await arrived(message);
      if (!isSimulatedAddress(message.to)) {
        await database.db.insert(mailMessages).values(capture(message, raw));
        return { kind: 'sent', messageId: message.messageId };
      }
      const simulation = await simulateMailbox({ ...message, raw });
      await database.db.transaction(async (tx) => {
        if (simulation.deliver) await tx.insert(mailMessages).values(capture(message, raw));
        for (const mail of simulation.mail) await enqueueSimulatedMail(tx, database, message.messageId, mail);
      });
      return { kind: 'sent', messageId: message.messageId };
    },
    async close() {},
  };
}
