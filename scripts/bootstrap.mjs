// Runs before `npm start`, `npm test` and `npm run bench`: installs what a fresh clone is missing.
// Node built-ins only: this runs before node_modules exists.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Ledgerline needs Node.js 20.19 or newer; this is ${process.versions.node}.`);
  process.exit(1);
}

const lockHash = createHash('sha256').update(readFileSync('package-lock.json')).digest('hex');
const marker = 'node_modules/.ledgerline-lock-hash';
const installed = existsSync(marker) ? readFileSync(marker, 'utf8').trim() : '';
if (installed !== lockHash) {
  console.log(
    existsSync('node_modules')
      ? 'package-lock.json changed: running npm ci…'
      : 'First run: installing dependencies with npm ci…',
  );
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(marker, lockHash);
}

if (process.argv.includes('--browser')) {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    if (!isRoot) {
      console.error(
        `The browser tests need Chromium at ${chromium}: install Debian's chromium package (sudo apt-get install chromium) or set CHROMIUM_PATH.`,
      );
      process.exit(1);
    }
    console.log("Installing Debian's chromium for the browser tests…");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install =
      update.status === 0
        ? spawnSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-dejavu-core'], {
            stdio: 'inherit',
            env,
          })
        : update;
    if (install.status !== 0 || !existsSync(chromium)) {
      console.error('Could not install chromium with apt-get; install it and run npm test again.');
      process.exit(1);
    }
  }
}
