import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenKeys, signToken, TokenError } from './tokens';
import { verifyAccessToken } from './verified-tokens';

const keys = createTokenKeys('verified-tokens-test-secret-000000000000');
const claims = { sid: randomUUID(), sub: randomUUID(), kind: 'access' as const };
const inAMinute = () => new Date(Date.now() + 60_000);

describe('verified access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('accepts a genuine token again and again with the same claims', async () => {
    const token = await signToken(keys, claims, inAMinute());
    const first = await verifyAccessToken(keys, token);
    expect(first).toMatchObject({ sid: claims.sid, sub: claims.sub, kind: 'access' });
    expect(await verifyAccessToken(keys, token)).toEqual(first);
  });

  it('refuses a token once it has expired, though it was verified while it lived', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const token = await signToken(keys, claims, inAMinute());
    await verifyAccessToken(keys, token);
    vi.setSystemTime(Date.now() + 61_000);
    await expect(verifyAccessToken(keys, token)).rejects.toMatchObject({ reason: 'expired' });
  });

  it('refuses a tampered copy of a token it has verified', async () => {
    const token = await signToken(keys, claims, inAMinute());
    await verifyAccessToken(keys, token);
    const [header, payload, signature] = token.split('.');
    const forged = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    forged.sid = randomUUID();
    const tampered = [header, Buffer.from(JSON.stringify(forged)).toString('base64url'), signature].join('.');
    await expect(verifyAccessToken(keys, tampered)).rejects.toBeInstanceOf(TokenError);
  });

  it('never takes a token verified under one secret as valid under another', async () => {
    const token = await signToken(keys, claims, inAMinute());
    await verifyAccessToken(keys, token);
    const otherKeys = createTokenKeys('another-secret-another-secret-0000000000');
    await expect(verifyAccessToken(otherKeys, token)).rejects.toMatchObject({ reason: 'invalid' });
  });

  it('refuses the backend id token, which may restore a session but never call the API', async () => {
    const idToken = await signToken(keys, { ...claims, kind: 'backend-id' }, inAMinute());
    await expect(verifyAccessToken(keys, idToken)).rejects.toMatchObject({ reason: 'invalid' });
  });
});
