import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { startBuiltServer, type StartedServer } from './server';

interface JourneyEnvironment {
  readonly browser: Browser;
  readonly server: StartedServer;
}

/**
 * Chromium and a fresh built server on the demo data for the journeys of one file (call it in the
 * describe block): started before them, stopped after. `env` is filled once they are up.
 */
export function journeyEnvironment(serverEnv: NodeJS.ProcessEnv = {}): JourneyEnvironment {
  const env = {} as { browser: Browser; server: StartedServer };
  beforeAll(async () => {
    env.browser = await launchBrowser();
    env.server = await startBuiltServer(serverEnv);
  });
  afterAll(async () => {
    await env.browser?.close();
    // A journey may have stopped the server itself.
    if (env.server && env.server.process.exitCode === null) await env.server.stop();
  });
  return env;
}
