import { z } from 'zod';

/**
 * Text a caller sends must be text PostgreSQL can store: no NUL (U+0000, refused in `text` and
 * `jsonb`) and no unpaired UTF-16 surrogate (not a character; not valid UTF-8 once encoded, and
 * refused by `jsonb` as an escape). Every string field of a request is a `text()` (or has a
 * format that allows neither, such as a uuid), so such input answers 400 naming the field
 * instead of failing in the database.
 */
export const UNSAFE_TEXT_MESSAGE = 'Text must not contain NUL characters or unpaired UTF-16 surrogates';

/** False for a NUL character or a surrogate code unit that is not half of a pair. */
export function isSafeText(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const unit = value.charCodeAt(i);
    if (unit === 0) return false;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i += 1;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      return false;
    }
  }
  return true;
}

/** The check behind `text()`, to add to string formats that would let such text through (`z.url()`). */
export const safeText = z.refine<string>(isSafeText, UNSAFE_TEXT_MESSAGE);

/** A string field of a request: any text PostgreSQL can store. Chain `.min()`, `.trim()` etc. on it. */
export function text() {
  return z.string().check(safeText);
}

/**
 * The path to the first unsafe string (a value or an object key) inside a JSON value, or null.
 * Walks without recursion, so a deeply nested body cannot exhaust the stack; each entry keeps
 * its parent, and only a hit builds its path.
 */
export function findUnsafeText(value: unknown): (string | number)[] | null {
  type Entry = { value: unknown; key: string | number | null; parent: Entry | null };
  const pathOf = (entry: Entry | null, last?: string): (string | number)[] => {
    const path: (string | number)[] = last === undefined ? [] : [last];
    for (let at = entry; at && at.key !== null; at = at.parent) path.unshift(at.key);
    return path;
  };
  const pending: Entry[] = [{ value, key: null, parent: null }];
  while (pending.length > 0) {
    const entry = pending.pop()!;
    const current = entry.value;
    if (typeof current === 'string') {
      if (!isSafeText(current)) return pathOf(entry);
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push({ value: item, key: index, parent: entry }));
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, item] of Object.entries(current)) {
        if (!isSafeText(key)) return pathOf(entry, key);
        pending.push({ value: item, key, parent: entry });
      }
    }
  }
  return null;
}

/** A free-form JSON object of a request (stored as `jsonb`), with no unsafe text in keys or values. */
export function jsonRecord() {
  return z.record(text(), z.unknown()).superRefine((value, ctx) => {
    const path = findUnsafeText(value);
    if (path) ctx.addIssue({ code: 'custom', path, message: UNSAFE_TEXT_MESSAGE });
  });
}
