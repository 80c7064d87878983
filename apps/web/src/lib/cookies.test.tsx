import { COOKIE_LIFETIME_DAYS } from '@mergeboard/core';
import { describe, expect, it } from 'vitest';
import { getCookie, removeCookie, serializeCookie, setCookie } from './cookies';

describe('cookies', () => {
  it('AUTH-029 AUTH-032: 36-day cookies with path / and SameSite=Lax; Secure under https', () => {
    expect(serializeCookie('SESSION_ID', 'abc', { days: COOKIE_LIFETIME_DAYS.session, secure: true })).toBe(
      'SESSION_ID=abc; path=/; SameSite=Lax; max-age=3110400; Secure',
    );
    // Plain http (localhost): browsers would drop a Secure cookie, so it is left out.
    expect(serializeCookie('mb_auth', '1', { days: COOKIE_LIFETIME_DAYS.auth, secure: false })).toBe(
      'mb_auth=1; path=/; SameSite=Lax; max-age=3110400',
    );
  });

  it('AUTH-031: other cookies last 1 day', () => {
    expect(
      serializeCookie('mb_delegate_token', 't', { days: COOKIE_LIFETIME_DAYS.other, secure: false }),
    ).toBe('mb_delegate_token=t; path=/; SameSite=Lax; max-age=86400');
  });

  it('writes, reads (decoded) and removes a cookie', () => {
    setCookie('cookie_consent', 'analytics:yes, marketing:no', { days: 1 });
    expect(getCookie('cookie_consent')).toBe('analytics:yes, marketing:no');
    expect(getCookie('missing')).toBeNull();
    removeCookie('cookie_consent');
    expect(getCookie('cookie_consent')).toBeNull();
  });
});
