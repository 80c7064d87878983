import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hitUrls, returnAddresses, trackingTokens } from './tracking-tokens';

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

  it('a return path and a mailto: unsubscribe name the row in a token that survives a change of case, and fits a local part', () => {
    const { returnPath, unsubscribe } = returnAddresses('bounces.example', tokens, recipientId);
    const [, returnToken] = /^bounces\+([a-z2-7]{50})@bounces\.example$/.exec(returnPath)!;
    const [, unsubscribeToken] = /^unsubscribe\+([a-z2-7]{50})@bounces\.example$/.exec(unsubscribe)!;
    expect(unsubscribe.split('@')[0]!.length).toBeLessThanOrEqual(64);
    expect(tokens.verifyFromAddress(returnToken!, 'return')).toEqual({
      kind: 'return',
      recipientId,
      index: 0,
    });
    expect(tokens.verifyFromAddress(returnToken!.toUpperCase(), 'return')?.recipientId).toBe(recipientId);
    expect(tokens.verifyFromAddress(unsubscribeToken!, 'unsubscribe')?.recipientId).toBe(recipientId);
    // Each verifies as its own kind only, and never as a URL token.
    expect(tokens.verifyFromAddress(returnToken!, 'unsubscribe')).toBeNull();
    expect(tokens.verifyFromAddress(unsubscribeToken!, 'return')).toBeNull();
    expect(tokens.verify(returnToken!, 'return')).toBeNull();
    const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
    for (let at = 0; at < returnToken!.length; at += 1) {
      for (const c of alphabet.replace(returnToken![at]!, '')) {
        expect(
          tokens.verifyFromAddress(returnToken!.slice(0, at) + c + returnToken!.slice(at + 1), 'return'),
        ).toBeNull();
      }
    }
    expect(tokens.verifyFromAddress(returnToken!.slice(0, -1), 'return')).toBeNull();
    const other = trackingTokens('another session secret, also thirty-two characters');
    expect(other.verifyFromAddress(returnToken!, 'return')).toBeNull();
  });

  it('tokens signed before the return kind existed keep their meaning', () => {
    // A fixed token of kind 'unsubscribe' (index 3 in HIT_KINDS) for a fixed row: appending kinds must not move it.
    const fixed = trackingTokens('a session secret of at least thirty-two characters');
    const id = '00000000-0000-4000-8000-000000000001';
    const token = fixed.sign({ kind: 'unsubscribe', recipientId: id, index: 0 });
    expect(Buffer.from(token, 'base64url')[1]).toBe(3);
    expect(fixed.verify(token, 'unsubscribe')?.recipientId).toBe(id);
  });
});
