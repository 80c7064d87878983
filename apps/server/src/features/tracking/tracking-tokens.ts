import { createHmac, timingSafeEqual } from 'node:crypto';

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
 */
export const HIT_KINDS = ['open', 'click', 'poll', 'unsubscribe'] as const;
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

export function trackingTokens(sessionSecret: string) {
  const key = createHmac('sha256', sessionSecret).update('mergeboard:tracking-token').digest();
  const mac = (body: Buffer) => createHmac('sha256', key).update(body).digest().subarray(0, MAC_BYTES);

  return {
    sign(token: HitToken): string {
      const id = token.recipientId.toLowerCase();
      if (!UUID.test(id)) throw new Error(`not a recipient id: ${token.recipientId}`);
      if (!Number.isInteger(token.index) || token.index < 0 || token.index > MAX_TOKEN_INDEX)
        throw new Error(`a token index is 0 to ${MAX_TOKEN_INDEX}`);
      const body = Buffer.alloc(BODY_BYTES);
      body[0] = VERSION;
      body[1] = HIT_KINDS.indexOf(token.kind);
      Buffer.from(id.replaceAll('-', ''), 'hex').copy(body, 2);
      body[18] = token.index;
      return Buffer.concat([body, mac(body)]).toString('base64url');
    },

    /** The token's content, or null when it is not one we signed (or not of the kind expected). */
    verify(text: string, kind: HitKind): HitToken | null {
      if (text.length !== TOKEN_LENGTH || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
      const bytes = Buffer.from(text, 'base64url');
      // The last character carries 4 unused bits: only the one spelling we sign is accepted, so a
      // changed character always fails.
      if (bytes.length !== BODY_BYTES + MAC_BYTES || bytes.toString('base64url') !== text) return null;
      const body = bytes.subarray(0, BODY_BYTES);
      if (!timingSafeEqual(mac(body), bytes.subarray(BODY_BYTES))) return null;
      if (body[0] !== VERSION || HIT_KINDS[body[1]!] !== kind) return null;
      const hex = body.subarray(2, 18).toString('hex');
      const recipientId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
      return { kind, recipientId, index: body[18]! };
    },
  };
}
export type TrackingTokens = ReturnType<typeof trackingTokens>;

/** Where each kind of token is answered, under PUBLIC_URL: short, as they sit in every message. */
export const HIT_PATHS: Record<HitKind, string> = {
  open: '/o/',
  click: '/c/',
  poll: '/p/',
  unsubscribe: '/u/',
};

/** The URLs of one recipient's message. */
export function hitUrls(publicUrl: string, tokens: TrackingTokens, recipientId: string) {
  const url = (kind: HitKind, index = 0) =>
    `${publicUrl}${HIT_PATHS[kind]}${tokens.sign({ kind, recipientId, index })}`;
  return {
    open: () => url('open'),
    click: (linkIndex: number) => url('click', linkIndex),
    poll: (answerIndex: number) => url('poll', answerIndex),
    unsubscribe: () => url('unsubscribe'),
  };
}
export type HitUrls = ReturnType<typeof hitUrls>;
