import { defineConfig } from '@playwright/test';

/**
 * Browser tests drive Debian's Chromium (browsers cannot be downloaded here) against the real
 * server, which serves the built web app on an in-memory PGlite seeded with the demo users.
 */
const port = Number(process.env.E2E_PORT ?? 8181);
export const baseURL = `http://localhost:${port}`;
/** The idle time the idle-logout test gives the web client (its /config.json answer). */
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
  // A failed webhook delivery is retried half a second later instead of 5 s (the later retries keep
  // their minutes and hours): webhooks.spec.ts's merchant server is down for the first attempt.
  WEBHOOK_RETRY_BASE_MS: '500',
  // New passwords (registration, password change) hash at scrypt N=2^10 instead of 2^17.
  PASSWORD_HASH_COST: '10',
  // The bot check's proof of work takes at most 600 hashes instead of 60,000: every sign-in and
  // registration still solves and verifies a real challenge, at a hundredth of the browser's CPU.
  BOT_CHECK_WORK: '600',
  // npm test hands over the seeded database the server tests made (scripts/test-all.mjs): the
  // server starts from it instead of migrating and seeding again, a quarter of a minute sooner.
  ...(process.env.PGLITE_START_FROM ? { PGLITE_START_FROM: process.env.PGLITE_START_FROM } : {}),
  // Lets several checkouts' builds be tested side by side (vite build --outDir elsewhere).
  ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
};

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: 2,
  // On CI a failed browser test runs once more; one that then passes is counted and named as
  // flaky in npm test's summary (scripts/test-all.mjs), never silently passed.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  outputDir: '../test-results/e2e',
  use: {
    baseURL,
    // The app honours reduced motion (app/global.css, the theme): pages settle at once, and no
    // spinner or skeleton keeps the compositor drawing frames while a test waits, which was about
    // a sixth of the browser's CPU on CI's 2 cores.
    reducedMotion: 'reduce',
    // A trace records screenshots and DOM snapshots of every test to keep the failing ones: on
    // CI's 2 cores that costs more than it gives (CI shows only the log).
    trace: process.env.CI ? 'off' : 'retain-on-failure',
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
        // Software compositing in the browser process instead of a separate GPU process: without
        // a GPU it is the same drawing, minus one process and its messages (about 6 % of the CPU).
        '--in-process-gpu',
        '--disable-gpu-compositing',
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
  ],
});
