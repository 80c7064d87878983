import { isValidEmail } from '../suppressions/suppression-rules';
import { addressOf } from './email-column';

/** Why a row of a sheet is not sent. */
export const SKIP_REASONS = ['INVALID', 'DUPLICATE', 'SUPPRESSED'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** One row's address as written in the sheet. */
export interface RowAddress {
  rowNumber: number;
  email: string;
}

export interface RecipientCounts {
  /** Every data row of the sheet. */
  rows: number;
  /** Rows that will be sent: a valid address, its first occurrence, not suppressed. */
  valid: number;
  invalid: number;
  duplicate: number;
  suppressed: number;
}

export interface RecipientAnalysis {
  /** The rows to send, in sheet order, each with its address normalised (`recipientKey`). */
  sendable: RowAddress[];
  /** Every row left out, in sheet order, with its address as written (trimmed). */
  skipped: (RowAddress & { reason: SkipReason })[];
  counts: RecipientCounts;
}

/** An address as compared and sent: trimmed, without `mailto:`, in lower case. */
export function recipientKey(cell: string | undefined): string {
  return addressOf(cell).toLowerCase();
}

/** Whether a cell holds one valid e-mail address (the rule of the suppression lists, UNSUB-002). */
export function isValidRecipient(cell: string | undefined): boolean {
  const address = addressOf(cell);
  return address !== '' && isValidEmail(address);
}

/** The distinct valid addresses of the rows (normalised), e.g. to look up suppressions. */
export function validRecipientKeys(rows: readonly RowAddress[]): string[] {
  return [
    ...new Set(rows.filter((row) => isValidRecipient(row.email)).map((row) => recipientKey(row.email))),
  ];
}

/**
 * Sorts the rows into sent and skipped, in sheet order. A row is INVALID when its cell is empty
 * or not one address; DUPLICATE when the same address (case-insensitive) came earlier in a
 * valid row; SUPPRESSED when the address is in `suppressed` (normalised keys). Each row counts
 * under exactly one reason, so rows = valid + invalid + duplicate + suppressed.
 */
export function analyseRecipients(
  rows: readonly RowAddress[],
  suppressed: ReadonlySet<string>,
): RecipientAnalysis {
  const seen = new Set<string>();
  const sendable: RowAddress[] = [];
  const skipped: RecipientAnalysis['skipped'] = [];
  const counts: RecipientCounts = { rows: rows.length, valid: 0, invalid: 0, duplicate: 0, suppressed: 0 };
  for (const { rowNumber, email } of rows) {
    const written = addressOf(email);
    const key = written.toLowerCase();
    let reason: SkipReason | null = null;
    if (!isValidRecipient(written)) reason = 'INVALID';
    else if (seen.has(key)) reason = 'DUPLICATE';
    else {
      seen.add(key);
      if (suppressed.has(key)) reason = 'SUPPRESSED';
    }
    if (reason === null) {
      counts.valid += 1;
      sendable.push({ rowNumber, email: key });
    } else {
      counts[reason === 'INVALID' ? 'invalid' : reason === 'DUPLICATE' ? 'duplicate' : 'suppressed'] += 1;
      skipped.push({ rowNumber, email: written, reason });
    }
  }
  return { sendable, skipped, counts };
}
