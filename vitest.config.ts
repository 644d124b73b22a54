import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** One vitest run covers domain, contract, server and web components (each its own project). */
export default defineConfig({
  test: {
    // vitest keeps a core for itself (cores - 1 workers): on CI's 2 cores that ran every file one
    // after another while the main process, which only collects results, left a core idle.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'domain',
          root: 'packages/domain',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // Migrates and seeds one database for the run; every test server starts from a copy of it.
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 60_000,
          // A busy 2-core machine starts a test server slowly.
          hookTimeout: 120_000,
        },
      },
      'apps/web/vitest.config.ts',
      'apps/web/vitest.fresh.config.ts',
    ],
  },
});
