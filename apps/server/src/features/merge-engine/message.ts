import { compile } from 'html-to-text';
import {
  headerLine,
  renderMergeText,
  trackedHtml,
  type MessageCopies,
  type MessageUrls,
} from '@mergeboard/core';
import type { Config } from '../../config/config';
import { hitUrls, returnAddresses, trackingTokens } from '../tracking';
import type { MergeRow } from './merge-queries';
import type { MergeMessage } from './transports/transport';

/**
 * The URLs and addresses of one recipient's message, by its campaign_recipients row (none for a
 * test email): its one-click unsubscribe URL and mailto: address, and its VERP return path.
 */
export type UrlsFor = (recipientId: string | null) => MessageUrls & {
  listUnsubscribe: string | null;
  mailtoUnsubscribe: string | null;
  returnPath: string | null;
};

/** What every message of one merge shares: the template, the sheet's header, the sender. */
export interface MergeTemplate {
  campaignId: string;
  merge: Pick<
    MergeRow,
    | 'subject'
    | 'bodyHtml'
    | 'senderName'
    | 'replyTo'
    | 'trackOpens'
    | 'trackClicks'
    | 'unsubscribeLink'
    | 'links'
    | 'poll'
  >;
  header: string[];
  sender: { name: string | null; email: string };
  /** The host of PUBLIC_URL, the right-hand side of every Message-ID and of the List-Id. */
  host: string;
  /** The sender's space, which the List-Id names. */
  space: { id: string; name: string };
  urls: UrlsFor;
}

/**
 * A merge's recipients' URLs: signed hit URLs (tracking feature) under PUBLIC_URL, and the signed
 * addresses at INBOUND_DOMAIN that mail comes back to, when something reads mail there. The signing key is derived once here, per
 * merge, not per message.
 */
export function signedUrls(config: Pick<Config, 'publicUrl' | 'SESSION_SECRET' | 'inboundDomain'>): UrlsFor {
  const tokens = trackingTokens(config.SESSION_SECRET);
  return (recipientId) => {
    if (recipientId === null) throw new Error('a merge message has a recipient row');
    const urls = hitUrls(config.publicUrl, tokens, recipientId);
    const addresses = config.inboundDomain
      ? returnAddresses(config.inboundDomain, tokens, recipientId)
      : { returnPath: null, unsubscribe: null };
    return {
      ...urls,
      listUnsubscribe: urls.unsubscribe(),
      mailtoUnsubscribe: addresses.unsubscribe,
      returnPath: addresses.returnPath,
    };
  };
}

/**
 * A test email's URLs: it has no recipient row, so no token could name one. Its links stay as
 * written, it has no pixel and no List-Unsubscribe, and its unsubscribe and poll links show the
 * result pages (/unsubscribed, /formresponse) without recording anything.
 */
export function inertUrls(publicUrl: string): UrlsFor {
  return () => ({
    click: null,
    open: null,
    poll: () => `${publicUrl}/formresponse`,
    unsubscribe: () => `${publicUrl}/unsubscribed`,
    listUnsubscribe: null,
    mailtoUnsubscribe: null,
    returnPath: null,
  });
}

/** The stable Message-ID of a merge's row: the same on every attempt. */
const mergeMessageId = (campaignId: string, rowNumber: number, host: string) =>
  `<${campaignId}.${rowNumber}@${host}>`;

/**
 * The plain-text part, by html-to-text: paragraphs and lists as lines, each link's URL beside its
 * text (the click URL when tracked), images left out (the pixel has no text).
 */
const htmlToText = compile({
  wordwrap: false,
  selectors: [
    { selector: 'img', format: 'skip' },
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
  ],
});

/**
 * One row's message: subject and sender name rendered on one line (a value's CR/LF cannot start a
 * header), the body rendered as HTML with the row's values escaped and tracking added
 * (tracked-message.ts), a plain-text part, and the List-* headers of RFC 2919 and RFC 8058. Its Cc
 * and Bcc are the copies checked when the merge started (and since), never read from the cells.
 */
export function mergeMessage(
  template: MergeTemplate,
  recipient: {
    id: string | null;
    email: string;
    rowNumber: number;
    cells: readonly string[];
  } & MessageCopies,
): MergeMessage {
  const { merge, header, sender } = template;
  const oneLine = (text: string) =>
    renderMergeText(text, header, recipient.cells, { html: false, headerLine: true });
  const urls = template.urls(recipient.id);
  const html = trackedHtml(
    renderMergeText(merge.bodyHtml, header, recipient.cells, { html: true }),
    { links: merge.links, poll: merge.poll, unsubscribeLink: merge.unsubscribeLink },
    { ...urls, click: merge.trackClicks ? urls.click : null, open: merge.trackOpens ? urls.open : null },
  );
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
    returnPath: urls.returnPath,
    list: {
      unsubscribe: urls.listUnsubscribe,
      unsubscribeMailto: urls.mailtoUnsubscribe,
      id: `${template.space.id}.${template.host}`,
      name: template.space.name,
    },
  };
}
