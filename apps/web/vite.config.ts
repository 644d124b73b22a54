import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { pickLocalePart } from './src/i18n/locale-parts.ts';
import { chunkGroups, findChunkCycle } from './src/chunk-groups.ts';

// This folder. Not `new URL('./x', import.meta.url)`: Vite rewrites that pattern into an asset URL
// when it transforms this file itself (src/build-config.test.ts imports it).
const HERE = dirname(fileURLToPath(import.meta.url));

// `npm run dev` starts the server on PORT (8080 by default); Vite proxies the API there.
const API_TARGET =
  process.env.LEDGERLINE_API_TARGET ?? `http://localhost:${process.env.PORT ?? 8080}`;

interface BuildInfo {
  version: string;
  builtAt: string;
}

function readBuildInfo(): BuildInfo {
  const pkg = JSON.parse(readFileSync(join(HERE, 'package.json'), 'utf8')) as {
    version: string;
  };
  return { version: pkg.version, builtAt: new Date().toISOString() };
}

/**
 * Writes /version.json ({ version, builtAt }) beside the build; the running app compares it with
 * the build it was loaded from every minute and offers a reload when they differ (spec 1 §9).
 */
function versionFile(info: BuildInfo): Plugin {
  return {
    name: 'ledgerline-version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: `${JSON.stringify(info)}\n`,
      });
    },
  };
}

/**
 * `src/i18n/locales/xx.json?part=first|rest`: one part of a locale file, as a module whose default
 * export is that part. The sign-in page waits for the first part only.
 */
function localeParts(): Plugin {
  return {
    name: 'ledgerline-locale-parts',
    enforce: 'pre',
    async load(id) {
      const [path, query] = id.split('?');
      if (!path || !query || !/[\\/]src[\\/]i18n[\\/]locales[\\/][a-z]{2}\.json$/.test(path))
        return null;
      const part = new URLSearchParams(query).get('part');
      if (part !== 'first' && part !== 'rest') return null;
      this.addWatchFile(path);
      const tree = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
      // A JS module (not JSON), so no JSON plugin handles it a second time; JSON.parse of a
      // string literal is the fastest way to ship data.
      const data = JSON.stringify(JSON.stringify(pickLocalePart(tree, part)));
      return { code: `export default JSON.parse(${data});`, moduleType: 'js' };
    },
  };
}

/**
 * Fails the build when output chunks import each other in a cycle (decision 121): their modules
 * would then run in an order the code never asked for.
 */
function noChunkCycles(): Plugin {
  return {
    name: 'ledgerline-no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((file) =>
        file.type === 'chunk' ? [{ fileName: file.fileName, imports: file.imports }] : [],
      );
      const cycle = findChunkCycle(chunks);
      if (cycle) this.error(`chunks import each other: ${cycle.join(' → ')}`);
    },
  };
}

/**
 * index.html also names the sign-in chunk (decision 121's `sign-in` group) as a modulepreload, and
 * its stylesheets as preloads, so they download beside the entry instead of after it has run
 * (decision 124). Every page loads them: the sign-in route and every external page run that
 * chunk, and the signed-in pages' chunks import it (the sign-out button, the shared layout parts).
 */
function preloadSignInChunk(): Plugin {
  return {
    name: 'ledgerline-preload-sign-in',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (file) => file.type === 'chunk' && file.name === 'sign-in',
        );
        // A renamed group would otherwise drop the preload without a word.
        if (chunk?.type !== 'chunk')
          throw new Error('ledgerline-preload-sign-in: the build has no chunk named sign-in');
        const styles = [...(chunk.viteMetadata?.importedCss ?? [])];
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
            injectTo: 'head',
          },
          ...styles.map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

/**
 * React's API on Preact (decision 115): the build and the web tests resolve React's modules to
 * preact/compat, which brings the sign-in page under 150 KB. `npm run dev` keeps React itself for
 * Fast Refresh, which needs React's renderer.
 */
export const PREACT_ALIASES = [
  { find: /^react$/, replacement: join(HERE, 'src/lib/preact/react.ts') },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
];

export default defineConfig(({ command, mode }) => {
  // In dev there is no version.json of our own, so the update check stays off (builtAt 'dev').
  const info: BuildInfo =
    command === 'build' ? readBuildInfo() : { version: 'dev', builtAt: 'dev' };
  return {
    plugins: [localeParts(), react(), versionFile(info), noChunkCycles(), preloadSignInChunk()],
    resolve: {
      alias: [
        { find: /^@\//, replacement: `${join(HERE, 'src')}/` },
        ...(command === 'build' || mode === 'test' ? PREACT_ALIASES : []),
      ],
    },
    define: {
      __APP_BUILD__: JSON.stringify(info),
    },
    server: {
      port: 5173,
      proxy: {
        '/api': { target: API_TARGET, changeOrigin: true },
        '/realtime': { target: API_TARGET, changeOrigin: true, ws: true },
        '/dev': { target: API_TARGET, changeOrigin: true },
        '/version.json': { target: API_TARGET, changeOrigin: true },
      },
    },
    preview: {
      port: 4173,
      // The built app serves its own version.json; the rest goes to the server as in dev.
      proxy: {
        '/api': { target: API_TARGET, changeOrigin: true },
        '/realtime': { target: API_TARGET, changeOrigin: true, ws: true },
        '/dev': { target: API_TARGET, changeOrigin: true },
      },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      // Source maps (2 MB of our source) only outside production: `npm start` and the browser
      // tests build in production mode and ship none; `vite build --mode development` keeps them.
      sourcemap: mode !== 'production',
      // Route modules are split by their dynamic imports; keep an eye on the first load.
      chunkSizeWarningLimit: 400,
      // Never inline images as data: URIs; the CSP's img-src allows 'self' only.
      assetsInlineLimit: 0,
      rolldownOptions: { output: { codeSplitting: { groups: chunkGroups(join(HERE, 'src')) } } },
    },
  };
});
