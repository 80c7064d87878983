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
}

/**
 * What became of one message. `permanent`: the provider refused it for good (SMTP 5xx, a bad
 * address) and it is FAILED; `transient`: it was not taken and may be tried again later (SMTP 4xx,
 * network, the provider's rate limit), so the merge pauses and retries.
 */
export type SendOutcome =
  | { kind: 'sent'; messageId: string }
  | { kind: 'permanent'; reason: string }
  | { kind: 'transient'; reason: string };

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

/** The message as nodemailer's mail options: SMTP sends them, Gmail's raw message is built from them. */
export function mailOptionsOf(message: MergeMessage) {
  return {
    from: message.from,
    to: message.to,
    cc: message.cc,
    bcc: message.bcc,
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    subject: message.subject,
    html: message.html,
    text: message.text,
    messageId: message.messageId,
  };
}
