/**
 * CONST-003: how the app shows a date and time — DATE_FORMATS (core) in date-fns tokens: 'LLL. d, p'
 * within the current year (e.g. 'Nov. 21, 9:49 AM'), 'LLL. d, yyyy, p' otherwise. Used by every
 * table and dialog that shows one. Built from the browser's Intl parts in en-US rather than with
 * date-fns' format, which weighs 5 kB gzip in every list page's first load (issue 10);
 * format-date.test.tsx holds the two to the same output.
 */
const parts = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

export function formatDate(timestamp: number, now: Date = new Date()): string {
  const part = Object.fromEntries(parts.formatToParts(timestamp).map(({ type, value }) => [type, value]));
  const sameYear = new Date(timestamp).getFullYear() === now.getFullYear();
  const day = `${part.month}. ${part.day}`;
  const time = `${part.hour}:${part.minute} ${part.dayPeriod}`;
  return sameYear ? `${day}, ${time}` : `${day}, ${part.year}, ${time}`;
}
