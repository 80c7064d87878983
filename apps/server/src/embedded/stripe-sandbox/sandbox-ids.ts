import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Stripe-style id: its object's prefix and 24 random letters and digits (cus_…, price_…). */
export function sandboxId(prefix: string): string {
  let suffix = '';
  for (let i = 0; i < 24; i += 1) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return `${prefix}_${suffix}`;
}

/** Seconds since the epoch, as every Stripe timestamp. */
export const unixNow = () => Math.floor(Date.now() / 1000);
