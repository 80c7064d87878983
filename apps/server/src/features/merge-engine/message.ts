import { headerLine, renderMergeText, type MessageCopies } from '@mergeboard/core';
import type { MergeRow } from './merge-queries';
import type { MergeMessage } from './transports/transport';

/** What every message of one merge shares: the template, the sheet's header, the sender. */
export interface MergeTemplate {
  campaignId: string;
  merge: Pick<MergeRow, 'subject' | 'bodyHtml' | 'senderName' | 'replyTo'>;
  header: string[];
  sender: { name: string | null; email: string };
  /** The host of PUBLIC_URL, the right-hand side of every Message-ID. */
  host: string;
}

/** The stable Message-ID of a merge's row: the same on every attempt. */
const mergeMessageId = (campaignId: string, rowNumber: number, host: string) =>
  `<${campaignId}.${rowNumber}@${host}>`;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The plain-text part: the HTML's text, with paragraphs and line breaks kept as lines. */
function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_match, name: string) => ENTITIES[name]!)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * One row's message: subject and sender name rendered on one line (a value's CR/LF cannot start a
 * header), the body rendered as HTML with the row's values escaped, and a plain-text part. Its Cc
 * and Bcc are the copies checked when the merge started (and since), never read from the cells.
 */
export function mergeMessage(
  template: MergeTemplate,
  recipient: { email: string; rowNumber: number; cells: readonly string[] } & MessageCopies,
): MergeMessage {
  const { merge, header, sender } = template;
  const oneLine = (text: string) =>
    renderMergeText(text, header, recipient.cells, { html: false, headerLine: true });
  const html = renderMergeText(merge.bodyHtml, header, recipient.cells, { html: true });
  return {
    from: {
      name: headerLine(merge.senderName ? oneLine(merge.senderName) : (sender.name ?? '')),
      address: sender.email,
    },
    to: recipient.email,
    cc: recipient.cc,
    bcc: recipient.bcc,
    replyTo: merge.replyTo,
    subject: oneLine(merge.subject),
    html,
    text: htmlToText(html),
    messageId: mergeMessageId(template.campaignId, recipient.rowNumber, template.host),
  };
}
