import react from '@vitejs/plugin-react';
import { defaultServerConditions } from 'vite';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: {
    // Resolve packages as Node itself does ('module-sync'). Otherwise `react-router` resolves to its
    // CJS build while `react-router/dom` requires the ESM one, and the two copies share no context.
    conditions: ['module-sync', ...defaultServerConditions],
  },
  test: {
    name: 'components',
    environment: 'jsdom',
    include: ['src/**/*.test.tsx'],
    // The install's configuration first: the app reads it when src/config/env.ts is imported.
    setupFiles: ['./src/testing/install-config.ts', './src/testing/setup.ts'],
    // Screens load with their routes, so the first test to visit one also imports (and
    // transforms) its code; with every project running at once on two cores, 5 s was too tight.
    testTimeout: 30_000,
  },
});
