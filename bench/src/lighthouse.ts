/**
 * `npm run bench -- --only lighthouse` (issue 13): Lighthouse's accessibility score and its
 * cumulative layout shift on /home and /history, signed in as the demo customer, against the
 * built web app served by the real server, at a phone's size and a desktop's. Goals from the
 * issue: accessibility 100 and CLS ≤ 0.05. Figures only: nothing here passes or fails.
 *
 * Lighthouse lives in bench/lighthouse/ with its own package.json and lockfile, outside the
 * workspaces (STACK.md: inside, it hoists old zod and @types/pg and breaks the lockfile), and is
 * installed there with `npm ci` the first time this part runs.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHROMIUM, CHROMIUM_ARGS, DIST, ensureBuilt } from './bundle-size';
import { REPO_ROOT, runCommand, startLedgerline, type RunningServer } from './child';
import { table } from './format';

const LIGHTHOUSE_DIR = join(REPO_ROOT, 'bench/lighthouse');
const DEMO_EMAIL = 'personal@ledgerline.test';
const DEMO_PASSWORD = 'Demo-pass-2026';
const PATHS = ['/home', '/history'] as const;
const FORM_FACTORS = ['mobile', 'desktop'] as const;
type FormFactor = (typeof FORM_FACTORS)[number];

/** Lighthouse's own phone and desktop screens (its constants.screenEmulationMetrics). */
const SCREENS: Record<FormFactor, Record<string, unknown>> = {
  mobile: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
  desktop: { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1, disabled: false },
};

export const CLS_GOAL = 0.05;
export const ACCESSIBILITY_GOAL = 100;

export interface LighthouseFigure {
  path: string;
  formFactor: FormFactor;
  /** 0–100. */
  accessibility: number | null;
  cls: number | null;
  /** Accessibility audits that failed, with the first few elements each names. */
  failing: string[];
  /** The page Lighthouse ended on (a sign-in page here would mean the session was lost). */
  finalUrl: string;
}

export type LighthouseReport =
  { ok: true; figures: LighthouseFigure[] } | { ok: false; reason: string };

// Lighthouse and puppeteer-core are loaded from bench/lighthouse at run time: the few shapes used.
interface Audit {
  id: string;
  title: string;
  score: number | null;
  numericValue?: number;
  details?: { items?: { node?: { selector?: string; snippet?: string } }[] };
}
interface LighthouseResult {
  lhr: {
    finalDisplayedUrl: string;
    categories: Record<
      string,
      { score: number | null; auditRefs: { id: string; weight: number }[] }
    >;
    audits: Record<string, Audit>;
    runtimeError?: { message: string };
  };
}
type RunLighthouse = (
  url: string,
  flags: Record<string, unknown>,
  config: undefined,
  page: unknown,
) => Promise<LighthouseResult | undefined>;
interface PuppeteerPage {
  goto(url: string): Promise<unknown>;
  evaluate<A, R>(fn: (arg: A) => Promise<R>, arg: A): Promise<R>;
}
interface PuppeteerBrowser {
  newPage(): Promise<PuppeteerPage>;
  close(): Promise<void>;
}
interface Puppeteer {
  launch(options: Record<string, unknown>): Promise<PuppeteerBrowser>;
}

async function ensureLighthouse(): Promise<string | undefined> {
  if (existsSync(join(LIGHTHOUSE_DIR, 'node_modules/lighthouse/package.json'))) return undefined;
  console.log('  installing Lighthouse into bench/lighthouse (npm ci, once) …');
  const install = await runCommand(
    'npm ci (lighthouse)',
    'npm',
    ['ci', '--prefix', 'bench/lighthouse', '--no-audit', '--no-fund', '--ignore-scripts'],
    300_000,
  );
  if (install.code !== 0 || install.timedOut)
    return `Lighthouse could not be installed in bench/lighthouse (npm ci exit ${install.code}${install.timedOut ? ', timed out' : ''})`;
  return undefined;
}

/** A package's default export from bench/lighthouse/node_modules (not resolvable from the workspaces). */
async function load<T>(
  path: 'lighthouse/core/index.js' | 'puppeteer-core/lib/esm/puppeteer/puppeteer-core.js',
): Promise<T> {
  const url = pathToFileURL(join(LIGHTHOUSE_DIR, 'node_modules', path)).href;
  // eslint-disable-next-line no-unsanitized/method -- one of two fixed paths of our own install
  const module = (await import(url)) as { default: T };
  return module.default;
}

/**
 * Signs the demo customer in as the sign-in page does, in the browser that Lighthouse then
 * drives: the HttpOnly refresh cookie lands in its cookie jar, and the tab is marked signed in
 * (sessionStorage) the way the app marks it, so each audited load restores the session.
 */
async function signIn(page: PuppeteerPage, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/version.json`);
  const status = await page.evaluate(
    async ({ email, password }) => {
      const response = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client: 'web',
          username: email,
          password,
          codeChallenge: 'x'.repeat(43),
        }),
      });
      // Runs in the page: the Node-side type check has no DOM library, so the storages are named here.
      const { localStorage, sessionStorage } = globalThis as unknown as Record<
        'localStorage' | 'sessionStorage',
        { setItem(key: string, value: string): void }
      >;
      localStorage.setItem('ledgerline.brand', 'pebble');
      sessionStorage.setItem('ledgerline.session', JSON.stringify({ isAuthed: true }));
      return response.status;
    },
    { email: DEMO_EMAIL, password: DEMO_PASSWORD },
  );
  if (status !== 200) throw new Error(`the demo sign-in answered ${status}`);
}

function failingAudits(result: LighthouseResult['lhr']): string[] {
  const refs = result.categories.accessibility?.auditRefs ?? [];
  return refs
    .map((ref) => ({ ref, audit: result.audits[ref.id] }))
    .filter(
      (entry): entry is { ref: { id: string; weight: number }; audit: Audit } =>
        entry.audit !== undefined && entry.audit.score === 0,
    )
    .map(({ ref, audit }) => {
      const nodes = (audit.details?.items ?? [])
        .map((item) => item.node?.selector ?? item.node?.snippet)
        .filter((node): node is string => typeof node === 'string')
        .slice(0, 3);
      // Weight 0: Lighthouse reports the audit but leaves it out of the score (experimental).
      const scored = ref.weight > 0 ? '' : ' [not in the score]';
      return `${audit.id}${scored}: ${audit.title}${nodes.length ? ` (${nodes.join(', ')})` : ''}`;
    });
}

async function audit(
  lighthouse: RunLighthouse,
  page: PuppeteerPage,
  url: string,
  formFactor: FormFactor,
): Promise<Omit<LighthouseFigure, 'path'>> {
  const result = await lighthouse(
    url,
    {
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['accessibility', 'performance'],
      // Keep the session: Lighthouse would otherwise clear the origin's cookies and storage.
      disableStorageReset: true,
      formFactor,
      screenEmulation: SCREENS[formFactor],
      // Loopback without network or CPU throttling: CLS is measured from the real trace, and
      // no timing figure is reported.
      throttlingMethod: 'provided',
    },
    undefined,
    page,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const score = lhr.categories.accessibility?.score;
  return {
    formFactor,
    accessibility: typeof score === 'number' ? Math.round(score * 100) : null,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? null,
    failing: failingAudits(lhr),
    finalUrl: lhr.finalDisplayedUrl,
  };
}

function verdict(figure: LighthouseFigure): string {
  const notes: string[] = [];
  if (figure.accessibility !== null && figure.accessibility < ACCESSIBILITY_GOAL)
    notes.push(`accessibility below ${ACCESSIBILITY_GOAL}`);
  if (figure.cls !== null && figure.cls > CLS_GOAL) notes.push(`CLS above ${CLS_GOAL}`);
  if (!new URL(figure.finalUrl).pathname.startsWith(figure.path))
    notes.push(`ended on ${new URL(figure.finalUrl).pathname}`);
  return notes.length ? notes.join('; ') : 'meets the goals';
}

export function lighthouseRows(report: LighthouseReport): string[][] {
  if (!report.ok) return [['Lighthouse /home, /history', 'not measured', report.reason]];
  return report.figures.map((figure) => [
    `Lighthouse ${figure.path} (${figure.formFactor})`,
    `accessibility ${figure.accessibility ?? '–'}, CLS ${figure.cls === null ? '–' : figure.cls.toFixed(3)}`,
    verdict(figure),
  ]);
}

export async function runLighthousePart(): Promise<LighthouseReport> {
  const notInstalled = await ensureLighthouse();
  if (notInstalled) {
    console.log(`  NOT MEASURED: ${notInstalled}`);
    return { ok: false, reason: notInstalled };
  }
  const notBuilt = await ensureBuilt();
  if (notBuilt) {
    console.log(`  NOT MEASURED: ${notBuilt.reason}`);
    return { ok: false, reason: notBuilt.reason };
  }
  let server: RunningServer | undefined;
  let browser: PuppeteerBrowser | undefined;
  try {
    const lighthouse = await load<RunLighthouse>('lighthouse/core/index.js');
    const puppeteer = await load<Puppeteer>('puppeteer-core/lib/esm/puppeteer/puppeteer-core.js');
    // The demo customer and a sign-in without the browser's proof of work (the bot check has
    // its own tests); production mode, as deployed.
    server = await startLedgerline({
      webDist: DIST,
      env: { SEED_DEMO: 'true', BOT_CHECK: 'false' },
    });
    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [...CHROMIUM_ARGS, '--disable-dev-shm-usage'],
    });
    const page = await browser.newPage();
    await signIn(page, server.baseUrl);
    const figures: LighthouseFigure[] = [];
    for (const formFactor of FORM_FACTORS) {
      for (const path of PATHS) {
        console.log(`  Lighthouse ${path} (${formFactor}) …`);
        figures.push({
          path,
          ...(await audit(lighthouse, page, server.baseUrl + path, formFactor)),
        });
      }
    }
    console.log(table(['page', 'figures', 'note'], lighthouseRows({ ok: true, figures })));
    for (const figure of figures)
      for (const failing of figure.failing)
        console.log(`  ${figure.path} (${figure.formFactor}) fails ${failing}`);
    return { ok: true, figures };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.log(`  NOT MEASURED: ${reason}`);
    return { ok: false, reason };
  } finally {
    await browser?.close();
    await server?.stop();
  }
}
