/**
 * Merge fields: `{{Column}}` is replaced by the row's value in that column, `{{Column|fallback}}`
 * by the fallback when the value is empty. Column names are matched after trimming spaces.
 */
const FIELD = /\{\{\s*([^{}|]*?)\s*(?:\|([^{}]*))?\}\}/g;

/**
 * `{{unsubscribe}}` is where a merge message's visible unsubscribe link goes (tracked-message.ts),
 * not a column: never missing, never replaced by a cell (an HTML body keeps it for the link).
 */
export const UNSUBSCRIBE_FIELD = 'unsubscribe';

/** The distinct column names a text refers to, in order of first use. */
export function mergeFieldsIn(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(FIELD)) {
    if (match[1]) names.add(match[1]);
  }
  return [...names];
}

/**
 * The merge fields of a subject and body whose column the sheet's header lacks: such a draft
 * cannot be sent (400 when sending, INVALID DRAFT when a scheduled merge starts). A fallback does
 * not make up for a missing column; it only stands in for an empty cell.
 */
export function missingMergeFields(subject: string, body: string, header: readonly string[]): string[] {
  const columns = new Set(header.map((name) => name.trim()));
  return mergeFieldsIn(`${subject}\n${body}`).filter(
    (name) => name !== UNSUBSCRIBE_FIELD && !columns.has(name),
  );
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/** One line of a mail header: line breaks and other control characters become spaces. */
export function headerLine(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

interface RenderOptions {
  /** The text is HTML: values (the sheet's, not the author's fallbacks) are HTML-escaped. */
  html: boolean;
  /** The text is a header (subject, sender name): the result is one line, without CR/LF. */
  headerLine?: boolean;
}

/**
 * A template with its merge fields replaced by one row's cells (`header` and `cells` in the same
 * order). An empty cell takes the field's fallback; a column the header lacks renders as its
 * fallback or nothing (missingMergeFields refuses such drafts before they are sent).
 */
export function renderMergeText(
  template: string,
  header: readonly string[],
  cells: readonly string[],
  options: RenderOptions,
): string {
  const index = new Map<string, number>();
  header.forEach((name, at) => {
    if (!index.has(name.trim())) index.set(name.trim(), at);
  });
  const rendered = template.replace(FIELD, (_match, name: string, fallback: string | undefined) => {
    if (name === UNSUBSCRIBE_FIELD) return options.html ? `{{${UNSUBSCRIBE_FIELD}}}` : '';
    const at = index.get(name);
    const value = at === undefined ? '' : (cells[at] ?? '');
    if (value.trim() === '') return fallback ?? '';
    return options.html ? escapeHtml(value) : value;
  });
  return options.headerLine ? headerLine(rendered) : rendered;
}
