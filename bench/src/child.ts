/**
 * Process helpers: every child the bench starts is registered here and stopped on the way out,
 * also on an error, SIGINT or SIGTERM. Servers are started as `node --import tsx file.ts`
 * directly (not through npx), so the PID we hold is the server's (STACK.md).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const LOOPBACK = '127.0.0.1';

export interface ManagedChild {
  readonly name: string;
  readonly pid: number;
  /** Resolves with the exit code (null when killed by a signal). */
  readonly exited: Promise<number | null>;
  /** The last lines the child wrote to stdout and stderr. */
  tail(lines?: number): string;
  /** SIGTERM, then SIGKILL after graceMs; resolves once the child has exited. */
  stop(graceMs?: number): Promise<void>;
}

interface LiveChild {
  child: ChildProcess;
  group: boolean;
  stop(): Promise<void>;
}
const live = new Set<LiveChild>();
/** Temporary directories we made; removed on the way out whatever happens. */
const tempDirs = new Set<string>();

async function makeTempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ledgerline-bench-'));
  tempDirs.add(dir);
  return dir;
}

async function removeTempDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

function signal(child: ChildProcess, group: boolean, sig: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    // A detached child leads its own process group: signal the whole group (npm → sh → vite).
    process.kill(group ? -child.pid : child.pid, sig);
  } catch {
    // already gone
  }
}

export function spawnChild(
  name: string,
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; group?: boolean } = {},
): ManagedChild {
  const group = options.group ?? false;
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: group,
  });
  if (child.pid === undefined) throw new Error(`could not start ${name} (${command})`);
  const entry: LiveChild = { child, group, stop: () => Promise.resolve() };
  live.add(entry);
  const lines: string[] = [];
  const collect = (chunk: Buffer) => {
    lines.push(
      ...chunk
        .toString('utf8')
        .split('\n')
        .filter((line) => line.trim() !== ''),
    );
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolveExit) => {
    child.once('exit', (code) => {
      live.delete(entry);
      resolveExit(code);
    });
    child.once('error', (error) => {
      lines.push(String(error));
      live.delete(entry);
      resolveExit(-1);
    });
  });
  const stop = async (graceMs = 5000) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    signal(child, group, 'SIGTERM');
    const timer = setTimeout(() => signal(child, group, 'SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };
  entry.stop = stop;
  return {
    name,
    pid: child.pid,
    exited,
    tail: (count = 15) => lines.slice(-count).join('\n'),
    stop,
  };
}

/** Runs a command to completion within timeoutMs; never throws on a non-zero exit. */
export async function runCommand(
  name: string,
  command: string,
  args: string[],
  timeoutMs: number,
): Promise<{ code: number | null; timedOut: boolean; tail: string }> {
  const child = spawnChild(name, command, args, { group: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void child.stop();
  }, timeoutMs);
  const code = await child.exited;
  clearTimeout(timer);
  return { code, timedOut, tail: child.tail(25) };
}

/** Stops every child still running (in parallel) and waits for them. */
export async function stopAll(): Promise<void> {
  await Promise.all([...live].map((entry) => entry.stop()));
}

let cleanupInstalled = false;
/** On SIGINT/SIGTERM stop the children and leave; on any exit SIGKILL whatever is left. */
export function installCleanup(): void {
  if (cleanupInstalled) return;
  cleanupInstalled = true;
  for (const [sig, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.once(sig, () => {
      console.error(`\n${sig}: stopping child processes…`);
      void stopAll().finally(() => process.exit(code));
    });
  }
  process.once('exit', () => {
    for (const { child, group } of live) signal(child, group, 'SIGKILL');
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  });
}

/**
 * Ports the bench's servers take: below the kernel's ephemeral range (32768–60999 by default), so a
 * process that listens on port 0 (a test server, a browser) cannot take the port between this
 * check and the server's own listen. When that happened, the bench measured someone else's server.
 */
const SERVER_PORTS = { from: 20_000, to: 32_000 } as const;

function tryListen(port: number): Promise<boolean> {
  return new Promise((resolveFree) => {
    const server = createServer();
    server.once('error', () => resolveFree(false));
    server.listen(port, LOOPBACK, () => server.close(() => resolveFree(true)));
  });
}

/** A port outside the ephemeral range that was free on the loopback interface a moment ago. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const port =
      SERVER_PORTS.from + Math.floor(Math.random() * (SERVER_PORTS.to - SERVER_PORTS.from));
    if (await tryListen(port)) return port;
  }
  throw new Error(`no free port between ${SERVER_PORTS.from} and ${SERVER_PORTS.to}`);
}

/** Polls until the server answers any HTTP status; fails when the child exits or time runs out. */
export async function waitUntilAnswering(
  child: ManagedChild,
  url: string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void child.exited.then((code) => (exitCode = code));
  while (Date.now() < deadline) {
    if (exitCode !== undefined)
      throw new Error(`${child.name} exited (code ${exitCode}) before answering:\n${child.tail()}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      await new Promise((done) => setTimeout(done, 250));
    }
  }
  throw new Error(
    `${child.name} did not answer ${url} within ${timeoutMs / 1000} s:\n${child.tail()}`,
  );
}

/** Node with tsx, started directly so that the PID is the server's. */
/** BENCH_NODE_FLAGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/profiles`) go to every server the bench starts. */
export function spawnTsNode(name: string, script: string, env: NodeJS.ProcessEnv): ManagedChild {
  const flags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter((flag) => flag !== '');
  return spawnChild(name, process.execPath, [...flags, '--import', 'tsx', script], { env });
}

/** Configuration the server reads (apps/server/src/config.ts); never inherited from our shell. */
const SERVER_VARIABLES = [
  'NODE_ENV',
  'PORT',
  'HOST',
  'DATABASE_URL',
  'DATA_DIR',
  'JWT_SECRET',
  'PUBLIC_ORIGINS',
  'BRAND_HOSTS',
  'SMTP_URL',
  'MAIL_FROM',
  'RATE_LIMIT_MAX',
  'RATE_LIMIT_WINDOW_MS',
  'LOG_LEVEL',
  'TRUST_PROXY',
  'SEED_DEMO',
  'DEV_TOOLS',
  'WEB_DIST',
  'BENCH_DATABASE_URL',
  'BOT_CHECK',
  'BENCH_PAYERS',
  'PUBLIC_API_RATE_LIMIT',
  'WEBHOOK_RETRY_BASE_MS',
  'BENCH_MERCHANT_PAYMENTS',
];

export interface RunningServer {
  name: string;
  baseUrl: string;
  /** The server's process (its memory is read from /proc). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * The real Ledgerline server on a free loopback port: PGlite in a fresh temporary DATA_DIR, or
 * PostgreSQL when databaseUrl is given. Production mode (no response validation, as deployed),
 * no demo seed, and a rate limit high enough that the limiter runs but never answers 429.
 */
export async function startLedgerline(
  options: {
    databaseUrl?: string;
    webDist?: string;
    startTimeoutMs?: number;
    /** Another entry than main.ts that builds the same server (bench/src/transfer-server.ts). */
    script?: string;
    env?: Record<string, string>;
  } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = await makeTempDir();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SERVER_VARIABLES) delete env[name];
  Object.assign(env, {
    NODE_ENV: 'production',
    HOST: LOOPBACK,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    RATE_LIMIT_MAX: '1000000000',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...(options.webDist ? { WEB_DIST: options.webDist } : {}),
    ...options.env,
  });
  const name = `ledgerline (${options.databaseUrl ? 'PostgreSQL' : 'PGlite'})`;
  const child = spawnTsNode(name, options.script ?? 'apps/server/src/main.ts', env);
  const baseUrl = `http://${LOOPBACK}:${port}`;
  const stop = async () => {
    await child.stop();
    await removeTempDir(dataDir);
  };
  try {
    await waitUntilAnswering(child, `${baseUrl}/`, options.startTimeoutMs ?? 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { name, baseUrl, pid: child.pid, stop };
}

/** The bare Fastify reference server (bench/src/bare-server.ts). */
export async function startBare(): Promise<RunningServer> {
  const port = await freePort();
  const child = spawnTsNode('bare fastify', 'bench/src/bare-server.ts', {
    ...process.env,
    PORT: String(port),
    HOST: LOOPBACK,
  });
  const baseUrl = `http://${LOOPBACK}:${port}`;
  try {
    await waitUntilAnswering(child, `${baseUrl}/`, 30_000);
  } catch (error) {
    await child.stop();
    throw error;
  }
  return { name: 'bare fastify', baseUrl, pid: child.pid, stop: () => child.stop() };
}
