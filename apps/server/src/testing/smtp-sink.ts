import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

interface SinkMessage {
  messageId: string;
  /** The SMTP envelope's sender (MAIL FROM, the Return-Path the message arrives with). */
  envelopeFrom: string;
  /** The SMTP envelope's recipients (To, Cc and Bcc alike). */
  envelopeTo: string[];
  mail: ParsedMail;
  raw: string;
}

/** An SMTP reply to give instead of accepting a recipient (e.g. 421 to test a retry, 550 to refuse). */
type SinkRefusal = { code: number; message: string };

/**
 * A real SMTP server on 127.0.0.1 for tests: it accepts every message (unless `refuse` says
 * otherwise for a recipient) and keeps it parsed, so a test reads what a mailbox would receive.
 */
export async function startSmtpSink(
  options: {
    refuse?: (recipient: string) => SinkRefusal | null;
    /** Runs before the sink answers 250 to a message; the sender waits for it (e.g. a cancel mid-merge). */
    beforeAccept?: (message: SinkMessage, received: number) => Promise<void> | void;
  } = {},
) {
  const messages: SinkMessage[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = options.refuse?.(address.address.toLowerCase());
      if (!refusal) return callback();
      const error = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
      return callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw).then(
          async (mail) => {
            const message = {
              messageId: mail.messageId ?? '',
              envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
              mail,
              raw,
            };
            messages.push(message);
            await options.beforeAccept?.(message, messages.length);
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  // A sender that goes away mid-message (a killed worker) is a reset connection, nothing more.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** How many times each Message-ID arrived. */
    countsByMessageId() {
      const counts = new Map<string, number>();
      for (const message of messages) counts.set(message.messageId, (counts.get(message.messageId) ?? 0) + 1);
      return counts;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
