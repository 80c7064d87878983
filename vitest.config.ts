import { defineConfig } from 'vitest/config';

/**
 * One `vitest run` covers every layer. The PostgreSQL pass of the integration suite joins only
 * when DATABASE_URL is set (CI sets it), so a fresh clone without PostgreSQL still passes.
 */
const postgres = process.env.DATABASE_URL
  ? [
      {
        extends: './apps/server/vitest.config.ts',
        test: { name: 'integration-postgres', root: './apps/server', env: { TEST_DATABASE: 'postgres' } },
      },
    ]
  : [];

export default defineConfig({
  test: {
    // Vitest's default on CI's two cores is one worker (cores - 1), leaving a core idle while a
    // file waits on PostgreSQL or PGlite; two keep both busy. The journeys run after the rest
    // (their project's group order), one file at a time, so a browser never competes with them.
    maxWorkers: 2,
    projects: [
      './packages/core/vitest.config.ts',
      './tooling/vitest.config.ts',
      './apps/server/vitest.config.ts',
      ...postgres,
      './apps/web/vitest.config.ts',
      './e2e/vitest.config.ts',
    ],
  },
});
