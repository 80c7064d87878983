/**
 * A spreadsheet reader thread (spreadsheet-readers.ts starts it with its memory limits): once
 * loaded it says 'ready', then reads one uploaded file at a time and answers its sheets, or the
 * refusal the API gives.
 */
import { parentPort } from 'node:worker_threads';
import { AppError } from '../../http/app-error';
import type { ReaderAnswer, ReaderJob } from './reader-protocol';
import { readSpreadsheetFile } from './read-spreadsheet-file';

/**
 * What to answer for a failure: our refusals as they are; a RangeError is V8 refusing a string,
 * an array or a call stack that large (only a crafted file gets there) and so the file's fault.
 */
function failure(error: unknown): ReaderAnswer {
  if (error instanceof AppError) return { refused: { code: error.code, message: error.message } };
  if (error instanceof RangeError) return { tooComplex: error.message };
  return { failed: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}

parentPort!.on('message', (job: ReaderJob) => {
  readSpreadsheetFile(new Uint8Array(job.bytes), job.name).then(
    (sheets) => parentPort!.postMessage({ sheets } satisfies ReaderAnswer),
    (error: unknown) => parentPort!.postMessage(failure(error)),
  );
});
// Loaded and listening: the time limit of a file starts now.
parentPort!.postMessage('ready');
