import { addressOf } from '../spreadsheets/email-column';
import { isValidEmail } from '../suppressions/suppression-rules';

/**
 * The most addresses one Cc cell may hold, and one Bcc cell. The spec says nothing of Cc or Bcc;
 * a merge writes one message per row, and its copies go to the few people around that row's
 * recipient (a manager, an account team, an archive box), not to a list. Ten per cell keeps a
 * message at 21 addresses at most (To + 10 + 10), about one free sender's day (20, CONST-015), so a
 * Bcc column can no longer turn a 2-row merge into 600 recipients. A row whose cell holds more is
 * refused whole (TOO_MANY_COPIES) rather than cut: the sheet, not a silent cut, says who gets it.
 */
export const COPY_ADDRESSES_PER_CELL = 10;

/** The most addresses one message of a merge can have. */
export const MESSAGE_ADDRESSES_MAX = 1 + 2 * COPY_ADDRESSES_PER_CELL;

/** Where a copy goes: the Cc column or the Bcc column. */
export const COPY_COLUMNS = ['CC', 'BCC'] as const;
export type CopyColumn = (typeof COPY_COLUMNS)[number];

/** Why a Cc or Bcc address is left out of its message. */
export const COPY_SKIP_REASONS = ['INVALID', 'SUPPRESSED'] as const;
export type CopySkipReason = (typeof COPY_SKIP_REASONS)[number];

/** A message's copies: the Cc and Bcc addresses, normalised (trimmed, lower case). */
export interface MessageCopies {
  cc: string[];
  bcc: string[];
}

/** The entries of a Cc or Bcc cell as written: separated by commas, semicolons or white space. */
export function cellEntries(cell: string | undefined): string[] {
  return (cell ?? '').split(/[,;\s]+/).filter((entry) => entry !== '');
}

/** Whether a Cc or Bcc cell holds more entries than a message may copy. */
export const isOverCopyLimit = (cell: string | undefined) =>
  cellEntries(cell).length > COPY_ADDRESSES_PER_CELL;

/**
 * What a message uses of the sender's daily quota: one for its To and one for each Cc and Bcc
 * address, since each is a recipient the mail provider counts.
 */
export const messageAddressCount = (copies: MessageCopies) => 1 + copies.cc.length + copies.bcc.length;

/**
 * Why a message is failed rather than left waiting: it has more addresses than the sender's whole
 * daily quota, so no reset would ever let it go out whole (a small freeUserQuota, a downgrade).
 */
export const oversizedMessageReason = (limit: number) =>
  `The message has more addresses (To, Cc and Bcc) than the daily quota of ${limit}`;

/** One Cc or Bcc entry left out of a row's message, with the entry as written (trimmed). */
export interface SkippedCopy {
  rowNumber: number;
  column: CopyColumn;
  email: string;
  reason: CopySkipReason;
}

/**
 * The copies of one row's message from its Cc and Bcc cells: each valid address once per message
 * (an address already the To, or already copied, is not copied again), the suppressed and invalid
 * entries left out and listed with why.
 */
export function rowCopies(
  row: { rowNumber: number; to: string; cc?: string; bcc?: string },
  suppressed: ReadonlySet<string>,
): { copies: MessageCopies; skipped: SkippedCopy[] } {
  const copies: MessageCopies = { cc: [], bcc: [] };
  const skipped: SkippedCopy[] = [];
  const inMessage = new Set([row.to]);
  for (const column of COPY_COLUMNS) {
    for (const entry of cellEntries(column === 'CC' ? row.cc : row.bcc)) {
      const written = addressOf(entry);
      const key = written.toLowerCase();
      if (written === '' || !isValidEmail(written)) {
        skipped.push({ rowNumber: row.rowNumber, column, email: written, reason: 'INVALID' });
      } else if (!inMessage.has(key)) {
        inMessage.add(key);
        if (suppressed.has(key))
          skipped.push({ rowNumber: row.rowNumber, column, email: written, reason: 'SUPPRESSED' });
        else copies[column === 'CC' ? 'cc' : 'bcc'].push(key);
      }
    }
  }
  return { copies, skipped };
}

/** The valid addresses (normalised) of Cc or Bcc cells within the limit, e.g. to look up suppressions. */
export function validCopyKeys(cells: readonly (string | undefined)[]): string[] {
  return cells
    .filter((cell) => !isOverCopyLimit(cell))
    .flatMap(cellEntries)
    .map(addressOf)
    .filter((address) => address !== '' && isValidEmail(address))
    .map((address) => address.toLowerCase());
}

/**
 * The copies still to send once the addresses suppressed since the merge started are left out,
 * and how many were (each gives its unit of quota back).
 */
export function unsuppressedCopies(
  copies: MessageCopies,
  suppressed: ReadonlySet<string>,
): MessageCopies & { dropped: number } {
  const cc = copies.cc.filter((address) => !suppressed.has(address));
  const bcc = copies.bcc.filter((address) => !suppressed.has(address));
  return { cc, bcc, dropped: copies.cc.length + copies.bcc.length - cc.length - bcc.length };
}
