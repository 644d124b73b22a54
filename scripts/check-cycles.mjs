// No import cycles in the server or the web app: part of `npm run lint`. ESLint's import-x/no-cycle
// did this once per file over the whole graph (two thirds of lint's CPU); this reads each file once
// with TypeScript's parser, builds the graph and looks for strongly connected parts (Tarjan).
// Type-only imports do not count (they vanish at run time); dynamic import() does.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
/** Where cycles are looked for, and how `@/…` resolves in each (the web's tsconfig paths). */
const apps = [
  { dir: 'apps/server/src', alias: undefined },
  { dir: 'apps/web/src', alias: 'apps/web/src' },
];

function sourceFiles(dir) {
  const found = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

function resolveFile(base) {
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  // `./x.js` written for ES modules names `./x.ts`.
  if (/\.js$/.test(base)) return resolveFile(base.slice(0, -3));
  return undefined;
}

/** The files of our own app an import names; packages and node builtins are outside the graph. */
function target(from, specifier, alias) {
  if (specifier.startsWith('.')) return resolveFile(resolve(dirname(from), specifier));
  if (alias && specifier.startsWith('@/'))
    return resolveFile(join(root, alias, specifier.slice(2)));
  return undefined;
}

function importsOf(path) {
  const text = readFileSync(path, 'utf8');
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false);
  const specifiers = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly)
      specifiers.push(node.moduleSpecifier.text);
    else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly)
      specifiers.push(node.moduleSpecifier.text);
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      specifiers.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return specifiers;
}

const graph = new Map();
for (const app of apps)
  for (const path of sourceFiles(join(root, app.dir))) {
    const edges = new Set();
    for (const specifier of importsOf(path)) {
      const to = target(path, specifier, app.alias);
      if (to) edges.add(to);
    }
    graph.set(path, edges);
  }

// Tarjan's strongly connected components, iteratively (deep graphs would overflow recursion).
let counter = 0;
const index = new Map();
const low = new Map();
const onStack = new Set();
const stack = [];
const cycles = [];
for (const start of graph.keys()) {
  if (index.has(start)) continue;
  const work = [{ node: start, edges: [...(graph.get(start) ?? [])], next: 0 }];
  index.set(start, counter);
  low.set(start, counter++);
  stack.push(start);
  onStack.add(start);
  while (work.length > 0) {
    const frame = work.at(-1);
    if (frame.next < frame.edges.length) {
      const to = frame.edges[frame.next++];
      if (!graph.has(to)) continue;
      if (!index.has(to)) {
        index.set(to, counter);
        low.set(to, counter++);
        stack.push(to);
        onStack.add(to);
        work.push({ node: to, edges: [...(graph.get(to) ?? [])], next: 0 });
      } else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node), index.get(to)));
      continue;
    }
    work.pop();
    const parent = work.at(-1);
    if (parent) low.set(parent.node, Math.min(low.get(parent.node), low.get(frame.node)));
    if (low.get(frame.node) !== index.get(frame.node)) continue;
    const part = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      part.push(member);
    } while (member !== frame.node);
    if (part.length > 1 || graph.get(frame.node)?.has(frame.node)) cycles.push(part);
  }
}

/** One concrete loop inside a strongly connected part, to name in the message. */
function loopIn(part) {
  const members = new Set(part);
  const first = part[0];
  const previous = new Map([[first, undefined]]);
  const queue = [first];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const to of graph.get(node) ?? []) {
      if (to === first) {
        const path = [node];
        while (previous.get(path[0])) path.unshift(previous.get(path[0]));
        return [...path, first];
      }
      if (members.has(to) && !previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return part;
}

if (cycles.length > 0) {
  for (const part of cycles)
    console.error(
      `Import cycle: ${loopIn(part)
        .map((path) => relative(root, path))
        .join(' → ')}`,
    );
  console.error(`${cycles.length} import cycle(s) in ${graph.size} files`);
  process.exit(1);
}
console.log(`No import cycles in ${graph.size} files`);
