/**
 * Header-style text that mailparser leaves to us: the fields of a `message/delivery-status` or
 * `message/feedback-report` part (RFC 3464 §2, RFC 5965 §3) and the header block of a quoted
 * original message. Both are `Name: value` lines, folded, in groups separated by blank lines.
 */

/** One group of fields, names lower-cased; a field given twice keeps its first value. */
export type FieldGroup = Map<string, string>;

/** Most text we read from one part: a quoted original's headers or a report never need more. */
const MAX_FIELD_TEXT = 64 * 1024;

export function parseFieldGroups(text: string): FieldGroup[] {
  const groups: FieldGroup[] = [];
  let current: FieldGroup = new Map();
  let lastName: string | null = null;
  for (const line of text.slice(0, MAX_FIELD_TEXT).split(/\r?\n/)) {
    if (line.trim() === '') {
      if (current.size > 0) groups.push(current);
      current = new Map();
      lastName = null;
      continue;
    }
    if (/^[ \t]/.test(line)) {
      if (lastName !== null) current.set(lastName, `${current.get(lastName) ?? ''} ${line.trim()}`);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) {
      lastName = null;
      continue;
    }
    const name = line.slice(0, colon).trim().toLowerCase();
    lastName = current.has(name) ? null : name;
    if (lastName !== null) current.set(name, line.slice(colon + 1).trim());
  }
  if (current.size > 0) groups.push(current);
  return groups;
}

/** The header block of a message given as text: everything up to the first blank line. */
export function parseHeaderBlock(text: string): FieldGroup {
  return parseFieldGroups(text.trimStart())[0] ?? new Map();
}

/** Message-IDs in a header value (`<a@b> <c@d>`), without brackets; a bare id counts too. */
export function messageIdsIn(value: string | undefined): string[] {
  if (!value) return [];
  const bracketed = [...value.matchAll(/<([^<>\s]+)>/g)].map((match) => match[1]!);
  if (bracketed.length > 0) return bracketed;
  return value.split(/[\s,]+/).filter((id) => /^[^@\s]+@[^@\s]+$/.test(id));
}

const MAX_ADDRESS_FIELD = 1024;

/** `rfc822; Someone@Example.com`, `<someone@example.com>` or the first of a list → `someone@example.com`. */
export function addressOfField(value: string | undefined): string | null {
  if (!value) return null;
  // No address is longer than 254 characters (RFC 5321 §4.5.3.1); a longer field is cut so the
  // search below stays linear whatever a stranger writes there.
  value = value.slice(0, MAX_ADDRESS_FIELD);
  const withoutType = value.includes(';') ? value.slice(value.indexOf(';') + 1) : value;
  const match = /<?([^\s<>;",]+@[^\s<>;",]+?)>?(?:[\s,]|$)/.exec(withoutType.trim() + ' ');
  return match ? match[1]!.toLowerCase() : null;
}

/** One line, at most `max` characters: what a reason column or a log line can hold. */
export function oneLine(text: string, max = 500): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, max);
}
