import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const API_TARGET = process.env.LEDGERLINE_API_TARGET ?? 'http://localhost:8080';

interface BuildInfo {
  version: string;
  builtAt: string;
}

function readBuildInfo(): BuildInfo {
  const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
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

export default defineConfig(({ command }) => {
  // In dev there is no version.json of our own, so the update check stays off (builtAt 'dev').
  const info: BuildInfo =
    command === 'build' ? readBuildInfo() : { version: 'dev', builtAt: 'dev' };
  return {
    plugins: [react(), versionFile(info)],
    resolve: {
      alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
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
      sourcemap: true,
      // Route modules are split by their dynamic imports; keep an eye on the first load.
      chunkSizeWarningLimit: 400,
      // Never inline images as data: URIs; the CSP's img-src allows 'self' only.
      assetsInlineLimit: 0,
    },
  };
});
