import { APP_VERSION } from '@mergeboard/core';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { pingDatabase } from './health-queries';

/** GET /healthz: 200 while the database is reachable, else 503 unavailable. */
export async function readHealth(database: Database) {
  try {
    await pingDatabase(database.db);
  } catch {
    throw new AppError('unavailable', 'Database is not reachable');
  }
  return { status: 'ok', database: database.kind, version: APP_VERSION } as const;
}
