import { escapeHtml, UNSUBSCRIBE_FIELD } from './merge-fields';
import type { MergePoll } from './merge-contracts';

/**
 * What tracking adds to a merge message's HTML (issue 23): click redirects in place of the body's
 * links, an open pixel, a poll block and the visible unsubscribe link. Pure: the URLs come from
 * the caller (signed per recipient on the server, inert ones for a test email).
 */

/** At most this many links of a body are tracked (a click token's index is one byte); the rest stay as written. */
export const MAX_TRACKED_LINKS = 256;

/** An `<a …>` start tag, and its href (double-, single- or un-quoted). */
const ANCHOR = /<a\b[^>]*>/gi;
const HREF = /(\shref\s*=\s*)(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i;
const MERGE_FIELD = /\{\{[^{}]*\}\}/;
const HTTP = /^https?:\/\//i;

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** An attribute's value as the browser reads it (the character references an editor writes). */
function decodeAttribute(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (match, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return NAMED[ref.toLowerCase()] ?? match;
  });
}

/** Each `<a>` tag's href in the HTML: where it sits and what it holds. */
function* anchorHrefs(html: string) {
  for (const tag of html.matchAll(ANCHOR)) {
    const href = HREF.exec(tag[0]);
    if (!href) continue;
    const raw = href[2] ?? href[3] ?? href[4] ?? '';
    yield {
      /** Where the tag starts, and the href attribute (`href="…"` with its leading space) within it. */
      tagAt: tag.index,
      tag: tag[0],
      attributeAt: href.index,
      attribute: href[0],
      prefix: href[1]!,
      url: decodeAttribute(raw).trim(),
    };
  }
}

/**
 * The links a merge tracks: the distinct http(s) hrefs of the body's `<a>` tags, in order of first
 * appearance, at most MAX_TRACKED_LINKS. An href holding a merge field (`{{…}}`) differs per row,
 * so it cannot be one stored target: it is left as written and not tracked, like mailto: links.
 */
export function trackableLinks(bodyHtml: string): string[] {
  const links = new Set<string>();
  for (const { url } of anchorHrefs(bodyHtml)) {
    if (links.size >= MAX_TRACKED_LINKS) break;
    if (HTTP.test(url) && !MERGE_FIELD.test(url)) links.add(url);
  }
  return [...links];
}

/** The URLs one recipient's message carries; null leaves that part out. */
export interface MessageUrls {
  /** The click redirect of link `index` of the merge's list; null keeps the links as written. */
  click: ((index: number) => string) | null;
  /** The open pixel's source. */
  open: (() => string) | null;
  poll: (index: number) => string;
  unsubscribe: () => string;
}

export interface TrackingOptions {
  /** The merge's stored links (trackableLinks of its body). */
  links: readonly string[];
  poll: MergePoll | null;
  /** A visible unsubscribe link: at `{{unsubscribe}}`, else in a footer. */
  unsubscribeLink: boolean;
}

/** Each tracked link's href replaced by its click URL; the rest of every tag kept as written. */
function rewriteLinks(html: string, links: readonly string[], click: (index: number) => string): string {
  if (links.length === 0) return html;
  const indexOf = new Map(links.map((link, index) => [link, index]));
  let out = '';
  let from = 0;
  for (const href of anchorHrefs(html)) {
    const index = indexOf.get(href.url);
    if (index === undefined) continue;
    const at = href.tagAt + href.attributeAt;
    out += `${html.slice(from, at)}${href.prefix}"${escapeHtml(click(index))}"`;
    from = at + href.attribute.length;
  }
  return out + html.slice(from);
}

/** The poll under the body: its question, then each answer as a link recording it. */
function pollBlock(poll: MergePoll, url: (index: number) => string): string {
  const answers = poll.answers
    .map(
      (answer, index) =>
        `<li style="margin:0 0 8px"><a href="${escapeHtml(url(index))}" style="display:inline-block;padding:8px 16px;border:1px solid #0b5ed7;border-radius:4px;color:#0b5ed7;text-decoration:none">${escapeHtml(answer)}</a></li>`,
    )
    .join('');
  return `<div style="margin:24px 0;padding:16px;border:1px solid #dee2e6;border-radius:8px"><p style="margin:0 0 12px;font-weight:bold">${escapeHtml(poll.question)}</p><ul style="list-style:none;margin:0;padding:0">${answers}</ul></div>`;
}

const unsubscribeAnchor = (url: string) => `<a href="${escapeHtml(url)}">Unsubscribe</a>`;

/** Adds HTML at the end of the body: before `</body>` when the author wrote a whole document. */
function appendToBody(html: string, addition: string): string {
  const end = html.search(/<\/body\s*>/i);
  return end === -1 ? html + addition : html.slice(0, end) + addition + html.slice(end);
}

/**
 * One recipient's HTML as sent: `html` is the body with its merge fields rendered (renderMergeText
 * keeps `{{unsubscribe}}` for this). Tracked links go through click URLs, then come the poll block,
 * the unsubscribe footer (when the body has no `{{unsubscribe}}`) and, last, the open pixel.
 */
export function trackedHtml(html: string, options: TrackingOptions, urls: MessageUrls): string {
  let out = urls.click ? rewriteLinks(html, options.links, urls.click) : html;
  const mark = `{{${UNSUBSCRIBE_FIELD}}}`;
  const link = options.unsubscribeLink ? unsubscribeAnchor(urls.unsubscribe()) : '';
  let footer = '';
  if (out.includes(mark)) out = out.replaceAll(mark, link);
  else if (link)
    footer = `<p style="margin:24px 0 0;font-size:12px;color:#6c757d">Don't want these emails? ${link}</p>`;
  const poll = options.poll ? pollBlock(options.poll, urls.poll) : '';
  const pixel = urls.open
    ? `<img src="${escapeHtml(urls.open())}" width="1" height="1" alt="" style="display:block;border:0">`
    : '';
  return poll || footer || pixel ? appendToBody(out, poll + footer + pixel) : out;
}
