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

  // Dot segments and encodings that only become `//host` (protocol-relative) once normalised.
  it.each([
    '/..//evil.example',
    '/.//evil',
    '/a/../..//evil.example',
    '/a/..//evil.example/path?x=1',
    '/./\\evil.example',
    '/%2F%2Fevil.example',
    '/%2f/evil.example',
    '/%5C%5Cevil.example',
    '/%5Cevil.example',
    '/..%2F%2Fevil.example',
    '/%09/evil.example',
    '/\t/evil.example',
    '/%2E%2E//evil.example',
    '/.%2E//evil.example',
  ])('AUTH-006 falls back to / for %s, which normalises to another host', (raw) => {
    expect(safeContinueTarget(raw)).toBe('/');
  });

  it('AUTH-006 keeps dot segments that stay on this site, normalised', () => {
    expect(safeContinueTarget('/a/b/../c?x=1')).toBe('/a/c?x=1');
    expect(safeContinueTarget('/a/%2e%2e/templates')).toBe('/templates');
  });

  it('ROUTE-004 builds /login?continue= with the encoded path and search', () => {
    expect(loginHrefFor('/123/acme/bounces?q=a b')).toBe(
      '/login?continue=%2F123%2Facme%2Fbounces%3Fq%3Da%2520b',
    );
    expect(loginHrefFor('/')).toBe('/login');
  });
});
