import { describe, expect, it } from 'vitest';
import {
  COPY_ADDRESSES_PER_CELL,
  MESSAGE_ADDRESSES_MAX,
  cellEntries,
  isOverCopyLimit,
  messageAddressCount,
  oversizedMessageReason,
  rowCopies,
  unsuppressedCopies,
} from './message-addresses';

describe("a merge message's Cc and Bcc addresses", () => {
  it('reads a cell as entries separated by commas, semicolons or white space', () => {
    expect(cellEntries(' a@x.com,b@x.com ;c@x.com\n d@x.com\t')).toEqual([
      'a@x.com',
      'b@x.com',
      'c@x.com',
      'd@x.com',
    ]);
    expect(cellEntries('')).toEqual([]);
    expect(cellEntries(undefined)).toEqual([]);
  });

  it(`holds at most ${COPY_ADDRESSES_PER_CELL} entries a cell, whatever they are`, () => {
    const cell = (n: number) => Array.from({ length: n }, (_, i) => `c${i}@x.com`).join(', ');
    expect(isOverCopyLimit(cell(COPY_ADDRESSES_PER_CELL))).toBe(false);
    expect(isOverCopyLimit(cell(COPY_ADDRESSES_PER_CELL + 1))).toBe(true);
    expect(isOverCopyLimit(`${cell(COPY_ADDRESSES_PER_CELL)} not-an-address`)).toBe(true);
    expect(MESSAGE_ADDRESSES_MAX).toBe(21);
  });

  it('counts every address of a message against the quota: To + 2 Cc + 1 Bcc is 4', () => {
    expect(messageAddressCount({ cc: ['a@x.com', 'b@x.com'], bcc: ['c@x.com'] })).toBe(4);
    expect(messageAddressCount({ cc: [], bcc: [] })).toBe(1);
  });

  it('copies each valid address once per message, not to the To, and lists the invalid and suppressed ones as written', () => {
    const result = rowCopies(
      {
        rowNumber: 4,
        to: 'ann@x.com',
        cc: 'Boss@X.com, ANN@x.com mailto:deputy@x.com boss@x.com',
        bcc: 'Gone@x.com, gone@x.com, @x.com, boss@x.com, archive@x.com',
      },
      new Set(['gone@x.com']),
    );
    expect(result.copies).toEqual({ cc: ['boss@x.com', 'deputy@x.com'], bcc: ['archive@x.com'] });
    expect(result.skipped).toEqual([
      { rowNumber: 4, column: 'BCC', email: 'Gone@x.com', reason: 'SUPPRESSED' },
      { rowNumber: 4, column: 'BCC', email: '@x.com', reason: 'INVALID' },
    ]);
  });

  it('leaves out at send time the copies suppressed since the merge started, counting them', () => {
    expect(
      unsuppressedCopies({ cc: ['a@x.com', 'b@x.com'], bcc: ['c@x.com'] }, new Set(['b@x.com', 'c@x.com'])),
    ).toEqual({ cc: ['a@x.com'], bcc: [], dropped: 2 });
  });

  it('says why a message larger than the whole daily quota is not sent', () => {
    expect(oversizedMessageReason(5)).toBe(
      'The message has more addresses (To, Cc and Bcc) than the daily quota of 5',
    );
  });
});
