import type { ErrorCode } from '@mergeboard/core';
import type { ParsedSheet } from './spreadsheet-file';

/** A file for a reader thread: its bytes (transferred, not copied) and the spreadsheet's name. */
export interface ReaderJob {
  bytes: ArrayBuffer;
  name: string;
}

/**
 * A reader thread's answer: the sheets; a refusal to pass on; a file too complex for V8 itself
 * (an over-long string or array); or a failure of ours, with its stack for the log.
 */
export type ReaderAnswer =
  | { sheets: ParsedSheet[] }
  | { refused: { code: ErrorCode; message: string } }
  | { tooComplex: string }
  | { failed: string };
