// `npm start`: build what is missing or stale, then run the server in this very process, so
// Ctrl-C reaches it directly and it shuts down gracefully.
import { pathToFileURL } from 'node:url';
import { buildIfStale } from './lib/build.mjs';

const serverEntry = buildIfStale();
await import(pathToFileURL(serverEntry).href);
