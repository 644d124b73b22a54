// Type-checks every workspace with its own tsconfig (sources are shared as .ts, so no build step).
// Two tsc processes run at once (each is single-threaded): the largest projects start first, and
// each project's output is printed whole when it ends.
import { spawn } from 'node:child_process';

const projects = [
  'apps/web',
  'apps/server',
  'e2e',
  'bench',
  'packages/contract',
  'packages/domain',
];
const streams = 2;

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project]);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      process.stdout.write(output);
      console.log(`typecheck ${project}: ${code === 0 ? 'ok' : 'failed'}`);
      resolve(code === 0);
    });
  });
}

const queue = [...projects];
let failed = 0;
await Promise.all(
  Array.from({ length: streams }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) {
      if (!(await check(project))) failed += 1;
    }
  }),
);
process.exit(failed === 0 ? 0 : 1);
