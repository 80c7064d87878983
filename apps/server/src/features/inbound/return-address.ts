/**
 * Our own addresses in a message that came back: the VERP return path `bounces+{token}@…` and the
 * `mailto:` unsubscribe address `unsubscribe+{token}@…`. The token (lower-case base32, see
 * tracking-tokens.ts) is verified by the step that applies the event, never here.
 */

export type ReturnAddressKind = 'bounces' | 'unsubscribe';

export interface ReturnToken {
  kind: ReturnAddressKind;
  token: string;
}

/** A token is case-sensitive, the local part's prefix is not (some MTAs lower-case it). */
const RETURN_ADDRESS = /(?:^|[\s<:;,"'(])(bounces|unsubscribe)\+([A-Za-z0-9_-]{1,256})@[A-Za-z0-9.-]+/gi;

/** Every token named in the texts (addresses, header values, header blocks), in order. */
export function returnTokensIn(texts: Iterable<string | undefined>): ReturnToken[] {
  const found: ReturnToken[] = [];
  for (const text of texts) {
    if (!text) continue;
    for (const match of text.matchAll(RETURN_ADDRESS)) {
      found.push({ kind: match[1]!.toLowerCase() as ReturnAddressKind, token: match[2]! });
    }
  }
  return found;
}
