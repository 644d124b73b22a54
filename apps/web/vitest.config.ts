import { defineConfig, mergeConfig, type ViteUserConfig } from 'vitest/config';
import freshWebTestList from './fresh-web-tests.json';
import viteConfig from './vite.config.ts';

/**
 * Web test files that mock a module (vi.mock) or need one loaded fresh: isolated per file. Lint
 * refuses vi.mock in any other web test file.
 */
export const freshWebTests: string[] = freshWebTestList;

/**
 * Every package that imports React, directly or through another: the tests run them through Vite,
 * so that `react` resolves to Preact as in the build (vite.config.ts's PREACT_ALIASES). A package
 * left to Node would load the real React. All of Testing Library goes through Vite too: user-event
 * left to Node loaded a second @testing-library/dom (its CommonJS build), whose clicks the `act`
 * wrapper configured on the first never wrapped (decision 115).
 */
const REACT_LIBRARIES =
  /[\\/]node_modules[\\/](?:preact|@mantine|@floating-ui|@tanstack[\\/]react-|@testing-library|@hookform|react-|qrcode\.react|use-callback-ref|use-sidecar)/;

/** The web component tests' config (jsdom, the app's vite config), with `test` laid over it. */
export function webTestConfig(test: NonNullable<ViteUserConfig['test']>) {
  return defineConfig((env) =>
    mergeConfig(viteConfig({ ...env, mode: 'test' }), {
      // The ES module builds, as the browser build takes them: a CommonJS build `require`s React
      // past the aliases.
      resolve: {
        mainFields: ['module', 'jsnext:main', 'jsnext'],
        conditions: ['module', 'development|production'],
      },
      test: {
        environment: 'jsdom',
        setupFiles: ['./src/test/setup.ts'],
        css: false,
        restoreMocks: true,
        testTimeout: 15_000,
        server: { deps: { inline: [REACT_LIBRARIES] } },
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
