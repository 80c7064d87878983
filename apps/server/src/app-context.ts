import type { Config } from './config/config';
import type { Database } from './db/client';
import type { Queue } from './jobs/queue';

/** What handlers and services may reach: passed in, never imported as globals. */
export interface AppContext {
  config: Config;
  database: Database;
  queue: Queue;
}
