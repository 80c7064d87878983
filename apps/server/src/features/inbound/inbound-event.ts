/**
 * What one message that came back to us means (engine design §7, issue 25): the single output of
 * the inbound classifier, whatever brought the message (the embedded mailbox simulator, an IMAP
 * mailbox, the Gmail API). Applying it to the database is a separate step, so the classifier stays
 * a pure function of the bytes and the envelope.
 *
 * `messageId` is the inbound message's own Message-ID (or a hash of its bytes when it has none):
 * with the token it keys idempotence, so the same message read twice changes nothing.
 * `returnToken` is the signed token of our VERP return path (`bounces+{token}@…`) or of the
 * `mailto:` unsubscribe address (`unsubscribe+{token}@…`), when the envelope, a header or the
 * quoted original names one; it is not verified here.
 * `inReplyTo` holds the Message-IDs of In-Reply-To and References, and of the original message a
 * bounce or a complaint quotes, each without angle brackets.
 */
export type InboundEvent =
  | {
      kind: 'hard-bounce' | 'soft-bounce';
      messageId: string;
      returnToken: string | null;
      inReplyTo: string[];
      /** The address that bounced, lower-cased, when the report names it. */
      recipient: string | null;
      /** The enhanced status code (RFC 3463), e.g. '5.1.1', when the report gives one. */
      status: string | null;
      /** The remote server's words (Diagnostic-Code or the body's explanation), one line, at most 500 characters. */
      reason: string;
    }
  | {
      kind: 'complaint';
      messageId: string;
      returnToken: string | null;
      inReplyTo: string[];
      recipient: string | null;
    }
  | {
      /** A person's reply ('reply') or an automatic one (out-of-office, RFC 3834), never counted as a response. */
      kind: 'reply' | 'auto-reply';
      messageId: string;
      returnToken: string | null;
      inReplyTo: string[];
      /** The sender of the reply, lower-cased. */
      from: string | null;
    }
  | {
      /** A mail to the `mailto:` List-Unsubscribe address (RFC 2369). */
      kind: 'unsubscribe';
      messageId: string;
      returnToken: string;
      from: string | null;
    }
  | {
      /** Not ours to act on (spam, a delivery delay notice, malformed or oversized mail): logged, never written. */
      kind: 'ignored';
      messageId: string | null;
      reason: string;
    };

/** Who a message came back to: the SMTP envelope's recipients (RCPT TO), when the path knows them. */
export interface InboundEnvelope {
  to: string[];
}
