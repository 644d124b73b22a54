import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

export const DEMO_PASSWORD = 'Demo-pass-2026';

/**
 * axe-core's minified build, the text a page evaluates: `axe.source` of the package's main file is
 * the unminified 1.3 MB, which took half again as much of the page's CPU to parse on every scan.
 */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** The WCAG levels every page is held to. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * Runs axe-core in the page itself, injected once per document. @axe-core/playwright's builder
 * injected it again on every scan and finished each run in a new blank tab, which cost a second
 * or two of CPU per scan on CI's 2 cores (there are over a hundred scans); the app has no frames,
 * so the in-page run sees all of it. Only violations are reported back.
 */
async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(
    () => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function',
  );
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async (tags) =>
      (
        await (
          window as unknown as {
            axe: {
              run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }>;
            };
          }
        ).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
      ).violations,
    AXE_TAGS,
  );
}

/** Scans the page as it stands and fails on any serious or critical accessibility violation. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  // A dialog still fading in has a button at part opacity, which reads as too little contrast
  // (seen on CI): scan once every finite animation and transition has ended (spinners loop).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
  const blocking = (await axeViolations(page)).filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    blocking.map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    ),
    `accessibility of ${label}`,
  ).toEqual([]);
}

/** Every page a test visits through `visit` is scanned with axe once it has settled. */
export const test = base.extend<{
  visit: (path: string, ready: (page: Page) => Promise<void>) => Promise<void>;
}>({
  visit: async ({ page }, use) => {
    await use(async (path, ready) => {
      await page.goto(path);
      await ready(page);
      await expectAccessible(page, path);
    });
  },
});

export { expect };

/**
 * What the ALTCHA widget does in the browser, for tests that call the API directly (the server asks
 * for the bot check on registration and sign-in): fetch a challenge, solve it, encode the payload.
 */
export async function solvedBotCheck(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/auth/altcha');
  expect(response.status()).toBe(200);
  const challenge = (await response.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the bot-check challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/**
 * POST /api/auth/login as the sign-in page sends it (client 'web', a solved bot check) for a user
 * whose password alone signs in; answers the access token. The HttpOnly refresh cookie lands in
 * the cookie jar of `request` (a page's request shares its browser context's).
 */
export async function apiSignIn(
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const response = await request.post('/api/auth/login', {
    data: {
      client: 'web',
      username: email,
      password,
      codeChallenge: 'x'.repeat(43),
      altcha: await solvedBotCheck(request),
    },
  });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
  const { accessToken } = (await response.json()) as { accessToken?: string };
  if (!accessToken) throw new Error(`${email} does not sign in with the password alone`);
  return accessToken;
}

/**
 * Signs a demo user in through the API, as the sign-in page does (POST /api/auth/login with a
 * solved bot check), in the page's own browser context: the HttpOnly refresh cookie lands there.
 * The tab is then marked signed in the way the app marks it (sessionStorage, brand in
 * localStorage) and opens `path` (home by default): the app restores the session with one
 * refresh, as after a reload (app/guards.ts). For tests whose subject is not the sign-in: the sign-in page and its
 * bot check's proof of work in the browser are covered by sign-in*.spec.ts. Only for users whose
 * password sign-in answers tokens at once (no second factor, no migration).
 *
 * A session is made per test, not shared through a storage-state file: the refresh token rotates
 * on every use, and two tests presenting one token would look like a stolen token (RFC 9700).
 */
export async function signInThroughApi(
  page: Page,
  email: string,
  options: { brand?: string; password?: string; path?: string } = {},
): Promise<void> {
  await apiSignIn(page.request, email, options.password);
  // Storage belongs to the origin: open a page of it that is not the app, then mark the tab.
  await page.goto('/version.json');
  await page.evaluate(
    ({ brand }) => {
      localStorage.setItem('ledgerline.brand', brand);
      sessionStorage.setItem('ledgerline.session', JSON.stringify({ isAuthed: true }));
    },
    { brand: options.brand ?? 'pebble' },
  );
  // The app trades the refresh cookie for a new one before it shows the page. Until the new one
  // is kept, another page load would present the spent one, which ends the session (reuse).
  const restored = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/auth/refresh',
  );
  await page.goto(options.path ?? '/home');
  const refresh = await restored;
  expect(refresh.status(), `the app restores the session of ${email}`).toBe(200);
  await refresh.finished();
}

interface OutboxMessage {
  id: number;
  recipient: string;
  subject: string | null;
  body: string;
}

/** A fresh address per test, so parallel runs never meet. */
export function freshEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.test`;
}

/** The newest message to `email` whose body matches `pattern`, read from /dev/outbox.json. */
export async function fromOutbox(
  request: APIRequestContext,
  email: string,
  pattern: RegExp,
): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get('/dev/outbox.json');
      const { messages } = (await response.json()) as { messages: OutboxMessage[] };
      const message = messages.find(
        (candidate) => candidate.recipient === email && pattern.test(candidate.body),
      );
      found = message ? pattern.exec(message.body)?.[1] : undefined;
      return found;
    })
    .toBeTruthy();
  return found ?? '';
}

/**
 * Every answer (status and the start of the body) and failed request of one main-API method the
 * page makes from now on, for a failure message to name what the server said.
 */
export function recordAnswers(page: Page, method: string): string[] {
  const seen: string[] = [];
  const isIt = (url: string) => url.endsWith(`/api/main/?${method}`);
  page.on('requestfailed', (request) => {
    if (isIt(request.url())) seen.push(`failed: ${request.failure()?.errorText ?? 'unknown'}`);
  });
  page.on('response', (response) => {
    if (!isIt(response.url())) return;
    void response.text().then(
      (body) => seen.push(`${response.status()} ${body.slice(0, 300)}`),
      () => seen.push(`${response.status()} (no body)`),
    );
  });
  return seen;
}

/**
 * Runs `body` while no other test of this run holds the lock `name`: for tests in different files
 * (so possibly in the other worker) that move the same seeded customer's money and assert exact
 * balances, or read the same user's latest e-mailed code. The lock is a directory in this run's
 * output folder (Playwright empties it when a run starts), made atomically; a waiter polls for it.
 */
export async function exclusively<T>(name: string, body: () => Promise<T>): Promise<T> {
  const root = join(test.info().project.outputDir, '.locks');
  mkdirSync(root, { recursive: true });
  const lock = join(root, name);
  const take = () => {
    try {
      mkdirSync(lock);
      return true;
    } catch {
      return false;
    }
  };
  await expect
    .poll(take, { message: `waiting for the lock ${name}`, timeout: 240_000, intervals: [250] })
    .toBe(true);
  try {
    return await body();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** The lock of the tests that move Harbourlight Studio's money (approvals). */
export const HARBOURLIGHT_MONEY = 'harbourlight-money';
