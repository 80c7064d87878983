import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { INBOUND_MESSAGE_KINDS } from '../../db/schema';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A recipient row mail came back for, with what applying it needs: its space and the merge's sender. */
export interface InboundRecipient {
  id: string;
  email: string;
  campaignId: string;
  workspaceId: string;
  senderId: string;
  senderEmail: string;
}

/**
 * The recipient row, locked until the transaction ends, when its message was sent (mail cannot
 * come back for one that was not) and, for mail read from a sender's own mailbox, when that
 * sender sent it.
 */
export async function lockSentRecipient(
  tx: Tx,
  recipientId: string,
  mailboxOf: string | null,
): Promise<InboundRecipient | null> {
  const [row] = rowsOf<InboundRecipient>(
    await tx.execute(sql`SELECT r.id, r.email, r.campaign_id AS "campaignId", c.workspace_id AS "workspaceId",
          u.id AS "senderId", u.email AS "senderEmail"
        FROM campaign_recipients r JOIN campaigns c ON c.id = r.campaign_id JOIN users u ON u.id = c.user_id
       WHERE r.id = ${recipientId} AND r.sent_at IS NOT NULL
         AND (${mailboxOf}::uuid IS NULL OR c.user_id = ${mailboxOf}::uuid)
       FOR UPDATE OF r`),
  );
  return row ?? null;
}

/** Ours: `campaignId.rowNumber@host` (merge-engine/message.ts), its angle brackets optional. */
const MERGE_MESSAGE_ID =
  /^<?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(\d{1,9})@([^@\s<>]+)>?$/i;

/**
 * The recipient row a merge message went out with as `<campaignId.rowNumber@host>`, found through
 * the (campaign, row) index and checked against the Message-ID it was sent with, so another host's
 * look-alike matches nothing; null for a Message-ID that is not one of ours.
 */
export async function recipientByMessageId(
  db: Pick<Tx, 'execute'>,
  messageId: string,
): Promise<string | null> {
  const ours = MERGE_MESSAGE_ID.exec(messageId);
  if (!ours) return null;
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`SELECT id FROM campaign_recipients
       WHERE campaign_id = ${ours[1]!.toLowerCase()} AND row_number = ${Number(ours[2])}
         AND lower(message_id) = lower(${`<${ours[1]}.${ours[2]}@${ours[3]}>`})`),
  );
  return row?.id ?? null;
}

/** Keeps the message as applied; false when it already was (the same Message-ID read again). */
export async function recordInboundMessage(
  tx: Tx,
  message: {
    messageId: string;
    kind: (typeof INBOUND_MESSAGE_KINDS)[number];
    recipient: InboundRecipient;
    detail: string | null;
  },
): Promise<boolean> {
  const inserted = rowsOf<{ id: string }>(
    await tx.execute(sql`INSERT INTO inbound_messages (message_id, kind, workspace_id, recipient_id, detail)
        VALUES (${message.messageId}, ${message.kind}, ${message.recipient.workspaceId},
                ${message.recipient.id}, ${message.detail})
        ON CONFLICT (message_id) DO NOTHING RETURNING id`),
  );
  return inserted.length > 0;
}

/** BOUNCED with its reason and time, and the campaign's bounced count, once. */
export async function markBounced(tx: Tx, recipientId: string, reason: string): Promise<void> {
  await tx.execute(sql`WITH marked AS (
      UPDATE campaign_recipients SET status = 'BOUNCED', bounced_at = now(), failure_reason = ${reason}
       WHERE id = ${recipientId} AND bounced_at IS NULL RETURNING campaign_id)
    UPDATE campaigns c SET bounced_count = c.bounced_count + 1 FROM marked WHERE c.id = marked.campaign_id`);
}

/** Counts a soft bounce on a row not bounced yet; answers its soft bounces so far (0: already bounced). */
export async function countSoftBounce(tx: Tx, recipientId: string): Promise<number> {
  const [row] = rowsOf<{ softBounces: number }>(
    await tx.execute(sql`UPDATE campaign_recipients SET soft_bounces = soft_bounces + 1
       WHERE id = ${recipientId} AND bounced_at IS NULL RETURNING soft_bounces AS "softBounces"`),
  );
  return row?.softBounces ?? 0;
}

/** complained_at and the campaign's complained count, once. */
export async function markComplained(tx: Tx, recipientId: string): Promise<void> {
  await tx.execute(sql`WITH marked AS (
      UPDATE campaign_recipients SET complained_at = now()
       WHERE id = ${recipientId} AND complained_at IS NULL RETURNING campaign_id)
    UPDATE campaigns c SET complained_count = c.complained_count + 1 FROM marked WHERE c.id = marked.campaign_id`);
}

/**
 * responded_at and the campaign's responded count, once; the row becomes RESPONDED unless it
 * already went further (bounced, unsubscribed) or never went out.
 */
export async function markResponded(tx: Tx, recipientId: string): Promise<void> {
  await tx.execute(sql`WITH marked AS (
      UPDATE campaign_recipients SET responded_at = now(),
             status = CASE WHEN status IN ('SENT', 'OPENED', 'CLICKED') THEN 'RESPONDED' ELSE status END
       WHERE id = ${recipientId} AND responded_at IS NULL RETURNING campaign_id)
    UPDATE campaigns c SET responded_count = c.responded_count + 1 FROM marked WHERE c.id = marked.campaign_id`);
}
