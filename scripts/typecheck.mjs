// Type-checks every workspace with its own tsconfig (sources are shared as .ts, so no build step).
import { spawnSync } from 'node:child_process';

const projects = [
  'packages/domain',
  'packages/contract',
  'apps/server',
  'apps/web',
  'e2e',
  'bench',
];
let failed = 0;
for (const project of projects) {
  const result = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project], {
    stdio: 'inherit',
  });
  if (result.status !== 0) failed += 1;
  else console.log(`typecheck ${project}: ok`);
}
process.exit(failed === 0 ? 0 : 1);
