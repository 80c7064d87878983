import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Database } from '../../db/client';

/**
 * Hands the event loop back for a turn on PGlite, the embedded database: it runs in this process,
 * so a statement's answer arrives as a resolved promise rather than as I/O, and a worker awaiting
 * statement after statement keeps the loop in microtasks until the whole merge is sent: requests
 * (/healthz, the merge's own poll) wait behind it for seconds. Awaited before each row, it lets
 * them in between. On PostgreSQL every answer comes over a socket, so the loop turns anyway.
 */
export function eventLoopTurn(database: Database): Promise<void> {
  return database.kind === 'pglite' ? nextTurn() : Promise.resolve();
}
