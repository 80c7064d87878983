import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hitUrls, trackingTokens } from './tracking-tokens';

const tokens = trackingTokens('a session secret of at least thirty-two characters');
const recipientId = randomUUID();

describe('tracking tokens', () => {
  it('a token names its kind, recipient row and index, and reads back only as that kind', () => {
    const token = tokens.sign({ kind: 'click', recipientId, index: 3 });
    expect(token).toMatch(/^[A-Za-z0-9_-]{42}$/);
    expect(tokens.verify(token, 'click')).toEqual({ kind: 'click', recipientId, index: 3 });
    expect(tokens.verify(token, 'unsubscribe')).toBeNull();
    expect(tokens.verify(token, 'open')).toBeNull();
  });

  it('a changed character, a truncated token, garbage or another secret is refused', () => {
    const token = tokens.sign({ kind: 'open', recipientId, index: 0 });
    // Every other character at every place (the last one's unused bits included).
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let at = 0; at < token.length; at += 1) {
      for (const c of alphabet.replace(token[at]!, '')) {
        expect(tokens.verify(token.slice(0, at) + c + token.slice(at + 1), 'open')).toBeNull();
      }
    }
    expect(tokens.verify(token.slice(0, -1), 'open')).toBeNull();
    expect(tokens.verify(`${token}A`, 'open')).toBeNull();
    expect(tokens.verify('', 'open')).toBeNull();
    expect(tokens.verify('%00'.repeat(14), 'open')).toBeNull();
    const other = trackingTokens('another session secret, also thirty-two characters');
    expect(other.verify(token, 'open')).toBeNull();
  });

  it('the URLs carry no address, only the token, under PUBLIC_URL', () => {
    const urls = hitUrls('https://mail.example.com', tokens, recipientId);
    expect(urls.open()).toMatch(/^https:\/\/mail\.example\.com\/o\/[A-Za-z0-9_-]{42}$/);
    expect(urls.click(1)).toMatch(/^https:\/\/mail\.example\.com\/c\//);
    expect(urls.poll(0)).toMatch(/^https:\/\/mail\.example\.com\/p\//);
    expect(urls.unsubscribe()).toMatch(/^https:\/\/mail\.example\.com\/u\//);
    expect(urls.click(1)).not.toContain(recipientId);
  });
});
