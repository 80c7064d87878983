import { describe, expect, it } from 'vitest';
import { decodeJwtPayload } from './jwt';

function encode(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

describe('decodeJwtPayload', () => {
  it('reads the base64url JSON payload, including non-ASCII names', () => {
    const token = `${encode({ alg: 'RS256' })}.${encode({ email: 'zoë@example.com', name: 'Zoë Ünal' })}.sig`;
    expect(decodeJwtPayload(token)).toEqual({ email: 'zoë@example.com', name: 'Zoë Ünal' });
  });

  it('gives null for anything that is not a JWT with a JSON object payload', () => {
    expect(decodeJwtPayload('not-a-jwt')).toBeNull();
    expect(decodeJwtPayload('a.%%%.c')).toBeNull();
    expect(decodeJwtPayload(`a.${encode([1, 2])}.c`)).toBeNull();
  });
});
