import { describe, expect, it } from 'vitest';
import { accountTypeOf, emailDomain, initialsOf, isGmailUser, isPersonalEmail } from './identity-rules';

describe('user identity rules', () => {
  it('AUTH-046 CONST-004 initials are the first letters of up to two words', () => {
    expect(initialsOf('Ada Lovelace Byron')).toBe('AL');
    expect(initialsOf('  olivia  ')).toBe('O');
    expect(initialsOf('')).toBe('');
    expect(initialsOf(null)).toBe('');
  });

  it('CONST-031 gmail.com and googlemail.com are personal, other domains are not', () => {
    expect(isPersonalEmail('pat@gmail.com')).toBe(true);
    expect(isPersonalEmail('Pat@GoogleMail.com')).toBe(true);
    expect(isPersonalEmail('owner@acme.example')).toBe(false);
    expect(emailDomain('owner@Acme.Example')).toBe('acme.example');
  });

  it('AUTH-047 type is STANDARD for personal accounts, BUSINESS otherwise', () => {
    expect(accountTypeOf(true)).toBe('STANDARD');
    expect(accountTypeOf(false)).toBe('BUSINESS');
  });

  it('CONST-031 PERM-040 the Gmail user of the rollout and the seat flows is the one with a personal address', () => {
    expect(isGmailUser('pat@gmail.com')).toBe(true);
    expect(isGmailUser('Pat@GoogleMail.com')).toBe(true);
    expect(isGmailUser('owner@acme.example')).toBe(false);
    expect(accountTypeOf(isGmailUser('pat@gmail.com'))).toBe('STANDARD');
  });
});
