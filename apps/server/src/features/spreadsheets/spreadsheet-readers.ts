import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { SPREADSHEET_LIMIT_TEXTS } from '@mergeboard/core';
import { AppError } from '../../http/app-error';
import type { ReaderAnswer, ReaderJob } from './reader-protocol';
import { readerWorkerEntry } from './reader-worker-entry';
import type { ParsedSheet } from './spreadsheet-file';

/** What the reader threads may use: the bound on the memory and time an upload can take. */
export interface ReaderLimits {
  /** V8's old generation of one reader thread, in MB: where the sheets being read live. */
  heapMb: number;
  /** V8's young generation of one reader thread, in MB. */
  youngHeapMb: number;
  /** The longest one file may take; the thread is stopped then. */
  timeLimitMs: number;
  /** Files read at once, each in a thread of its own. */
  readers: number;
  /** Files that may wait for a reader; more are refused until one is free. */
  waiting: number;
}

/**
 * A 50,000-row sheet of 20 columns (a million cells, 2 MB packed) reads in about 5 s on a busy
 * two-core machine, in under 96 MB of heap (not in 64): the limits leave it over twice the memory
 * and six times the time. One reader per core but one (the API keeps a core), at most two: the process grows by
 * at most some 350 MB per reader (heap, young generation, code and the file) however many files
 * arrive, and more than `waiting` files in line are refused until one is read.
 */
const READER_LIMITS: ReaderLimits = {
  heapMb: 256,
  youngHeapMb: 32,
  timeLimitMs: 30_000,
  readers: Math.min(2, Math.max(1, availableParallelism() - 1)),
  waiting: 8,
};

/** How long an idle reader thread waits for the next file before it ends. */
const IDLE_MS = 30_000;

/**
 * Reads uploaded files off the API's thread: each file in a worker thread with V8 heap limits
 * (`resourceLimits`) and a time limit. A thread that runs out of either is stopped and the upload
 * refused with 400 spreadsheet_too_complex, the API's own memory and latency untouched. Threads
 * are kept a while for the next file, as starting one costs more than a small file's reading.
 */
export class SpreadsheetReaders {
  private readonly idle: { worker: Worker; timer: NodeJS.Timeout }[] = [];
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(private readonly limits: ReaderLimits = READER_LIMITS) {}

  /** The file's sheets, or the refusal its reading ended in. */
  async read(bytes: Uint8Array, name: string): Promise<ParsedSheet[]> {
    await this.turn();
    try {
      return await this.readOn(this.takeIdle() ?? (await this.start()), bytes, name);
    } finally {
      this.running -= 1;
      this.queue.shift()?.();
    }
  }

  /** Ends every idle thread (a busy one ends with its file). */
  close(): void {
    for (const { worker, timer } of this.idle.splice(0)) {
      clearTimeout(timer);
      void worker.terminate();
    }
  }

  private turn(): Promise<void> {
    if (this.running < this.limits.readers) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.queue.length >= this.limits.waiting) {
      return Promise.reject(new AppError('unavailable', SPREADSHEET_LIMIT_TEXTS.readersBusy));
    }
    return new Promise((resolve) =>
      this.queue.push(() => {
        this.running += 1;
        resolve();
      }),
    );
  }

  /** A new reader thread, once it is ready for a file: its start does not count against a file's time. */
  private start(): Promise<Worker> {
    const { file, workerData } = readerWorkerEntry();
    const worker = new Worker(file, {
      workerData,
      // The server's own flags are not the reader's business (and some are refused in a worker).
      execArgv: [],
      resourceLimits: {
        maxOldGenerationSizeMb: this.limits.heapMb,
        maxYoungGenerationSizeMb: this.limits.youngHeapMb,
      },
    });
    // A reader never keeps the process alive.
    worker.unref();
    // A thread that fails between files (none should) is dropped, not left idle nor crashing the
    // process as an unheard 'error'; during a file, readOn hears what happens.
    worker.on('error', () => undefined).on('exit', () => this.forget(worker));
    return new Promise((resolve, reject) => {
      const failed = (error: Error) => {
        worker.off('message', ready).off('exit', exited);
        reject(error);
      };
      const exited = (code: number) =>
        failed(new Error(`The spreadsheet reader exited (code ${code}) on start`));
      const ready = () => {
        worker.off('error', failed).off('exit', exited);
        resolve(worker);
      };
      worker.once('message', ready).once('error', failed).once('exit', exited);
    });
  }

  private takeIdle(): Worker | undefined {
    const parked = this.idle.pop();
    if (parked) clearTimeout(parked.timer);
    return parked?.worker;
  }

  private park(worker: Worker): void {
    const timer = setTimeout(() => void worker.terminate(), IDLE_MS);
    timer.unref();
    this.idle.push({ worker, timer });
  }

  private forget(worker: Worker): void {
    const index = this.idle.findIndex((parked) => parked.worker === worker);
    if (index < 0) return;
    clearTimeout(this.idle[index]!.timer);
    this.idle.splice(index, 1);
  }

  private readOn(worker: Worker, bytes: Uint8Array, name: string): Promise<ParsedSheet[]> {
    return new Promise((resolve, reject) => {
      const tooComplex = (message: string) => new AppError('spreadsheet_too_complex', message);
      const finish = (keep: boolean, settle: () => void) => {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        if (keep) this.park(worker);
        else void worker.terminate();
        settle();
      };
      const onMessage = (answer: ReaderAnswer) => {
        if ('sheets' in answer) finish(true, () => resolve(answer.sheets));
        else if ('refused' in answer) {
          finish(true, () => reject(new AppError(answer.refused.code, answer.refused.message)));
        } else if ('tooComplex' in answer) {
          finish(false, () =>
            reject(tooComplex(SPREADSHEET_LIMIT_TEXTS.readerOutOfMemory(this.limits.heapMb))),
          );
        } else finish(false, () => reject(new Error(`The spreadsheet reader failed: ${answer.failed}`)));
      };
      const onError = (error: Error & { code?: string }) => {
        const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
        finish(false, () =>
          reject(
            outOfMemory ? tooComplex(SPREADSHEET_LIMIT_TEXTS.readerOutOfMemory(this.limits.heapMb)) : error,
          ),
        );
      };
      const onExit = (code: number) =>
        finish(false, () =>
          reject(new Error(`The spreadsheet reader exited (code ${code}) without answering`)),
        );
      const timer = setTimeout(
        () =>
          finish(false, () =>
            reject(tooComplex(SPREADSHEET_LIMIT_TEXTS.readerTimedOut(this.limits.timeLimitMs / 1000))),
          ),
        this.limits.timeLimitMs,
      );
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      // A copy of its own, moved to the thread rather than copied again.
      const copy = new Uint8Array(bytes);
      worker.postMessage({ bytes: copy.buffer, name } satisfies ReaderJob, [copy.buffer]);
    });
  }
}

/** The process's readers, shared by every upload. */
export const spreadsheetReaders = new SpreadsheetReaders();
