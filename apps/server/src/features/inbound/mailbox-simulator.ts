import { randomUUID } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';
import MimeNode from 'nodemailer/lib/mime-node';
import type { InboundEnvelope } from './inbound-event';

/**
 * The mailbox simulator (engine design §8, issue 25): in the embedded shape the local transport
 * plays the recipient's mail server for addresses at simulator.test, like the payment sandbox's
 * test cards, and what that server would send back is real mail, handed to the same inbound path
 * production reads mail through. The part before `+` picks the behaviour; any `+label` after it
 * makes distinct recipients of one kind:
 *
 * - `bounce…` a hard bounce: an RFC 3464 DSN (5.1.1, the original's headers quoted) to the
 *   message's return path; the message reaches no mailbox.
 * - `softbounce…` mailbox full: two RFC 3464 DSNs with Status 4.2.2 (the remote server giving up
 *   for now), then the message is delivered to the local mailbox after all; two soft bounces stay
 *   under the three that make a hard one.
 * - `complaint…` delivered, then an RFC 5965 (ARF) abuse report to the return path.
 * - `ooto…` delivered, then an out-of-office reply (RFC 3834 `Auto-Submitted: auto-replied`) to
 *   the return path, as RFC 3834 §4 tells responders.
 * - `reply…` delivered, then a person's reply (In-Reply-To and References naming the message) to
 *   its Reply-To, else its From.
 * - anything else: delivered to the local mailbox, as before.
 *
 * Mail comes back a few seconds later, as from a real server; a message without a return path
 * (a test email, which has no recipient row) gets nothing back.
 */
const SIMULATED = /^(bounce|softbounce|complaint|ooto|reply)(?:\+[^@]*)?@simulator\.test$/i;

const HOST = 'simulator.test';

/** What the simulated server sends back, and when. */
export interface SimulatedMail {
  raw: Buffer;
  envelope: InboundEnvelope;
  afterSeconds: number;
}

/** The message as it left, for the simulated server to answer. */
export interface OutgoingMessage {
  to: string;
  from: { name: string; address: string };
  replyTo: string | null;
  subject: string;
  /** With angle brackets, as in the header. */
  messageId: string;
  returnPath: string | null;
  /** The RFC 5322 bytes as they arrived (headers quoted from them). */
  raw: Buffer;
}

/** What the simulated server does with a message: deliver it to the mailbox or not, and what it sends back. */
export interface Simulation {
  deliver: boolean;
  mail: SimulatedMail[];
}

const newMessageId = () => `<${randomUUID()}@${HOST}>`;

/** The original's header block, as a DSN or an ARF report quotes it. */
function headerBlock(raw: Buffer): string {
  const text = raw.toString('utf8');
  const end = text.search(/\r?\n\r?\n/);
  return `${(end < 0 ? text : text.slice(0, end)).replace(/\r?\n/g, '\r\n')}\r\n`;
}

/** A multipart/report (RFC 6522): a human-readable part, the machine-readable report, the original's headers. */
async function report(options: {
  reportType: 'delivery-status' | 'feedback-report';
  from: string;
  to: string;
  subject: string;
  text: string;
  fields: { type: string; content: string };
  original: OutgoingMessage;
  extraHeaders?: Record<string, string>;
}): Promise<Buffer> {
  const root = new MimeNode(`multipart/report; report-type=${options.reportType}`);
  root.setHeader({
    From: options.from,
    To: options.to,
    Subject: options.subject,
    'Message-ID': newMessageId(),
    'Auto-Submitted': 'auto-replied',
    ...options.extraHeaders,
  });
  root.createChild('text/plain; charset=utf-8').setContent(options.text);
  root.createChild(options.fields.type).setContent(options.fields.content);
  root.createChild('text/rfc822-headers').setContent(headerBlock(options.original.raw));
  return root.build();
}

/** RFC 3464 delivery status notification: the server could not deliver, with the status given. */
function dsn(original: OutgoingMessage, returnPath: string, status: { code: string; smtp: string }) {
  const arrival = new Date().toUTCString();
  return report({
    reportType: 'delivery-status',
    from: `Mail Delivery Subsystem <mailer-daemon@${HOST}>`,
    to: returnPath,
    subject: 'Undelivered Mail Returned to Sender',
    text:
      `This is the mail system at host mx.${HOST}.\r\n\r\n` +
      `I'm sorry to have to inform you that your message could not be delivered to ${original.to}.\r\n\r\n` +
      `<${original.to}>: ${status.smtp}\r\n`,
    fields: {
      type: 'message/delivery-status',
      content:
        `Reporting-MTA: dns; mx.${HOST}\r\nArrival-Date: ${arrival}\r\n\r\n` +
        `Final-Recipient: rfc822; ${original.to}\r\nOriginal-Recipient: rfc822; ${original.to}\r\n` +
        `Action: failed\r\nStatus: ${status.code}\r\nRemote-MTA: dns; mx.${HOST}\r\n` +
        `Diagnostic-Code: smtp; ${status.smtp}\r\n`,
    },
    original,
    // RFC 3464 §2: a DSN goes out with a null return path, so that it can never bounce back.
    extraHeaders: { 'Return-Path': '<>' },
  });
}

/** RFC 5965 abuse report, as a mailbox provider's feedback loop sends when its user clicks "spam". */
function arf(original: OutgoingMessage, returnPath: string) {
  return report({
    reportType: 'feedback-report',
    from: `Feedback Loop <fbl@${HOST}>`,
    to: returnPath,
    subject: 'Abuse report',
    text: `This is an email abuse report for an email message received from ${original.from.address}.\r\n`,
    fields: {
      type: 'message/feedback-report',
      content:
        `Feedback-Type: abuse\r\nUser-Agent: MailboxSimulator/1.0\r\nVersion: 1\r\n` +
        `Original-Mail-From: <${returnPath}>\r\nOriginal-Rcpt-To: <${original.to}>\r\n` +
        `Arrival-Date: ${new Date().toUTCString()}\r\nReported-Domain: ${original.from.address.split('@')[1] ?? ''}\r\n`,
    },
    original,
  });
}

/** A reply in the original's thread: a person's, or an out-of-office (RFC 3834). */
function replyTo(original: OutgoingMessage, to: string, automatic: boolean): Promise<Buffer> {
  const composer = new MailComposer({
    from: original.to,
    to,
    subject: `${automatic ? 'Automatic reply' : 'Re'}: ${original.subject}`,
    inReplyTo: original.messageId,
    references: [original.messageId],
    messageId: newMessageId(),
    text: automatic
      ? 'I am out of the office until next week, with limited access to email.\r\n'
      : 'Thanks for your message, count me in.\r\n\r\nBest regards\r\n',
    headers: automatic ? { 'Auto-Submitted': 'auto-replied', 'X-Autoreply': 'yes' } : {},
  });
  return composer.compile().build();
}

/** Whether the simulated server answers for this address. */
export const isSimulatedAddress = (address: string) => SIMULATED.test(address);

/** What the simulated server does with one message (see the top of this file). */
export async function simulateMailbox(original: OutgoingMessage): Promise<Simulation> {
  const kind = SIMULATED.exec(original.to)?.[1]?.toLowerCase();
  const returnPath = original.returnPath;
  if (!kind || !returnPath) return { deliver: true, mail: [] };
  const back = (raw: Buffer, to: string, afterSeconds: number): SimulatedMail => ({
    raw,
    envelope: { to: [to] },
    afterSeconds,
  });
  switch (kind) {
    case 'bounce': {
      const smtp = `550 5.1.1 <${original.to}>: Recipient address rejected: User unknown in virtual mailbox table`;
      return {
        deliver: false,
        mail: [back(await dsn(original, returnPath, { code: '5.1.1', smtp }), returnPath, 2)],
      };
    }
    case 'softbounce': {
      const smtp = `452 4.2.2 <${original.to}>: Mailbox full`;
      const full = () => dsn(original, returnPath, { code: '4.2.2', smtp });
      return { deliver: true, mail: [back(await full(), returnPath, 1), back(await full(), returnPath, 2)] };
    }
    case 'complaint':
      return { deliver: true, mail: [back(await arf(original, returnPath), returnPath, 5)] };
    case 'ooto':
      return { deliver: true, mail: [back(await replyTo(original, returnPath, true), returnPath, 3)] };
    default: {
      const to = original.replyTo ?? original.from.address;
      return { deliver: true, mail: [back(await replyTo(original, to, false), to, 8)] };
    }
  }
}
