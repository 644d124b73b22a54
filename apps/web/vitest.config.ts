import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default defineConfig((env) =>
  mergeConfig(viteConfig(env), {
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      // Every file in one worker shares one jsdom and one module graph: setting up jsdom and
      // importing Mantine, React and the router once per worker instead of once per file took
      // about half of this project's time. The setup file's afterEach puts back what a test
      // changes (DOM, storage, lang). The zod-jitless test needs zod loaded fresh, so it runs
      // alone in the root config's `web-fresh` project.
      isolate: false,
      exclude: ['src/lib/zod-jitless.test.ts'],
      setupFiles: ['./src/test/setup.ts'],
      css: false,
      restoreMocks: true,
      testTimeout: 15_000,
    },
  }),
);
