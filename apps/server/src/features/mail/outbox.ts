import type { Tx } from '../../db/client';
import { mailMessages } from '../../db/schema';

export interface MailSettings {
  publicUrl: string;
  productName: string;
  /** No SMTP configured: mail is captured in the local mailbox (/mailbox) instead of sent. */
  capture: boolean;
}

/** Header values never carry line breaks, whatever a user typed into a name (no CR/LF injection). */
export function headerSafe(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

/** Puts a message in the outbox inside the caller's transaction, so it exists exactly when its cause does. */
export async function enqueueMail(
  tx: Tx,
  settings: MailSettings,
  message: { kind: string; to: string; subject: string; text: string },
): Promise<void> {
  await tx.insert(mailMessages).values({
    kind: message.kind,
    toAddress: headerSafe(message.to),
    subject: headerSafe(message.subject),
    textBody: message.text,
    status: settings.capture ? 'CAPTURED' : 'QUEUED',
  });
}
