import type { Database, Tx } from '../../db/client';
import { addRecipientUnsubscription } from '../suppressions';
import { lockRecipientToUnsubscribe, markUnsubscribed } from './tracking-queries';

/**
 * A recipient unsubscribes (RFC 8058 one-click, or the confirmation page's button), in one
 * transaction: the address joins the space's unsubscriptions (UNSUB-013 sharing rules), the row's
 * unsubscribed_at and the campaign's count move once. The merge worker re-reads the lists at
 * each claim, so the rest of a running merge skips the address. False when the row is gone.
 */
export async function unsubscribeRecipient(database: Database, recipientId: string): Promise<boolean> {
  return database.db.transaction((tx) => unsubscribeRecipientIn(tx, recipientId));
}

/**
 * The same, inside the caller's transaction: for what else unsubscribes a recipient (a mailto:
 * unsubscribe, a spam complaint) along with its own writes.
 */
export async function unsubscribeRecipientIn(tx: Tx, recipientId: string): Promise<boolean> {
  const recipient = await lockRecipientToUnsubscribe(tx, recipientId);
  if (!recipient) return false;
  await addRecipientUnsubscription(tx, {
    workspaceId: recipient.workspaceId,
    sender: { id: recipient.senderId, email: recipient.senderEmail },
    email: recipient.email,
  });
  await markUnsubscribed(tx, recipientId);
  return true;
}
