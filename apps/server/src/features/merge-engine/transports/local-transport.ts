import type { Db } from '../../../db/client';
import { mailMessages } from '../../../db/schema';
import { rawMessage, type MergeTransport } from './transport';

/**
 * Without SMTP_URL (the embedded shape): merge messages are captured in the local mailbox
 * (/mailbox), where the sender finds each one as rendered for its row, and the recipient too
 * should they sign in here, with its RFC 5322 source as it would have left (built as the Gmail
 * path builds it, without Bcc). Nothing leaves the machine.
 */
export function localMailboxTransport(db: Db, senderUserId: string): MergeTransport {
  return {
    name: 'local',
    // Each send is one INSERT. On PGlite that is the one connection, in this process: sends at
    // once gain nothing and queue ahead of every request (/healthz waited behind 32 of them).
    maxInFlight: 1,
    async send(message) {
      const copies = [
        message.cc.length ? `Cc: ${message.cc.join(', ')}` : '',
        message.bcc.length ? `Bcc: ${message.bcc.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('\n');
      await db.insert(mailMessages).values({
        kind: 'merge',
        toAddress: message.to,
        subject: message.subject,
        textBody: copies ? `${copies}\n\n${message.text}` : message.text,
        htmlBody: message.html,
        rawSource: (await rawMessage(message, { keepBcc: false })).toString('utf8'),
        fromUserId: senderUserId,
        status: 'CAPTURED',
      });
      return { kind: 'sent', messageId: message.messageId };
    },
    async close() {},
  };
}
