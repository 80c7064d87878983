// A reader thread of the server run from TypeScript (tests, `npm run dev`): a worker thread does
// not inherit tsx's loader from its parent, so this loads reader-worker.ts through tsx.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);
