import { describe, expect, it } from 'vitest';
import { loginHrefFor, safeContinueTarget } from './continue-target';

describe('continue target (AUTH-006, no open redirect)', () => {
  it.each([
    ['/123/acme/mail-merges/sent?x=1', '/123/acme/mail-merges/sent?x=1'],
    ['/space/billing#plans', '/space/billing#plans'],
  ])('AUTH-006 keeps the same-origin path %s', (raw, expected) => {
    expect(safeContinueTarget(raw)).toBe(expected);
  });

  it.each([
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    'javascript:alert(1)',
    'evil.example',
    '/ok\r\nLocation: https://evil.example',
    '/login?continue=/x',
    '',
    null,
  ])('falls back to / for %s', (raw) => {
    expect(safeContinueTarget(raw)).toBe('/');
  });

  it('ROUTE-004 builds /login?continue= with the encoded path and search', () => {
    expect(loginHrefFor('/123/acme/bounces?q=a b')).toBe(
      '/login?continue=%2F123%2Facme%2Fbounces%3Fq%3Da%2520b',
    );
    expect(loginHrefFor('/')).toBe('/login');
  });
});
