// Type-checks every workspace (sources are shared as .ts, so no build step). The Node side (domain,
// contract, server, bench) is one program, tsconfig.node.json: checked apart, the server and the
// bench each re-checked domain, contract and most of the server (about 100 s of CPU instead of 50).
// The web (DOM, JSX) and e2e keep their own. Two tsc processes run at once (each is
// single-threaded): the largest first, and each project's output is printed whole when it ends.
// The workspaces' own tsconfig.json files stay for editors.
import { spawn } from 'node:child_process';

const projects = ['tsconfig.node.json', 'apps/web', 'e2e'];
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
