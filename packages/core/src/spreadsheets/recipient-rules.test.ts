import { describe, expect, it } from 'vitest';
import { COPY_ADDRESSES_PER_CELL } from '../merge-engine/message-addresses';
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
    expect(result.counts).toMatchObject({ rows: 7, valid: 2, invalid: 2, duplicate: 2, suppressed: 1 });
    expect(result.sendable).toEqual([
      { rowNumber: 1, email: 'ann@example.com', cc: [], bcc: [] },
      { rowNumber: 7, email: 'bob@example.com', cc: [], bcc: [] },
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
      copies: { valid: 0, invalid: 0, suppressed: 0 },
      addresses: 0,
    });
  });

  it('copies each row of the merge to its Cc and Bcc addresses, leaving out the invalid and suppressed ones one by one', () => {
    const rows = [
      {
        rowNumber: 1,
        email: 'ann@example.com',
        cc: 'Boss@example.com; gone@example.com',
        bcc: 'nope archive@example.com',
      },
      {
        rowNumber: 2,
        email: 'bob@example.com',
        cc: 'boss@example.com',
        bcc: 'BOB@example.com, boss@example.com',
      },
    ];
    const result = analyseRecipients(rows, new Set(['gone@example.com']));
    expect(result.sendable).toEqual([
      { rowNumber: 1, email: 'ann@example.com', cc: ['boss@example.com'], bcc: ['archive@example.com'] },
      { rowNumber: 2, email: 'bob@example.com', cc: ['boss@example.com'], bcc: [] },
    ]);
    expect(result.skippedCopies).toEqual([
      { rowNumber: 1, column: 'CC', email: 'gone@example.com', reason: 'SUPPRESSED' },
      { rowNumber: 1, column: 'BCC', email: 'nope', reason: 'INVALID' },
    ]);
    expect(result.counts).toMatchObject({
      valid: 2,
      copies: { valid: 3, invalid: 1, suppressed: 1 },
      addresses: 5,
    });
  });

  it(`refuses a row whose Cc or Bcc cell holds more than ${COPY_ADDRESSES_PER_CELL} addresses, counted as invalid`, () => {
    const many = (n: number, name = 'copy') =>
      Array.from({ length: n }, (_, i) => `${name}${i}@example.com`).join(',');
    const rows = [
      {
        rowNumber: 1,
        email: 'ann@example.com',
        cc: many(COPY_ADDRESSES_PER_CELL),
        bcc: many(COPY_ADDRESSES_PER_CELL, 'blind'),
      },
      { rowNumber: 2, email: 'bob@example.com', bcc: many(COPY_ADDRESSES_PER_CELL + 1) },
      { rowNumber: 3, email: 'cy@example.com', cc: many(300) },
    ];
    const result = analyseRecipients(rows, new Set());
    expect(result.sendable.map((row) => row.rowNumber)).toEqual([1]);
    expect(result.skipped).toEqual([
      { rowNumber: 2, email: 'bob@example.com', reason: 'TOO_MANY_COPIES' },
      { rowNumber: 3, email: 'cy@example.com', reason: 'TOO_MANY_COPIES' },
    ]);
    expect(result.counts).toMatchObject({
      rows: 3,
      valid: 1,
      invalid: 2,
      addresses: 1 + 2 * COPY_ADDRESSES_PER_CELL,
    });
  });

  it('looks up the copies of rows within the limit with the To addresses', () => {
    expect(
      validRecipientKeys([
        { rowNumber: 1, email: 'ann@example.com', cc: 'Boss@example.com nope', bcc: 'ann@example.com' },
        {
          rowNumber: 2,
          email: 'bob@example.com',
          bcc: Array.from({ length: 11 }, (_, i) => `x${i}@e.com`).join(' '),
        },
      ]),
    ).toEqual(['ann@example.com', 'bob@example.com', 'boss@example.com']);
  });
});
