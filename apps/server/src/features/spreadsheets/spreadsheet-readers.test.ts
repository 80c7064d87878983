import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error';
import { SpreadsheetReaders, type ReaderLimits } from './spreadsheet-readers';
import { batched, inlineCell, workbookOf } from '../../testing/xlsx-test-files';

const SMALL_CSV = new TextEncoder().encode('Email,Name\nann@example.com,Ann\n');
const ROOMY: ReaderLimits = { heapMb: 256, youngHeapMb: 32, timeLimitMs: 60_000, readers: 1, waiting: 1 };

/** A sheet at the limits a user may reach: 50,000 rows of 20 columns, a million cells. */
function fullSheet(): Promise<Buffer> {
  return workbookOf({
    rows: () =>
      batched(
        (function* () {
          yield `<row>${Array.from({ length: 20 }, (_, c) => inlineCell(c === 0 ? 'Email' : `Column ${c + 1}`)).join('')}</row>`;
          for (let n = 1; n <= 50_000; n += 1) {
            const cells = Array.from({ length: 19 }, (_, c) => inlineCell(`Text ${n}-${c}`));
            yield `<row>${inlineCell(`person${n}@example.com`)}${cells.join('')}</row>`;
          }
        })(),
      ),
  });
}

/**
 * A slow file within every other limit: 60 MB of XML of blank cells, nothing kept, every cell
 * still parsed (a few seconds of a reader's time).
 */
function slowSheet(): Promise<Buffer> {
  slow ??= workbookOf({
    rows: () =>
      batched(
        (function* () {
          yield `<row r="1">${inlineCell('Email')}</row>`;
          for (let n = 2; n <= 300_000; n += 1) {
            yield `<row r="${n}">${Array.from({ length: 10 }, (_, c) => `<c r="${'ABCDEFGHIJ'[c]}${n}" s="1"/>`).join('')}</row>`;
          }
        })(),
      ),
  });
  return slow;
}
let slow: Promise<Buffer> | undefined;

async function refusal(
  reading: Promise<unknown>,
): Promise<{ code: string; status: number; message: string }> {
  const error = await reading.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  const { code, status, message } = error as AppError;
  return { code, status, message };
}

describe('reader threads under their limits (issue 21 finding 2: a reader stopped by its limits answers 4xx, never 500)', () => {
  let readers: SpreadsheetReaders | null = null;
  afterEach(() => readers?.close());

  it('refuses a file that needs more memory than a reader may use, then reads the next file', async () => {
    readers = new SpreadsheetReaders({ ...ROOMY, heapMb: 48, youngHeapMb: 8 });
    expect(await readers.read(SMALL_CSV, 'small')).toHaveLength(1);
    expect(await refusal(readers.read(await fullSheet(), 'full'))).toEqual({
      code: 'spreadsheet_too_complex',
      status: 400,
      message: 'The file is too complex to read: reading it needs more than 48 MB of memory.',
    });
    expect(await readers.read(SMALL_CSV, 'small')).toHaveLength(1);
  });

  it('stops a reader at its time limit and refuses the file, then reads the next file', async () => {
    readers = new SpreadsheetReaders({ ...ROOMY, timeLimitMs: 500 });
    const slow = await slowSheet();
    expect(await refusal(readers.read(slow, 'slow'))).toEqual({
      code: 'spreadsheet_too_complex',
      status: 400,
      message: 'The file is too complex to read: reading it takes more than 0.5 seconds.',
    });
    expect(await readers.read(SMALL_CSV, 'small')).toHaveLength(1);
  });

  it('refuses a file with 503 while every reader is busy and the line is full, and reads it afterwards', async () => {
    readers = new SpreadsheetReaders({ ...ROOMY, waiting: 0, timeLimitMs: 2_000 });
    const slow = readers.read(await slowSheet(), 'slow');
    expect(await refusal(readers.read(SMALL_CSV, 'small'))).toEqual({
      code: 'unavailable',
      status: 503,
      message: 'Too many spreadsheets are being read right now; try again in a minute.',
    });
    expect(await refusal(slow)).toMatchObject({ code: 'spreadsheet_too_complex' });
    expect(await readers.read(SMALL_CSV, 'small')).toHaveLength(1);
  });
});
