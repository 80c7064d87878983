const parts = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
const SUFFIXES: Record<Intl.LDMLPluralRule, string> = {
  one: 'st',
  two: 'nd',
  few: 'rd',
  other: 'th',
  zero: 'th',
  many: 'th',
};
const ordinal = new Intl.PluralRules('en-US', { type: 'ordinal' });

/**
 * A billing date as the seat screens write it ('January 1st, 2025', date-fns 'MMMM do, yyyy'),
 * built from Intl so the billing page does not load date-fns.
 */
export function formatLongDate(timestamp: number): string {
  const part = Object.fromEntries(parts.formatToParts(timestamp).map(({ type, value }) => [type, value]));
  const day = Number(part.day);
  return `${part.month} ${day}${SUFFIXES[ordinal.select(day)]}, ${part.year}`;
}
