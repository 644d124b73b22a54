import { defineConfig } from '@playwright/test';

/**
 * Browser tests drive Debian's Chromium (browsers cannot be downloaded here) against the real
 * server, which serves the built web app on an in-memory PGlite seeded with the demo users.
 */
const port = Number(process.env.E2E_PORT ?? 8181);
export const baseURL = `http://localhost:${port}`;
/**
 * A second server whose web client signs out after a few idle seconds (CLIENT_IDLE_TIMEOUT_SECONDS,
 * served at /config.json): only the idle-logout test uses it, the rest keep the real timeouts.
 */
const idlePort = port + 1;
export const idleBaseURL = `http://localhost:${idlePort}`;
export const SHORT_IDLE_SECONDS = 4;

const serverEnv = {
  HOST: '127.0.0.1',
  DATA_DIR: 'memory://',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'development',
  // Plenty for a test run that signs in many times from one address.
  RATE_LIMIT_MAX: '10000',
  // New cards move through their statuses in seconds, not minutes (card processor simulator).
  CARD_PROCESSOR_STEP_MS: '1000',
  // External transfers are delivered (or returned) by the rail simulator in seconds.
  RAIL_STEP_MS: '2000',
  // Lets several checkouts' builds be tested side by side (vite build --outDir elsewhere).
  ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
};

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  outputDir: '../test-results/e2e',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      command: 'node --import tsx apps/server/src/main.ts',
      cwd: '..',
      url: `${baseURL}/version.json`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { ...serverEnv, PORT: String(port) },
    },
    {
      command: 'node --import tsx apps/server/src/main.ts',
      cwd: '..',
      url: `${idleBaseURL}/version.json`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...serverEnv,
        PORT: String(idlePort),
        CLIENT_IDLE_TIMEOUT_SECONDS: String(SHORT_IDLE_SECONDS),
      },
    },
  ],
});
