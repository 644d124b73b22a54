// Type-checks every workspace (sources are shared as .ts, so no build step). The Node side (domain,
// contract, server, bench) is one program, tsconfig.node.json: checked apart, the server and the
// bench each re-checked domain, contract and most of the server (about 100 s of CPU instead of 50).
// The web (DOM, JSX) and e2e keep their own. The checker is tsgo, TypeScript's native compiler
// (@typescript/native-preview; decision 80): the same diagnostics as tsc 6 at about a quarter of
// the CPU (CI's 2 cores: 42 s instead of 154 s). Each runs single-threaded and two run at once, the
// largest first; each project's output is printed whole when it ends. Editors and typescript-eslint
// keep TypeScript 6 and the workspaces' own tsconfig.json files.
import { spawn } from 'node:child_process';

const projects = ['tsconfig.node.json', 'apps/web', 'e2e'];
const streams = 2;

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [
      'node_modules/@typescript/native-preview/bin/tsgo',
      '-p',
      project,
      '--singleThreaded',
    ]);
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
