import { describe, expect, it } from 'vitest';
import { analyseRecipients, isValidRecipient, recipientKey, validRecipientKeys } from './recipient-rules';

describe('the recipients of a sheet', () => {
  it.each(['ann@example.com', ' Ann@Example.com ', 'mailto:ann@example.com', 'a.b+c@sub.example.co.uk'])(
    'takes %s as an address',
    (cell) => expect(isValidRecipient(cell)).toBe(true),
  );

  it.each(['', '   ', 'ann', 'ann@', '@example.com', 'ann@example', 'ann @example.com', 'a@b.com, c@d.com'])(
    'refuses %j',
    (cell) => expect(isValidRecipient(cell)).toBe(false),
  );

  it('compares addresses in lower case, trimmed', () => {
    expect(recipientKey('  Ann@Example.COM ')).toBe('ann@example.com');
    expect(
      validRecipientKeys([
        { rowNumber: 1, email: 'Ann@example.com' },
        { rowNumber: 2, email: 'ann@EXAMPLE.com' },
        { rowNumber: 3, email: 'nope' },
      ]),
    ).toEqual(['ann@example.com']);
  });

  it('counts each row under one reason: invalid, then duplicate (case-insensitive), then suppressed', () => {
    const rows = [
      { rowNumber: 1, email: 'ann@example.com' },
      { rowNumber: 2, email: 'not-an-address' },
      { rowNumber: 3, email: 'ANN@example.com' },
      { rowNumber: 4, email: 'gone@example.com' },
      { rowNumber: 5, email: 'gone@example.com' },
      { rowNumber: 6, email: '' },
      { rowNumber: 7, email: ' Bob@Example.com ' },
    ];
    const result = analyseRecipients(rows, new Set(['gone@example.com']));
    expect(result.counts).toEqual({ rows: 7, valid: 2, invalid: 2, duplicate: 2, suppressed: 1 });
    expect(result.sendable).toEqual([
      { rowNumber: 1, email: 'ann@example.com' },
      { rowNumber: 7, email: 'bob@example.com' },
    ]);
    expect(result.skipped).toEqual([
      { rowNumber: 2, email: 'not-an-address', reason: 'INVALID' },
      { rowNumber: 3, email: 'ANN@example.com', reason: 'DUPLICATE' },
      { rowNumber: 4, email: 'gone@example.com', reason: 'SUPPRESSED' },
      { rowNumber: 5, email: 'gone@example.com', reason: 'DUPLICATE' },
      { rowNumber: 6, email: '', reason: 'INVALID' },
    ]);
  });

  it('answers zero counts for no rows', () => {
    expect(analyseRecipients([], new Set()).counts).toEqual({
      rows: 0,
      valid: 0,
      invalid: 0,
      duplicate: 0,
      suppressed: 0,
    });
  });
});
