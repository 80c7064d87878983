import { createHash } from 'node:crypto';
import { simpleParser, type AddressObject, type Attachment, type ParsedMail } from 'mailparser';
import { autoReplyReason } from './auto-reply';
import { readDeliveryStatus, readFeedbackReport } from './delivery-report';
import { addressOfField, messageIdsIn, parseHeaderBlock, type FieldGroup } from './header-fields';
import type { InboundEnvelope, InboundEvent } from './inbound-event';
import { looksLikeProseBounce, readProseBounce } from './prose-bounce';
import { returnTokensIn, type ReturnToken } from './return-address';

/**
 * Larger messages are refused before any parsing. A DSN, a complaint or a reply worth acting on
 * is a few kilobytes (a bounce quotes at most the original we sent); 10 MB leaves room for a
 * reply with an attachment while keeping a worker's memory bounded.
 */
export const MAX_INBOUND_BYTES = 10 * 1024 * 1024;
/**
 * Most MIME parts a message may have (mailparser's maxChildNodes): a DSN has four or five, a
 * reply a handful. More is refused by the parser as it reads, so it never builds a huge tree.
 */
export const MAX_INBOUND_PARTS = 100;
/** Largest header block of one part (mailparser's maxHeadSize); real ones are a few kilobytes. */
export const MAX_INBOUND_HEADER_BYTES = 256 * 1024;
/** How much of a text body is searched for codes and phrases: a notice says it in its first lines. */
export const MAX_SCANNED_TEXT = 64 * 1024;
/** At most this many Message-IDs are kept from References (a long thread's list grows without end). */
export const MAX_REFERENCED_IDS = 50;

const DELIVERY_STATUS_TYPES = new Set(['message/delivery-status', 'message/global-delivery-status']);
const FEEDBACK_REPORT_TYPE = 'message/feedback-report';
const QUOTED_MESSAGE_TYPES = new Set([
  'message/rfc822',
  'message/global',
  'text/rfc822-headers',
  'message/global-headers',
]);

/**
 * The meaning of one message that came back (engine design §7): a pure function of its bytes and
 * envelope. It never throws: mail is written by strangers, and whatever cannot be read is an
 * `ignored` event with the reason, for the caller to log.
 */
export async function classifyInbound(raw: Buffer, envelope: InboundEnvelope): Promise<InboundEvent> {
  if (raw.length > MAX_INBOUND_BYTES) {
    return { kind: 'ignored', messageId: hashId(raw), reason: `too large (${raw.length} bytes)` };
  }
  let mail: ParsedMail;
  try {
    mail = await simpleParser(raw, {
      keepDeliveryStatus: true,
      skipHtmlToText: true,
      skipTextToHtml: true,
      skipImageLinks: true,
      checksumAlgo: false,
      // A quoted original stays one attachment: its headers are all we read, and its parts
      // do not count against MAX_INBOUND_PARTS.
      ignoreEmbedded: true,
      maxChildNodes: MAX_INBOUND_PARTS,
      maxHeadSize: MAX_INBOUND_HEADER_BYTES,
    });
  } catch (error) {
    return { kind: 'ignored', messageId: hashId(raw), reason: `unreadable: ${(error as Error).message}` };
  }
  try {
    return classifyParsed(mail, raw, envelope);
  } catch (error) {
    // Our own rules should not throw on any input; if one does, the message is still only skipped.
    return { kind: 'ignored', messageId: hashId(raw), reason: `unclassifiable: ${(error as Error).message}` };
  }
}

function classifyParsed(mail: ParsedMail, raw: Buffer, envelope: InboundEnvelope): InboundEvent {
  const messageId = messageIdsIn(mail.messageId)[0] ?? hashId(raw);
  const header = headerReader(mail);
  const ownAddresses = [
    ...envelope.to,
    ...addressesOf(mail.to),
    ...addressesOf(mail.cc),
    header('delivered-to'),
    header('x-original-to'),
  ];
  const ownTokens = returnTokensIn(ownAddresses);
  const threadIds = [
    ...messageIdsIn(mail.inReplyTo),
    ...[mail.references ?? []].flat().flatMap(messageIdsIn),
  ];
  const subject = mail.subject ?? '';
  const from = addressesOf(mail.from)[0]?.toLowerCase() ?? null;

  const quoted = quotedOriginal(mail.attachments);
  const report = { messageId, ownTokens, threadIds, quoted };

  const deliveryStatus = mail.attachments.find((part) => DELIVERY_STATUS_TYPES.has(part.contentType));
  if (deliveryStatus) {
    const outcome = readDeliveryStatus(textOf(deliveryStatus));
    if (outcome.kind === 'not-a-bounce') return { kind: 'ignored', messageId, reason: outcome.reason };
    return {
      ...reportIds(report),
      kind: outcome.kind,
      recipient: outcome.recipient ?? addressOfField(header('x-failed-recipients')),
      status: outcome.status,
      reason: outcome.reason,
    };
  }

  const feedback = mail.attachments.find((part) => part.contentType === FEEDBACK_REPORT_TYPE);
  if (feedback) {
    const outcome = readFeedbackReport(textOf(feedback));
    if (outcome.kind === 'not-a-complaint') return { kind: 'ignored', messageId, reason: outcome.reason };
    return {
      ...reportIds(report),
      kind: 'complaint',
      recipient: outcome.recipient ?? addressOfField(quoted.get('to')),
    };
  }

  // Microsoft's older JMRP format is no ARF: a mail from staff@hotmail.com quoting the original,
  // to which Outlook.com added the recipient's address.
  const jmrpRecipient = quoted.get('x-hmxmroriginalrecipient');
  if (jmrpRecipient !== undefined && /\bstaff@hotmail\.com\b/i.test(header('from') ?? '')) {
    return {
      ...reportIds(report),
      kind: 'complaint',
      recipient: addressOfField(jmrpRecipient) ?? addressOfField(quoted.get('to')),
    };
  }

  const text = (mail.text ?? '').slice(0, MAX_SCANNED_TEXT);
  const prose = {
    from: header('from') ?? '',
    nullSender: header('return-path')?.replace(/\s/g, '') === '<>',
    subject,
    text,
    failedRecipients: header('x-failed-recipients') ?? null,
  };
  if (looksLikeProseBounce(prose)) {
    const outcome = readProseBounce(prose);
    if (outcome.kind !== 'not-a-bounce') {
      const quotedInText = quoted.size > 0 ? quoted : parseHeaderBlock(outcome.quoted);
      return {
        ...reportIds({ ...report, quoted: quotedInText }),
        kind: outcome.kind,
        recipient: outcome.recipient,
        status: outcome.status,
        reason: outcome.reason,
      };
    }
    // A delay warning or other mailer-daemon chatter: nothing a person wrote, nothing to act on.
    return { kind: 'ignored', messageId, reason: outcome.reason };
  }

  const inReplyTo = dedupe(threadIds);
  const returnToken = (ownTokens.find((token) => token.kind === 'bounces') ?? ownTokens[0])?.token ?? null;
  // Before the auto-reply rules: a mail client sends the RFC 8058 `mailto:` request by itself
  // (and may mark it Auto-Submitted), while no responder ever writes to the unsubscribe address.
  const unsubscribe = ownTokens.find((token) => token.kind === 'unsubscribe');
  if (unsubscribe) return { kind: 'unsubscribe', messageId, returnToken: unsubscribe.token, from };

  const linked = inReplyTo.length > 0 || ownTokens.length > 0;
  const automatic = autoReplyReason({ header, subject });
  if (automatic) {
    // A newsletter (Precedence: bulk) in the sender's own inbox is automatic too, but answers
    // nothing of ours: only an automatic mail that names one of our messages is an auto-reply.
    if (!linked)
      return { kind: 'ignored', messageId, reason: `automatic mail (${automatic}) about none of ours` };
    return { kind: 'auto-reply', messageId, returnToken, inReplyTo, from };
  }

  if (inReplyTo.length > 0 || ownTokens.some((token) => token.kind === 'bounces')) {
    return { kind: 'reply', messageId, returnToken, inReplyTo, from };
  }
  return { kind: 'ignored', messageId, reason: 'neither a report, a reply nor an unsubscribe request' };
}

/** The ids a report carries: the thread's, plus those of the original it quotes. */
function reportIds(report: {
  messageId: string;
  ownTokens: ReturnToken[];
  threadIds: string[];
  quoted: FieldGroup;
}) {
  const quotedTokens = returnTokensIn([report.quoted.get('return-path'), ...report.quoted.values()]);
  return {
    messageId: report.messageId,
    returnToken:
      [...report.ownTokens, ...quotedTokens].find((token) => token.kind === 'bounces')?.token ??
      report.ownTokens[0]?.token ??
      null,
    inReplyTo: dedupe([...report.threadIds, ...messageIdsIn(report.quoted.get('message-id'))]),
  };
}

/** The header block of the original a report quotes (RFC 3464 §2 third part, RFC 5965 §2 (d)). */
function quotedOriginal(attachments: Attachment[]): FieldGroup {
  const part = attachments.find((attachment) => QUOTED_MESSAGE_TYPES.has(attachment.contentType));
  return part ? parseHeaderBlock(textOf(part)) : new Map();
}

function textOf(part: Attachment): string {
  return part.content.subarray(0, MAX_SCANNED_TEXT).toString('utf8');
}

/** The first value of a top-level header as the message spelt it, folding undone. */
function headerReader(mail: ParsedMail) {
  return (name: string): string | undefined => {
    const line = mail.headerLines.find((entry) => entry.key === name)?.line;
    return line === undefined
      ? undefined
      : line
          .slice(line.indexOf(':') + 1)
          .replace(/\r?\n[ \t]+/g, ' ')
          .trim();
  };
}

function addressesOf(header: AddressObject | AddressObject[] | undefined): string[] {
  return [header ?? []]
    .flat()
    .flatMap((object) => object.value)
    .flatMap((entry) => (entry.group ? entry.group : [entry]))
    .flatMap((entry) => (entry.address ? [entry.address] : []));
}

function dedupe(ids: string[]): string[] {
  return [...new Set(ids)].slice(0, MAX_REFERENCED_IDS);
}

function hashId(raw: Buffer): string {
  return `sha256:${createHash('sha256').update(raw).digest('hex')}`;
}
