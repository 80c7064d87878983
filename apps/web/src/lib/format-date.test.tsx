import { DATE_FORMATS } from '@mergeboard/core';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date';

describe('formatDate', () => {
  const now = new Date(2025, 10, 21, 12, 0);

  it('CONST-003 writes a date of this year as DATE_FORMATS.short and an earlier one as DATE_FORMATS.long', () => {
    expect(formatDate(new Date(2025, 10, 21, 9, 49).getTime(), now)).toBe('Nov. 21, 9:49 AM');
    expect(formatDate(new Date(2024, 4, 3, 0, 5).getTime(), now)).toBe('May. 3, 2024, 12:05 AM');
  });

  it('CONST-003 matches date-fns format with DATE_FORMATS at every hour of every month', () => {
    for (let month = 0; month < 12; month += 1) {
      for (let hour = 0; hour < 24; hour += 1) {
        for (const year of [2024, 2025]) {
          const date = new Date(year, month, 1 + ((month * 7 + hour) % 28), hour, (hour * 7) % 60);
          const expected = format(date, year === 2025 ? DATE_FORMATS.short : DATE_FORMATS.long);
          expect(formatDate(date.getTime(), now)).toBe(expected);
        }
      }
    }
  });
});
