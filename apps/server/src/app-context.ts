import type { Config } from './config/config';
import type { Database } from './db/client';
import type { OpenIdClient } from './access/openid-client';
import type { TokenKeys } from './access/tokens';
import type { Queue } from './jobs/queue';
import type { Payments } from './features/billing';

/** What a process opens at start: passed to buildApp, never imported as globals. */
export interface Runtime {
  config: Config;
  database: Database;
  queue: Queue;
  payments: Payments;
}

/** What handlers and services may reach. */
export interface AppContext extends Runtime {
  tokens: TokenKeys;
  signIn: OpenIdClient;
}
