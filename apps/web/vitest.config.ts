import { defineConfig, mergeConfig, type ViteUserConfig } from 'vitest/config';
import freshWebTestList from './fresh-web-tests.json';
import viteConfig from './vite.config.ts';

/**
 * Web test files that mock a module (vi.mock) or need one loaded fresh: isolated per file. Lint
 * refuses vi.mock in any other web test file.
 */
export const freshWebTests: string[] = freshWebTestList;

/** The web component tests' config (jsdom, the app's vite config), with `test` laid over it. */
export function webTestConfig(test: NonNullable<ViteUserConfig['test']>) {
  return defineConfig((env) =>
    mergeConfig(viteConfig(env), {
      test: {
        environment: 'jsdom',
        setupFiles: ['./src/test/setup.ts'],
        css: false,
        restoreMocks: true,
        testTimeout: 15_000,
        ...test,
      },
    }),
  );
}

export default webTestConfig({
  name: 'web',
  include: ['src/**/*.test.{ts,tsx}'],
  // Every file in one worker shares one jsdom and one module graph: setting up jsdom and
  // importing Mantine, React and the router once per worker instead of once per file took
  // about half of this project's time. The setup file's afterEach puts back what a test
  // changes (DOM, storage, lang). Files that mock a module or need one loaded fresh run in
  // the `web-fresh` project (vitest.fresh.config.ts).
  isolate: false,
  exclude: freshWebTests,
});
