/**
 * zod probes `new Function` for its fast path, which the CSP (script-src 'self') forbids and
 * reports (STACK.md). zod keeps its settings in `globalThis.__zod_globalConfig` and adopts an
 * object already there, so setting `jitless` on it before zod first loads costs the first page
 * nothing; importing zod's `config()` instead put about 4 KB gzip of zod into the first download.
 * zod-jitless.test.ts fails if a zod upgrade stops reading this object.
 */
declare global {
  var __zod_globalConfig: Record<string, unknown> | undefined;
}

export function preconfigureZodJitless(): void {
  globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };
}

// On import: main.tsx imports this module first of all.
preconfigureZodJitless();
