import { describe, expect, it } from 'vitest';
import { detectEmailColumn, headerKey, isEmailHeader } from './email-column';

describe('the e-mail column of a sheet', () => {
  it.each([
    'Email',
    'EMAIL',
    'email',
    'E-mail',
    'e-mail',
    'E-Mail',
    'Email address',
    'Email Address',
    'E-mail address',
    'email_address',
    'Courriel',
    'Adresse e-mail',
    'Correo electrónico',
    'E-Mail-Adresse',
    'Mail',
    'メールアドレス',
  ])('takes a header named %s', (header) => {
    expect(isEmailHeader(header)).toBe(true);
    expect(detectEmailColumn(['First name', header, 'Company'], [])).toBe(header);
  });

  it.each(['Name', 'Company', 'Mailing list', 'Phone', ''])('does not take %s as a name', (header) => {
    expect(isEmailHeader(header)).toBe(false);
  });

  it('writes headers without case, accents or separators', () => {
    expect(headerKey(' Correo Electrónico ')).toBe('correoelectronico');
    expect(headerKey('E_Mail.Address')).toBe('emailaddress');
  });

  it('prefers an exact name to one that only contains email, and either to the content', () => {
    const rows = [['a@x.com', 'b@x.com', 'c@x.com']];
    expect(detectEmailColumn(['Contact', 'Work email', 'Email'], rows)).toBe('Email');
    expect(detectEmailColumn(['Contact', 'Work email', 'Other'], rows)).toBe('Work email');
  });

  it('else takes the first column whose values are mostly addresses', () => {
    const header = ['Name', 'Contact', 'Backup'];
    const rows = [
      ['Ann', 'ann@example.com', 'x@example.com'],
      ['Bob', 'not an address', 'y@example.com'],
      ['Cy', 'cy@example.com', ''],
      ['Di', '', ''],
    ];
    expect(detectEmailColumn(header, rows)).toBe('Contact');
  });

  it('answers null when no column is named so and none holds mostly addresses', () => {
    const rows = [
      ['Ann', 'ann@example.com'],
      ['Bob', 'bob'],
    ];
    expect(detectEmailColumn(['Name', 'Contact'], rows)).toBeNull();
    expect(detectEmailColumn(['Name'], [])).toBeNull();
  });
});
