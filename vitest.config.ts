import { defineConfig } from 'vitest/config';

/** One vitest run covers domain, contract, server and web components (each its own project). */
export default defineConfig({
  test: {
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
          testTimeout: 60_000,
          // A test server migrates and seeds a fresh database; on a busy 2-core machine that takes a while.
          hookTimeout: 120_000,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
