import {
  isOverCopyLimit,
  rowCopies,
  validCopyKeys,
  type MessageCopies,
  type SkippedCopy,
} from '../merge-engine/message-addresses';
import { isValidEmail } from '../suppressions/suppression-rules';
import { addressOf } from './email-column';

/**
 * Why a row of a sheet is not sent. TOO_MANY_COPIES: its Cc or Bcc cell holds more addresses than
 * a message may copy (COPY_ADDRESSES_PER_CELL); it counts as invalid.
 */
export const SKIP_REASONS = ['INVALID', 'DUPLICATE', 'SUPPRESSED', 'TOO_MANY_COPIES'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** One row's address as written in the sheet. */
export interface RowAddress {
  rowNumber: number;
  email: string;
}

/** One row's address and, when the merge copies the message, its Cc and Bcc cells as written. */
interface RowAddresses extends RowAddress {
  cc?: string;
  bcc?: string;
}

export interface RecipientCounts {
  /** Every data row of the sheet. */
  rows: number;
  /** Rows that will be sent: a valid address, its first occurrence, not suppressed. */
  valid: number;
  invalid: number;
  duplicate: number;
  suppressed: number;
  /** The Cc and Bcc addresses of the rows to send: copied, or left out as invalid or suppressed. */
  copies: { valid: number; invalid: number; suppressed: number };
  /** Every address the rows to send go to (To, Cc and Bcc): what they use of the daily quota. */
  addresses: number;
}

export interface RecipientAnalysis {
  /** The rows to send, in sheet order, each with its address normalised (`recipientKey`) and copies. */
  sendable: (RowAddress & MessageCopies)[];
  /** Every row left out, in sheet order, with its address as written (trimmed). */
  skipped: (RowAddress & { reason: SkipReason })[];
  /** Every Cc or Bcc entry left out of a row that is sent, in sheet order. */
  skippedCopies: SkippedCopy[];
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

/** The distinct valid addresses of the rows and their copies (normalised), e.g. to look up suppressions. */
export function validRecipientKeys(rows: readonly RowAddresses[]): string[] {
  return [
    ...new Set([
      ...rows.filter((row) => isValidRecipient(row.email)).map((row) => recipientKey(row.email)),
      ...validCopyKeys(rows.flatMap((row) => [row.cc, row.bcc])),
    ]),
  ];
}

/**
 * Sorts the rows into sent and skipped, in sheet order. A row is INVALID when its cell is empty
 * or not one address; DUPLICATE when the same address (case-insensitive) came earlier in a
 * valid row; SUPPRESSED when the address is in `suppressed` (normalised keys); TOO_MANY_COPIES
 * when its Cc or Bcc cell is over the limit. Each row counts under exactly one reason (the last
 * under invalid), so rows = valid + invalid + duplicate + suppressed. A sent row's copies leave
 * out, one by one, the invalid and suppressed addresses (`rowCopies`).
 */
export function analyseRecipients(
  rows: readonly RowAddresses[],
  suppressed: ReadonlySet<string>,
): RecipientAnalysis {
  const seen = new Set<string>();
  const sendable: RecipientAnalysis['sendable'] = [];
  const skipped: RecipientAnalysis['skipped'] = [];
  const skippedCopies: SkippedCopy[] = [];
  const counts: RecipientCounts = {
    rows: rows.length,
    valid: 0,
    invalid: 0,
    duplicate: 0,
    suppressed: 0,
    copies: { valid: 0, invalid: 0, suppressed: 0 },
    addresses: 0,
  };
  for (const row of rows) {
    const { rowNumber } = row;
    const written = addressOf(row.email);
    const key = written.toLowerCase();
    let reason: SkipReason | null = null;
    if (!isValidRecipient(written)) reason = 'INVALID';
    else if (seen.has(key)) reason = 'DUPLICATE';
    else {
      seen.add(key);
      if (suppressed.has(key)) reason = 'SUPPRESSED';
      else if (isOverCopyLimit(row.cc) || isOverCopyLimit(row.bcc)) reason = 'TOO_MANY_COPIES';
    }
    if (reason === null) {
      const copies = rowCopies({ rowNumber, to: key, cc: row.cc, bcc: row.bcc }, suppressed);
      counts.valid += 1;
      counts.copies.valid += copies.copies.cc.length + copies.copies.bcc.length;
      for (const copy of copies.skipped)
        counts.copies[copy.reason === 'INVALID' ? 'invalid' : 'suppressed'] += 1;
      sendable.push({ rowNumber, email: key, ...copies.copies });
      skippedCopies.push(...copies.skipped);
    } else {
      counts[reason === 'DUPLICATE' ? 'duplicate' : reason === 'SUPPRESSED' ? 'suppressed' : 'invalid'] += 1;
      skipped.push({ rowNumber, email: written, reason });
    }
  }
  counts.addresses = counts.valid + counts.copies.valid;
  return { sendable, skipped, skippedCopies, counts };
}
