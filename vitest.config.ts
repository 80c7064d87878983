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
