/**
 * `npm run bench -- --only lighthouse` (issues 13 and 19): Lighthouse's performance and
 * accessibility scores and its cumulative layout shift on /login (signed out) and /home,
 * /history and /transfer/p2p (signed in as the demo customer), for every brand, against the
 * built web app served by the real server. Every brand on a phone (Lighthouse's mobile defaults:
 * simulated slow 4G and a 4× slower CPU), the first brand on a desktop too. Goals: mobile
 * performance ≥ 95 (issue 19), accessibility 100 and CLS ≤ 0.05 (issue 13). Figures only:
 * nothing here passes or fails.
 *
 * Lighthouse lives in bench/lighthouse/ with its own package.json and lockfile, outside the
 * workspaces (STACK.md: inside, it hoists old zod and @types/pg and breaks the lockfile), and is
 * installed there with `npm ci` the first time this part runs.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BRAND_IDS, type BrandId } from '@ledgerline/domain/brands';
import { CHROMIUM, CHROMIUM_ARGS, DIST, ensureBuilt } from './bundle-size';
import { REPO_ROOT, runCommand, startLedgerline, type RunningServer } from './child';
import { table } from './format';

const LIGHTHOUSE_DIR = join(REPO_ROOT, 'bench/lighthouse');
const DEMO_EMAIL = 'personal@ledgerline.test';
const DEMO_PASSWORD = 'Demo-pass-2026';
/** /login is audited signed out, the others signed in. */
const SIGNED_OUT_PATHS = ['/login'] as const;
const SIGNED_IN_PATHS = ['/home', '/history', '/transfer/p2p'] as const;
const PATHS = [...SIGNED_OUT_PATHS, ...SIGNED_IN_PATHS] as const;
type FormFactor = 'mobile' | 'desktop';
/**
 * Every brand on a phone; the desktop (issue 13's CLS figure) for the first brand only.
 * `BENCH_LIGHTHOUSE_BRANDS=pebble,thistle` audits only those brands, on a phone: a quicker round
 * for comparing two builds in turn (decision 121).
 */
const ONLY_BRANDS = (process.env.BENCH_LIGHTHOUSE_BRANDS ?? '')
  .split(',')
  .filter((brand): brand is BrandId => (BRAND_IDS as readonly string[]).includes(brand));
const RUNS: readonly { brand: BrandId; formFactor: FormFactor }[] =
  ONLY_BRANDS.length > 0
    ? ONLY_BRANDS.map((brand) => ({ brand, formFactor: 'mobile' as const }))
    : [
        ...BRAND_IDS.map((brand) => ({ brand, formFactor: 'mobile' as const })),
        { brand: BRAND_IDS[0], formFactor: 'desktop' },
      ];
/**
 * `BENCH_LIGHTHOUSE_REPORTS=dir` keeps each audit's whole Lighthouse report there as JSON
 * (`<brand>-<form factor>-<page>.json`), for reading where the time went: `mainthread-work-breakdown`,
 * `bootup-time`, `long-tasks`, `network-requests` (decision 127).
 */
const REPORTS_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS;
/** The brand override the app keeps in localStorage (`?brand=`; apps/web/src/lib/storage.ts). */
const BRAND_STORAGE_KEY = 'ledgerline.brand';

/** Lighthouse's own phone and desktop screens (its constants.screenEmulationMetrics). */
const SCREENS: Record<FormFactor, Record<string, unknown>> = {
  mobile: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
  desktop: { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1, disabled: false },
};

/**
 * Lighthouse's own simulated networks and CPUs (its constants.throttling): mobileSlow4G is its
 * mobile default, desktopDense4G what its desktop config uses. Simulated: the page loads at
 * loopback speed and Lighthouse computes the metrics for the throttled device from the trace.
 */
const THROTTLING: Record<FormFactor, Record<string, number>> = {
  mobile: {
    rttMs: 150,
    throughputKbps: 1.6 * 1024,
    requestLatencyMs: 150 * 3.75,
    downloadThroughputKbps: 1.6 * 1024 * 0.9,
    uploadThroughputKbps: 750 * 0.9,
    cpuSlowdownMultiplier: 4,
  },
  desktop: {
    rttMs: 40,
    throughputKbps: 10 * 1024,
    cpuSlowdownMultiplier: 1,
    requestLatencyMs: 0,
    downloadThroughputKbps: 0,
    uploadThroughputKbps: 0,
  },
};

export const PERFORMANCE_GOAL = 95;
export const CLS_GOAL = 0.05;
export const ACCESSIBILITY_GOAL = 100;

/** The performance score's metrics, as Lighthouse names their audits. */
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;

export interface LighthouseFigure {
  brand: BrandId;
  path: string;
  formFactor: FormFactor;
  /** 0–100. */
  performance: number | null;
  /** The metrics that cost performance points (score under 0.9), with their values. */
  slowMetrics: string[];
  /** 0–100. */
  accessibility: number | null;
  cls: number | null;
  /** Accessibility audits that failed, with the first few elements each names. */
  failing: string[];
  /** The page Lighthouse ended on (a sign-in page here would mean the session was lost). */
  finalUrl: string;
  /** Why the page has no figures: Lighthouse failed on it twice (e.g. NO_NAVSTART under load). */
  error?: string;
}

/** Lighthouse now and then fails to record a trace on a busy machine: each page gets a second try. */
const ATTEMPTS = 2;

export type LighthouseReport =
  { ok: true; figures: LighthouseFigure[] } | { ok: false; reason: string };

// Lighthouse and puppeteer-core are loaded from bench/lighthouse at run time: the few shapes used.
interface Audit {
  id: string;
  title: string;
  score: number | null;
  numericValue?: number;
  displayValue?: string;
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
interface PuppeteerContext {
  newPage(): Promise<PuppeteerPage>;
  close(): Promise<void>;
}
interface PuppeteerBrowser {
  createBrowserContext(): Promise<PuppeteerContext>;
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

/** Chooses the brand the way `?brand=` does (kept in localStorage), before any page of the app loads. */
async function chooseBrand(page: PuppeteerPage, baseUrl: string, brand: BrandId): Promise<void> {
  await page.goto(`${baseUrl}/version.json`);
  await page.evaluate(
    ({ key, value }) => {
      // Runs in the page: the Node-side type check has no DOM library.
      const { localStorage } = globalThis as unknown as {
        localStorage: { setItem(key: string, value: string): void };
      };
      localStorage.setItem(key, value);
      return Promise.resolve();
    },
    { key: BRAND_STORAGE_KEY, value: brand },
  );
}

/**
 * Signs the demo customer in as the sign-in page does, in the browser that Lighthouse then
 * drives: the HttpOnly refresh cookie lands in its cookie jar, and the tab is marked signed in
 * (sessionStorage) the way the app marks it, so each audited load restores the session. The
 * demo customer is Pebble's; the sign-in does not ask which brand's front end it came from, so
 * every brand's screens show it in that brand's colours.
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
      // Runs in the page: the Node-side type check has no DOM library, so the storage is named here.
      const { sessionStorage } = globalThis as unknown as {
        sessionStorage: { setItem(key: string, value: string): void };
      };
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

/** The performance metrics that scored under 0.9, worst first. */
function slowMetrics(result: LighthouseResult['lhr']): string[] {
  return METRICS.map((id) => result.audits[id])
    .filter((metric): metric is Audit => metric?.score !== null && (metric?.score ?? 1) < 0.9)
    .sort((a, b) => (a.score ?? 0) - (b.score ?? 0))
    .map((metric) => `${metric.id} ${metric.displayValue ?? ''} (score ${metric.score})`);
}

async function audit(
  lighthouse: RunLighthouse,
  page: PuppeteerPage,
  url: string,
  brand: BrandId,
  formFactor: FormFactor,
): Promise<Omit<LighthouseFigure, 'path' | 'brand'>> {
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
      // Lighthouse's simulated device (see THROTTLING); CLS comes from the real trace.
      throttlingMethod: 'simulate',
      throttling: THROTTLING[formFactor],
    },
    undefined,
    page,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (REPORTS_DIR) {
    mkdirSync(REPORTS_DIR, { recursive: true });
    const page = new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '');
    writeFileSync(join(REPORTS_DIR, `${brand}-${formFactor}-${page}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const percent = (score: number | null | undefined) =>
    typeof score === 'number' ? Math.round(score * 100) : null;
  return {
    formFactor,
    performance: percent(lhr.categories.performance?.score),
    slowMetrics: slowMetrics(lhr),
    accessibility: percent(lhr.categories.accessibility?.score),
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? null,
    failing: failingAudits(lhr),
    finalUrl: lhr.finalDisplayedUrl,
  };
}

/** One page's figures, or the reason there are none after ATTEMPTS tries. */
async function auditWithRetry(
  lighthouse: RunLighthouse,
  page: PuppeteerPage,
  baseUrl: string,
  path: string,
  brand: BrandId,
  formFactor: FormFactor,
): Promise<LighthouseFigure> {
  let reason = '';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    try {
      return { brand, path, ...(await audit(lighthouse, page, baseUrl + path, brand, formFactor)) };
    } catch (error) {
      reason = error instanceof Error ? error.message : String(error);
      console.log(`    attempt ${attempt} failed: ${reason}`);
    }
  }
  return {
    brand,
    path,
    formFactor,
    performance: null,
    slowMetrics: [],
    accessibility: null,
    cls: null,
    failing: [],
    finalUrl: baseUrl + path,
    error: reason,
  };
}

function verdict(figure: LighthouseFigure): string {
  if (figure.error) return `not measured: ${figure.error}`;
  const notes: string[] = [];
  if (
    figure.formFactor === 'mobile' &&
    figure.performance !== null &&
    figure.performance < PERFORMANCE_GOAL
  )
    notes.push(`performance below ${PERFORMANCE_GOAL}`);
  if (figure.accessibility !== null && figure.accessibility < ACCESSIBILITY_GOAL)
    notes.push(`accessibility below ${ACCESSIBILITY_GOAL}`);
  if (figure.cls !== null && figure.cls > CLS_GOAL) notes.push(`CLS above ${CLS_GOAL}`);
  if (!new URL(figure.finalUrl).pathname.startsWith(figure.path))
    notes.push(`ended on ${new URL(figure.finalUrl).pathname}`);
  return notes.length ? notes.join('; ') : 'meets the goals';
}

/** One row per page, brand and device: each figure beside its goal. */
export function lighthouseRows(report: LighthouseReport): string[][] {
  if (!report.ok) return [[`Lighthouse ${PATHS.join(', ')}`, 'not measured', report.reason]];
  return report.figures.map((figure) => [
    `Lighthouse ${figure.path} ${figure.brand} (${figure.formFactor})`,
    [
      `performance ${figure.performance ?? '–'}${figure.formFactor === 'mobile' ? ` (goal ≥ ${PERFORMANCE_GOAL})` : ''}`,
      `accessibility ${figure.accessibility ?? '–'} (goal ${ACCESSIBILITY_GOAL})`,
      `CLS ${figure.cls === null ? '–' : figure.cls.toFixed(3)} (goal ≤ ${CLS_GOAL})`,
    ].join(', '),
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
      // Migrating and seeding the demo on PGlite took more than two minutes on a loaded machine.
      startTimeoutMs: 300_000,
    });
    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [...CHROMIUM_ARGS, '--disable-dev-shm-usage'],
    });
    const figures: LighthouseFigure[] = [];
    for (const { brand, formFactor } of RUNS) {
      // A fresh profile per brand and device: signed out for /login, then signed in.
      const context = await browser.createBrowserContext();
      try {
        const page = await context.newPage();
        await chooseBrand(page, server.baseUrl, brand);
        for (const path of PATHS) {
          if (path === SIGNED_IN_PATHS[0]) await signIn(page, server.baseUrl);
          console.log(`  Lighthouse ${path} ${brand} (${formFactor}) …`);
          const figure = await auditWithRetry(
            lighthouse,
            page,
            server.baseUrl,
            path,
            brand,
            formFactor,
          );
          figures.push(figure);
          console.log(
            `    ${lighthouseRows({ ok: true, figures: [figure] })[0]
              ?.slice(1)
              .join(': ')}`,
          );
        }
      } finally {
        await context.close();
      }
    }
    console.log(table(['page', 'figures', 'note'], lighthouseRows({ ok: true, figures })));
    for (const figure of figures) {
      const where = `${figure.path} ${figure.brand} (${figure.formFactor})`;
      if (figure.slowMetrics.length > 0)
        console.log(`  ${where} loses performance on ${figure.slowMetrics.join(', ')}`);
      for (const failing of figure.failing) console.log(`  ${where} fails ${failing}`);
    }
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
