import { format } from 'date-fns';
import { DATE_FORMATS } from '@mergeboard/core';

/**
 * CONST-003: how the app shows a date and time — 'LLL. d, p' within the current year (e.g.
 * 'Nov. 21, 9:49 AM'), 'LLL. d, yyyy, p' otherwise. Used by every table and dialog that shows one.
 */
export function formatDate(timestamp: number, now: Date = new Date()): string {
  const sameYear = new Date(timestamp).getFullYear() === now.getFullYear();
  return format(timestamp, sameYear ? DATE_FORMATS.short : DATE_FORMATS.long);
}
