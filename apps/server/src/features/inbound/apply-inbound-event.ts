import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { tripCircuitBreaker } from '../circuit-breaker';
import { addRecipientBounce } from '../suppressions';
import { unsubscribeRecipientIn, type TrackingTokens } from '../tracking';
import type { InboundEvent } from './inbound-event';
import {
  countSoftBounce,
  lockSentRecipient,
  markBounced,
  markComplained,
  markResponded,
  recipientByMessageId,
  recordInboundMessage,
  type InboundRecipient,
} from './inbound-queries';

/** The third soft bounce of one recipient row makes it a hard bounce. */
export const SOFT_BOUNCES_TO_HARD = 3;

/** What became of an event: applied, already applied (same Message-ID), matched no row of ours, or not ours to act on. */
export type ApplyOutcome = 'applied' | 'duplicate' | 'unmatched' | 'ignored';

type Matchable = Exclude<InboundEvent, { kind: 'ignored' }>;

/** At most this many Message-IDs of In-Reply-To / References are looked up: a long thread's oldest add nothing. */
const MAX_REFERENCES = 20;

interface ApplyOptions {
  /**
   * The user whose own mailbox the message was read from (the Gmail path): only their merges'
   * rows match. Unset for the install's own bounce mailbox (IMAP, the mailbox simulator).
   */
  mailboxOf?: string;
  logger?: Pick<FastifyBaseLogger, 'info'>;
}

/**
 * The recipient row an event is about, locked: by its signed token (the VERP return path, or
 * the mailto: unsubscribe address) when it carries one, else by the Message-ID of ours it answers
 * or quotes. A token that does not verify matches nothing, whatever else the message says: it is
 * forged or damaged. A bounce or complaint found by Message-ID alone must also name that row's
 * address: a Message-ID travels with every copy of a message, so without that check one
 * recipient could forge a DSN quoting it and put another recipient of the merge on the Bounces list.
 */
async function matchRecipient(
  tx: Tx,
  tokens: TrackingTokens,
  event: Matchable,
  mailboxOf: string | null,
): Promise<InboundRecipient | null> {
  if (event.returnToken) {
    const kind = event.kind === 'unsubscribe' ? 'unsubscribe' : 'return';
    const token = tokens.verifyFromAddress(event.returnToken, kind);
    return token ? lockSentRecipient(tx, token.recipientId, mailboxOf) : null;
  }
  if (event.kind === 'unsubscribe') return null;
  for (const messageId of event.inReplyTo.slice(0, MAX_REFERENCES)) {
    const id = await recipientByMessageId(tx, messageId);
    const recipient = id ? await lockSentRecipient(tx, id, mailboxOf) : null;
    if (!recipient) continue;
    const mustName =
      event.kind === 'hard-bounce' || event.kind === 'soft-bounce' || event.kind === 'complaint';
    if (mustName && event.recipient?.toLowerCase() !== recipient.email) return null;
    return recipient;
  }
  return null;
}

/**
 * A hard bounce of a sent row: BOUNCED with the reason, the campaign's bounced count (once), and
 * the address on the space's Bounces list under BOUNCE-012, so no later merge of the space sends
 * to it and the claim's suppression check stops the rest of a running one.
 */
async function bounce(tx: Tx, recipient: InboundRecipient, reason: string): Promise<void> {
  await markBounced(tx, recipient.id, reason.slice(0, 500));
  await addRecipientBounce(tx, {
    workspaceId: recipient.workspaceId,
    sender: { id: recipient.senderId, email: recipient.senderEmail },
    email: recipient.email,
  });
}

/** A soft bounce counted; the SOFT_BOUNCES_TO_HARD-th is a hard bounce (answers whether it was). */
async function softBounce(tx: Tx, recipient: InboundRecipient, reason: string): Promise<boolean> {
  const count = await countSoftBounce(tx, recipient.id);
  if (count < SOFT_BOUNCES_TO_HARD) return false;
  await bounce(tx, recipient, `${count} soft bounces, the last: ${reason}`);
  return true;
}

/** The server's words, led by the status code unless they already give it ('5.1.1 550 5.1.1 …' said it twice). */
const bounceReason = ({ status, reason }: { status: string | null; reason: string }) =>
  (status && !reason.includes(status) ? `${status} ${reason}` : reason).trim() || status || 'Bounced';

/** Applies the event to its row; answers whether it made the row a hard bounce (news for the circuit breaker). */
async function applyTo(tx: Tx, recipient: InboundRecipient, event: Matchable): Promise<boolean> {
  switch (event.kind) {
    case 'hard-bounce':
      await bounce(tx, recipient, bounceReason(event));
      return true;
    case 'soft-bounce':
      return softBounce(tx, recipient, bounceReason(event));
    case 'complaint':
      // A spam report is the strongest unsubscribe there is (RFC 5965 feedback loops).
      await unsubscribeRecipientIn(tx, recipient.id);
      await markComplained(tx, recipient.id);
      return false;
    case 'reply':
      await markResponded(tx, recipient.id);
      return false;
    case 'auto-reply':
      // Kept in inbound_messages only: an out-of-office is not a response.
      return false;
    case 'unsubscribe':
      await unsubscribeRecipientIn(tx, recipient.id);
      return false;
  }
}

/**
 * Applies one classified inbound message (issue 25) in one transaction, idempotently: the message
 * is kept in inbound_messages under its Message-ID, and a second time it changes nothing. A message
 * that matches no sent row of ours (a forged token, a Message-ID of someone else's merge) writes
 * nothing at all; it is logged.
 */
export async function applyInboundEvent(
  db: Db,
  tokens: TrackingTokens,
  event: InboundEvent,
  options: ApplyOptions = {},
): Promise<ApplyOutcome> {
  if (event.kind === 'ignored') {
    options.logger?.info({ messageId: event.messageId, reason: event.reason }, 'inbound message ignored');
    return 'ignored';
  }
  const outcome = await db.transaction(async (tx) => {
    const recipient = await matchRecipient(tx, tokens, event, options.mailboxOf ?? null);
    if (!recipient) return 'unmatched' as const;
    const detail = event.kind === 'hard-bounce' || event.kind === 'soft-bounce' ? bounceReason(event) : null;
    const first = await recordInboundMessage(tx, {
      messageId: event.messageId,
      kind: event.kind,
      recipient,
      detail: detail?.slice(0, 500) ?? null,
    });
    if (!first) return 'duplicate' as const;
    const hardBounced = await applyTo(tx, recipient, event);
    // A bounce or complaint comes back after its message went out: the merge may still be sending,
    // and the circuit breaker may pause it now (a DSN's status code can be a policy refusal too).
    if (detail !== null || event.kind === 'complaint') {
      const news = {
        hardBounces: hardBounced ? 1 : 0,
        complaints: event.kind === 'complaint' ? 1 : 0,
        rejections: detail ? [detail] : [],
      };
      await tripCircuitBreaker(tx, { campaignId: recipient.campaignId, news });
    }
    return 'applied' as const;
  });
  options.logger?.info({ messageId: event.messageId, kind: event.kind, outcome }, 'inbound message');
  return outcome;
}

/**
 * An SMTP 4xx for this row's message at send time (the merge worker, in the transaction recording
 * its batch): a soft bounce counted, as one that came back as a DSN is. Answers whether it is the
 * one that makes the row a hard bounce (then recorded sent and bounced with bounceAtSend).
 */
export async function softBounceAtSend(tx: Tx, recipientId: string): Promise<boolean> {
  return (await countSoftBounce(tx, recipientId)) >= SOFT_BOUNCES_TO_HARD;
}

/**
 * An SMTP 5xx at send time (or the last of the soft bounces), for a row the caller has just
 * recorded sent: a hard bounce at once, applied as a DSN's is.
 */
export async function bounceAtSend(tx: Tx, recipientId: string, reason: string): Promise<void> {
  const recipient = await lockSentRecipient(tx, recipientId, null);
  if (recipient) await bounce(tx, recipient, reason);
}
