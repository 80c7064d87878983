import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';

/**
 * The tokens in every URL a merge message carries back to us (engine design §7): the open pixel,
 * a click redirect, a poll answer, the unsubscribe link. One names one recipient row (which names
 * its merge) and, for a click or a poll answer, an index into the merge's stored link list or
 * poll answers; never an address. It is HMAC-signed under a key derived from SESSION_SECRET, so
 * checking one needs no database read and a forged, altered or truncated one is refused. The
 * kind is signed too: an open token cannot unsubscribe, a click token for link 2 cannot go to link 3.
 *
 * Layout (31 bytes, 42 characters in base64url): version, kind, the recipient row's id (16
 * bytes), the index, then the first 12 bytes of HMAC-SHA256 over those 19.
 *
 * A token in a mail address (the VERP return path `bounces+{token}@…`, kind 'return', and the
 * mailto: unsubscribe `unsubscribe+{token}@…`) is the same 31 bytes in lower-case base32 (50
 * characters, so either address stays within the 64 of a local part): mail servers may change the
 * case of a local part, and base64url would not survive that. New kinds are appended, so the
 * tokens already sent keep their meaning.
 */
export const HIT_KINDS = ['open', 'click', 'poll', 'unsubscribe', 'return'] as const;
export type HitKind = (typeof HIT_KINDS)[number];

export interface HitToken {
  kind: HitKind;
  /** The campaign_recipients row. */
  recipientId: string;
  /** The link's index (click) or the answer's (poll); 0 otherwise. */
  index: number;
}

const VERSION = 1;
const BODY_BYTES = 19;
const MAC_BYTES = 12;
const TOKEN_LENGTH = Math.ceil(((BODY_BYTES + MAC_BYTES) * 4) / 3);
/** At most this many links or answers per merge: the index is one byte. */
export const MAX_TOKEN_INDEX = 255;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
const ADDRESS_TOKEN_LENGTH = Math.ceil(((BODY_BYTES + MAC_BYTES) * 8) / 5);

/** RFC 4648 base32, lower case, unpadded. */
function toBase32(bytes: Buffer): string {
  let text = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) text += BASE32[(value << (5 - bits)) & 31];
  return text;
}

function fromBase32(text: string): Buffer | null {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text) {
    const digit = BASE32.indexOf(char);
    if (digit < 0) return null;
    value = ((value << 5) | digit) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

export function trackingTokens(sessionSecret: string) {
  // A KeyObject, not the key's bytes: on Node 24 an HMAC keyed with bytes imports the key every
  // time, 12 µs against 2 µs, and a message carries half a dozen tokens.
  const key = createSecretKey(
    createHmac('sha256', sessionSecret).update('mergeboard:tracking-token').digest(),
  );
  const mac = (body: Buffer) => createHmac('sha256', key).update(body).digest().subarray(0, MAC_BYTES);

  function bytesOf(token: HitToken): Buffer {
    const id = token.recipientId.toLowerCase();
    if (!UUID.test(id)) throw new Error(`not a recipient id: ${token.recipientId}`);
    if (!Number.isInteger(token.index) || token.index < 0 || token.index > MAX_TOKEN_INDEX)
      throw new Error(`a token index is 0 to ${MAX_TOKEN_INDEX}`);
    const body = Buffer.alloc(BODY_BYTES);
    body[0] = VERSION;
    body[1] = HIT_KINDS.indexOf(token.kind);
    Buffer.from(id.replaceAll('-', ''), 'hex').copy(body, 2);
    body[18] = token.index;
    return Buffer.concat([body, mac(body)]);
  }

  function contentOf(bytes: Buffer, kind: HitKind): HitToken | null {
    const body = bytes.subarray(0, BODY_BYTES);
    if (!timingSafeEqual(mac(body), bytes.subarray(BODY_BYTES))) return null;
    if (body[0] !== VERSION || HIT_KINDS[body[1]!] !== kind) return null;
    const hex = body.subarray(2, 18).toString('hex');
    const recipientId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    return { kind, recipientId, index: body[18]! };
  }

  return {
    sign: (token: HitToken): string => bytesOf(token).toString('base64url'),

    /** The token's content, or null when it is not one we signed (or not of the kind expected). */
    verify(text: string, kind: HitKind): HitToken | null {
      if (text.length !== TOKEN_LENGTH || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
      const bytes = Buffer.from(text, 'base64url');
      // The last character carries 4 unused bits: only the one spelling we sign is accepted, so a
      // changed character always fails.
      if (bytes.length !== BODY_BYTES + MAC_BYTES || bytes.toString('base64url') !== text) return null;
      return contentOf(bytes, kind);
    },

    /** The token as the part of a mail address after `+`. */
    signForAddress: (token: HitToken): string => toBase32(bytesOf(token)),

    /** An address token's content, whatever case a mail server gave it; null as `verify`. */
    verifyFromAddress(text: string, kind: HitKind): HitToken | null {
      const lower = text.toLowerCase();
      if (lower.length !== ADDRESS_TOKEN_LENGTH) return null;
      const bytes = fromBase32(lower);
      // As in base64url, the last character's unused bits must be the ones we write.
      if (bytes?.length !== BODY_BYTES + MAC_BYTES || toBase32(bytes) !== lower) return null;
      return contentOf(bytes, kind);
    },
  };
}
export type TrackingTokens = ReturnType<typeof trackingTokens>;

/** Where each kind of URL token is answered, under PUBLIC_URL: short, as they sit in every message. */
export const HIT_PATHS: Record<Exclude<HitKind, 'return'>, string> = {
  open: '/o/',
  click: '/c/',
  poll: '/p/',
  unsubscribe: '/u/',
};

/** The URLs of one recipient's message. */
export function hitUrls(publicUrl: string, tokens: TrackingTokens, recipientId: string) {
  const url = (kind: keyof typeof HIT_PATHS, index = 0) =>
    `${publicUrl}${HIT_PATHS[kind]}${tokens.sign({ kind, recipientId, index })}`;
  return {
    open: () => url('open'),
    click: (linkIndex: number) => url('click', linkIndex),
    poll: (answerIndex: number) => url('poll', answerIndex),
    unsubscribe: () => url('unsubscribe'),
  };
}
export type HitUrls = ReturnType<typeof hitUrls>;

/**
 * The addresses one recipient's message names (RFC 2369, 3464): its envelope sender, where a
 * bounce comes back naming the row (VERP), and the mailto: of List-Unsubscribe.
 */
export function returnAddresses(inboundDomain: string, tokens: TrackingTokens, recipientId: string) {
  const address = (kind: 'return' | 'unsubscribe') => tokens.signForAddress({ kind, recipientId, index: 0 });
  return {
    returnPath: `bounces+${address('return')}@${inboundDomain}`,
    unsubscribe: `unsubscribe+${address('unsubscribe')}@${inboundDomain}`,
  };
}
