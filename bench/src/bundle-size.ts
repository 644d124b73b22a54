/**
 * Sign-in page weight: the JS and CSS the browser loads for /login, in gzip bytes. Goals: 150 KB
 * until the network is idle (issue 19), and the older 200 KB budget before the form is usable.
 * Two ways:
 *  - measured: headless Chromium (playwright-core) loads /login from the real server and we
 *    record every JS and CSS response, first until the e-mail field is visible ("before
 *    usable"), then until no request has been in flight for IDLE_QUIET_MS ("until idle": what
 *    the page fetches after its first paint too, such as the bot check's widget). Covers lazy
 *    route chunks and whatever the router fetches at once, so these are the headline figures;
 *  - static: index.html's module script, modulepreload links and stylesheets, plus the static
 *    `import`s of those chunks, transitively (no dynamic `import()`, so no lazy routes). Needs no
 *    browser; used as the figure when Chromium is not available, printed as a cross-check otherwise.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Response as PlaywrightResponse } from 'playwright-core';
import { REPO_ROOT, runCommand, startLedgerline, type RunningServer } from './child';
import { kb, table } from './format';

export const BUDGET_BYTES = 200 * 1024;
/** Issue 19: everything the sign-in page loads until the network is idle. */
export const IDLE_GOAL_BYTES = 150 * 1024;
/** The network counts as idle once no request has been in flight for this long. */
const IDLE_QUIET_MS = 2_000;
const IDLE_TIMEOUT_MS = 30_000;
const WEB = join(REPO_ROOT, 'apps/web');
export const DIST = join(WEB, 'dist');
const SIGN_IN_PATH = '/login';
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const EMAIL_FIELD = 'input[type="email"], input[autocomplete~="email"], input[name="email"]';

export interface FileSize {
  name: string;
  kind: 'js' | 'css';
  raw: number;
  gzip: number;
}

export interface SizeFigures {
  method: 'Chromium' | 'static';
  files: FileSize[];
  js: number;
  css: number;
  total: number;
}

export type SizeReport =
  | {
      ok: true;
      /** Before the sign-in form is usable (Chromium), or the static closure without a browser. */
      figures: SizeFigures;
      /** Until the network is idle (Chromium only). */
      idle?: SizeFigures;
      crossCheck?: SizeFigures;
    }
  | { ok: false; reason: string };

const gzipSize = (bytes: Uint8Array): number => gzipSync(bytes, { level: 9 }).length;

function totals(method: SizeFigures['method'], files: FileSize[]): SizeFigures {
  const sum = (kind: FileSize['kind']) =>
    files.filter((file) => file.kind === kind).reduce((total, file) => total + file.gzip, 0);
  return { method, files, js: sum('js'), css: sum('css'), total: sum('js') + sum('css') };
}

// ---------------------------------------------------------------- build when stale

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Everything the web build reads from this repository. */
const SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/postcss.config.cjs',
  'packages/domain/src',
  'packages/contract/src',
];

/** Builds the web app when dist is missing or older than its sources; says why when it cannot. */
export async function ensureBuilt(): Promise<{ reason: string; detail?: string } | undefined> {
  const index = join(DIST, 'index.html');
  const sourcesAt = Math.max(...SOURCES.map((path) => newestMtime(join(REPO_ROOT, path))));
  if (existsSync(index) && statSync(index).mtimeMs >= sourcesAt) {
    console.log('  apps/web/dist is up to date');
    return undefined;
  }
  console.log(
    `  ${existsSync(index) ? 'apps/web/dist is older than its sources' : 'apps/web/dist is missing'}: npm run build -w @ledgerline/web …`,
  );
  const started = Date.now();
  const build = await runCommand(
    'web build',
    'npm',
    ['run', 'build', '-w', '@ledgerline/web'],
    300_000,
  );
  if (build.timedOut)
    return { reason: 'the web build did not finish within 300 s', detail: build.tail };
  if (build.code !== 0)
    return {
      reason: `the web app does not build yet (npm run build exit ${build.code})`,
      detail: build.tail,
    };
  if (!existsSync(index))
    return { reason: 'the web build finished but wrote no apps/web/dist/index.html' };
  console.log(`  built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return undefined;
}

// ---------------------------------------------------------------- static closure

function attributes(tag: string): Record<string, string> {
  const found: Record<string, string> = {};
  // eslint-disable-next-line security/detect-unsafe-regex -- reads our own build output, not user input
  for (const match of tag.matchAll(/([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    const name = match[1];
    if (name) found[name.toLowerCase()] = match[2] ?? match[3] ?? match[4] ?? '';
  }
  return found;
}

/** A same-origin URL path from index.html or a chunk, as a file in dist (undefined when not local). */
function distFile(specifier: string, fromDir: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(specifier)) return undefined;
  const clean = specifier.split(/[?#]/)[0] ?? '';
  const file = clean.startsWith('/') ? join(DIST, clean) : resolve(fromDir, clean);
  return file.startsWith(DIST) && existsSync(file) && statSync(file).isFile() ? file : undefined;
}

/** `import{…}from"./x.js"`, `import"./x.js"`, `export*from"./x.js"`; never `import("./x.js")`. */
const STATIC_IMPORT =
  // eslint-disable-next-line security/detect-unsafe-regex -- reads our own build output, not user input
  /(?<![\w$.])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"'\n]+)["']/g;

function staticClosure(): SizeFigures {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const queue: string[] = [];
  for (const match of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const attrs = attributes(match[2] ?? '');
    const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
    const target =
      match[1]?.toLowerCase() === 'script'
        ? attrs.type === 'module'
          ? attrs.src
          : undefined
        : rel.includes('modulepreload') || rel.includes('stylesheet')
          ? attrs.href
          : undefined;
    const file = target ? distFile(target, DIST) : undefined;
    if (file) queue.push(file);
  }
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!/\.m?js$/.test(file)) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const next = match[1] ? distFile(match[1], dirname(file)) : undefined;
      if (next && /\.(m?js|css)$/.test(next)) queue.push(next);
    }
  }
  const files = [...seen]
    .filter((file) => /\.(m?js|css)$/.test(file))
    .map((file): FileSize => {
      const bytes = readFileSync(file);
      return {
        name: relative(DIST, file),
        kind: file.endsWith('.css') ? 'css' : 'js',
        raw: bytes.length,
        gzip: gzipSize(bytes),
      };
    });
  return totals('static', files);
}

// ---------------------------------------------------------------- measured in Chromium

/** JS and CSS among the responses (each URL once), and the other files' names. */
async function sizesOf(
  responses: readonly PlaywrightResponse[],
): Promise<{ files: FileSize[]; others: string[] }> {
  const files: FileSize[] = [];
  const others: string[] = [];
  const urls = new Set<string>();
  for (const response of responses) {
    const url = new URL(response.url());
    if (urls.has(url.href)) continue;
    urls.add(url.href);
    const type = response.headers()['content-type'] ?? '';
    const kind =
      /javascript/.test(type) || /\.m?js$/.test(url.pathname)
        ? 'js'
        : /text\/css/.test(type) || url.pathname.endsWith('.css')
          ? 'css'
          : undefined;
    const body = await response.body().catch(() => undefined);
    if (!body) continue;
    if (kind)
      files.push({
        name: url.pathname.replace(/^\//, ''),
        kind,
        raw: body.length,
        gzip: gzipSize(body),
      });
    else others.push(`${url.pathname} (${kb(gzipSize(body))} gzip)`);
  }
  return { files, others };
}

async function measureInChromium(
  server: RunningServer,
): Promise<{ usable: SizeFigures; idle: SizeFigures }> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    timeout: 30_000,
  });
  try {
    const page = await (await browser.newContext()).newPage();
    const responses: PlaywrightResponse[] = [];
    let inFlight = 0;
    let quietSince = Date.now();
    const settled = () => {
      inFlight -= 1;
      if (inFlight === 0) quietSince = Date.now();
    };
    page.on('request', () => {
      inFlight += 1;
    });
    page.on('requestfinished', settled);
    page.on('requestfailed', settled);
    page.on('response', (response) => responses.push(response));
    const started = Date.now();
    await page.goto(server.baseUrl + SIGN_IN_PATH, { waitUntil: 'commit', timeout: 30_000 });
    const field = page
      .locator(EMAIL_FIELD)
      .or(page.getByLabel(/e-?mail/i))
      .first();
    try {
      await field.waitFor({ state: 'visible', timeout: 30_000 });
    } catch {
      throw new Error(
        `no visible e-mail field at ${SIGN_IN_PATH} within 30 s (looked for ${EMAIL_FIELD} or a label matching /e-?mail/i)`,
      );
    }
    const usableResponses = [...responses];
    console.log(
      `  e-mail field visible ${Date.now() - started} ms after navigation (loopback, no throttling)`,
    );
    while (inFlight > 0 || Date.now() - quietSince < IDLE_QUIET_MS) {
      if (Date.now() - started > IDLE_TIMEOUT_MS)
        throw new Error(
          `the network was not idle for ${IDLE_QUIET_MS} ms within ${IDLE_TIMEOUT_MS / 1000} s of loading ${SIGN_IN_PATH}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    console.log(
      `  network idle (no request for ${IDLE_QUIET_MS} ms) ${quietSince - started} ms after navigation`,
    );
    const usable = await sizesOf(usableResponses);
    const idle = await sizesOf(responses);
    if (idle.others.length > 0)
      console.log(`  also fetched, not counted: ${idle.others.join(', ')}`);
    return { usable: totals('Chromium', usable.files), idle: totals('Chromium', idle.files) };
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------- the part

export function budgetVerdict(total: number, budget = BUDGET_BYTES): string {
  return total <= budget ? `within ${kb(budget)}` : `OVER ${kb(budget)} by ${kb(total - budget)}`;
}

/** The summary's rows: until idle and before usable, each beside its goal. */
export function sizeRows(size: SizeReport): string[][] {
  if (!size.ok) return [['sign-in page, gzip', 'not measured', size.reason]];
  const figure = (figures: SizeFigures) =>
    `JS ${kb(figures.js)} + CSS ${kb(figures.css)} = ${kb(figures.total)}`;
  const rows: string[][] = [];
  if (size.idle)
    rows.push([
      'sign-in page until idle, gzip',
      figure(size.idle),
      `goal ≤ ${kb(IDLE_GOAL_BYTES)}: ${budgetVerdict(size.idle.total, IDLE_GOAL_BYTES)}`,
    ]);
  rows.push([
    size.figures.method === 'Chromium'
      ? 'sign-in page before usable, gzip'
      : 'sign-in page, gzip (static: no browser)',
    figure(size.figures),
    `budget ≤ ${kb(BUDGET_BYTES)}: ${budgetVerdict(size.figures.total)}`,
  ]);
  if (size.crossCheck)
    rows.push(['  static closure (no lazy chunks)', kb(size.crossCheck.total), '']);
  return rows;
}

function printFigures(figures: SizeFigures, budget = BUDGET_BYTES): void {
  const rows = [...figures.files]
    .sort((a, b) => a.kind.localeCompare(b.kind) || b.gzip - a.gzip)
    .map((file) => [file.name, file.kind, kb(file.raw), kb(file.gzip)]);
  console.log(table(['file', 'kind', 'raw', 'gzip'], rows, [2, 3]));
  console.log(
    `  JS ${kb(figures.js)} + CSS ${kb(figures.css)} = ${kb(figures.total)} gzip against ${kb(budget)}: ${budgetVerdict(figures.total, budget)}`,
  );
}

export async function runSizePart(): Promise<SizeReport> {
  const notBuilt = await ensureBuilt();
  if (notBuilt) {
    console.log(`  NOT MEASURED: ${notBuilt.reason}`);
    if (notBuilt.detail)
      console.log(`    ${notBuilt.detail.split('\n').slice(-12).join('\n    ')}`);
    return { ok: false, reason: notBuilt.reason };
  }
  const fromDist = staticClosure();
  let measured: { usable: SizeFigures; idle: SizeFigures } | undefined;
  let server: RunningServer | undefined;
  try {
    console.log(`  loading ${SIGN_IN_PATH} in headless Chromium from the real server…`);
    server = await startLedgerline({ webDist: DIST });
    measured = await measureInChromium(server);
  } catch (error) {
    console.log(
      `  Chromium measurement failed, using the static figure: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    await server?.stop();
  }
  if (!measured) {
    console.log('\n  index.html + static imports (lazy route chunks not included):');
    printFigures(fromDist);
    return { ok: true, figures: fromDist };
  }
  console.log('\n  Loaded by Chromium until the network was idle:');
  printFigures(measured.idle, IDLE_GOAL_BYTES);
  const later = measured.idle.files.filter(
    (file) => !measured.usable.files.some((before) => before.name === file.name),
  );
  console.log(
    `  of which before the e-mail field was visible: JS ${kb(measured.usable.js)} + CSS ${kb(measured.usable.css)} = ${kb(measured.usable.total)} gzip against ${kb(BUDGET_BYTES)}: ${budgetVerdict(measured.usable.total)}`,
  );
  console.log(
    `  after it: ${later.length === 0 ? 'nothing' : later.map((file) => `${file.name} (${kb(file.gzip)})`).join(', ')}`,
  );
  console.log(
    `  cross-check, static (index.html + static imports, no lazy chunks): JS ${kb(fromDist.js)} + CSS ${kb(fromDist.css)} = ${kb(fromDist.total)} gzip in ${fromDist.files.length} files`,
  );
  return { ok: true, figures: measured.usable, idle: measured.idle, crossCheck: fromDist };
}
