/**
 * Where a reader thread starts. Built (build.mjs), the reader is its own bundle,
 * dist/spreadsheet-reader.js, and this code sits in dist/main.js or in a chunk of dist/chunks.
 * Run from TypeScript (tests, `npm run dev`), a worker thread does not inherit tsx's loader, so
 * it starts in reader-worker-from-source.mjs, which loads reader-worker.ts through tsx.
 */
export function readerWorkerEntry(): { file: URL; workerData: { entry: string } | undefined } {
  const here = new URL(import.meta.url);
  if (here.pathname.endsWith('.ts')) {
    return {
      file: new URL('./reader-worker-from-source.mjs', here),
      workerData: { entry: new URL('./reader-worker.ts', here).href },
    };
  }
  const fromDist = here.pathname.includes('/chunks/') ? '../' : './';
  return { file: new URL(`${fromDist}spreadsheet-reader.js`, here), workerData: undefined };
}
