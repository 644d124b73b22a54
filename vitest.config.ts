import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import freshServerTestList from './apps/server/fresh-server-tests.json';

/** Server test files that mock a module: isolated per file. Lint refuses vi.mock in any other. */
const freshServerTests: string[] = freshServerTestList;

/** A server test project: Node, the shared seeded database, generous timeouts for a busy 2-core machine. */
function serverProject(
  test: NonNullable<TestProjectInlineConfiguration['test']>,
): TestProjectInlineConfiguration {
  return {
    test: {
      root: 'apps/server',
      environment: 'node',
      // Migrates and seeds one database for the run; every test server starts from a copy of it.
      globalSetup: ['test/global-setup.ts'],
      testTimeout: 60_000,
      // A busy 2-core machine starts a test server slowly.
      hookTimeout: 120_000,
      ...test,
    },
  };
}

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
      serverProject({
        name: 'server',
        include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
        exclude: freshServerTests,
        // Every file in one worker shares one module graph: importing the server (Fastify, drizzle,
        // the contract's schemas, the dictionaries) once per worker instead of once per file cut
        // this project's CPU by about a third. Each file still starts its own servers on its own
        // copy of the database. Files that mock a module run isolated in `server-fresh`.
        isolate: false,
      }),
      serverProject({ name: 'server-fresh', include: freshServerTests }),
      'apps/web/vitest.config.ts',
      'apps/web/vitest.fresh.config.ts',
    ],
  },
});
