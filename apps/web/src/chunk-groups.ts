/**
 * How the build groups modules into chunks (decision 121). Used by vite.config.ts; runs in Node.
 * Left to itself, Rolldown gives every set of lazy routes that shares a module a chunk of its
 * own: 66–82 files for a signed-in page, each a request that a phone on slow 4G queues, and a
 * `<link rel=modulepreload>` that Vite's preload helper appends. Here, in order:
 *
 * - `initial`: what the first page loads anyway (`$initial`) goes into the entry chunk;
 * - `sign-in`: what the sign-in route runs as it opens (its screen, its layout, the auth feature);
 * - `later`: what the sign-in page loads only later (the API client, the form's rules) and a
 *   signed-in page needs, so signing in brings it ahead of the page that follows;
 * - `signed-in`: the rest of what the signed-in layout needs;
 * - `screens`: what two of the main screens (home, history, transfers) share;
 * - anything else (each screen's own code, the other screens) is left to Rolldown. A chunk per main
 *   screen was tried: Rolldown then gave it dependencies that home also ran, and /home loaded
 *   history's chunk with its own.
 *
 * The sign-in page so opens with no module that it did not load before, and a main screen loads
 * 10–21 script files instead of 66–82. A part also takes the dependencies of its modules
 * that no part before it took, and the build fails if two chunks import each other.
 *
 * "Needs" is read from the module graph the way tree shaking sees it: a module that only
 * re-exports (a barrel such as `@mantine/core`'s index or `@/app/session`) passes on only the names
 * its importers ask for. Without that, the sign-in part would hold every Mantine component the app
 * uses anywhere.
 */
import { join } from 'node:path';

export interface ModuleGraph {
  getModuleInfo(id: string): {
    code: string | null;
    importedIds: readonly string[];
    dynamicallyImportedIds: readonly string[];
  } | null;
}

/** Every name of a module is asked for (an entry, `import *`, or a module we cannot read). */
export const ALL = '*';
type Wanted = Set<string> | typeof ALL;

interface Statement {
  specifier: string;
  /** For `import`: local name → imported name; for `export … from`: exported → imported. */
  bindings: Map<string, string> | typeof ALL;
  kind: 'import' | 'reexport';
}

// `import x, { a as b } from 's'`, `import * as ns from 's'`, `import 's'`, `export { a } from 's'`,
// `export * from 's'`, `export * as ns from 's'`. Transformed code: no types, one statement each.
const STATEMENT =
  // eslint-disable-next-line security/detect-unsafe-regex -- reads the bundler's own transformed modules at build time, not user input
  /(?:^|[;\n])\s*(import|export)\s*([\w$\s{},*]*?)\s*(?:from\s*)?["']([^"']+)["']\s*;?/g;

function parseBindings(
  clause: string,
  kind: 'import' | 'export',
): Map<string, string> | typeof ALL {
  const bindings = new Map<string, string>();
  let rest = clause.trim();
  if (rest === '') return bindings;
  if (rest.startsWith('*')) {
    // `* as ns` imports or re-exports the whole module; a bare `export *` too.
    return ALL;
  }
  const braces = rest.match(/\{([^}]*)\}/);
  if (braces) {
    for (const part of (braces[1] ?? '').split(',')) {
      const [imported, local] = part.trim().split(/\s+as\s+/);
      if (imported) bindings.set(local ?? imported, imported);
    }
    rest = rest.replace(braces[0], '');
  }
  const defaultName = rest.replace(/,/g, '').trim();
  if (defaultName && kind === 'import') {
    if (defaultName.includes('*')) return ALL;
    bindings.set(defaultName, 'default');
  }
  return bindings;
}

/** The static import and re-export statements of transformed ES code, in source order. */
export function readStatements(code: string): Statement[] {
  const found: Statement[] = [];
  for (const match of code.matchAll(STATEMENT)) {
    const [, keyword, clause = '', specifier] = match;
    if (!specifier) continue;
    if (keyword === 'export' && !/\bfrom\s*["']/.test(match[0])) continue;
    found.push({
      specifier,
      bindings: parseBindings(clause, keyword === 'import' ? 'import' : 'export'),
      kind: keyword === 'import' ? 'import' : 'reexport',
    });
  }
  return found;
}

/** Local names a barrel exports, `export { local as exported }` lists only. */
function exportLists(code: string): Map<string, string> {
  const exported = new Map<string, string>();
  for (const match of code.matchAll(/(?:^|[;\n])\s*export\s*\{([^}]*)\}\s*(?!\s*from)[;\n]?/g)) {
    const after = code.slice((match.index ?? 0) + match[0].length).trimStart();
    if (after.startsWith('from')) continue;
    for (const part of (match[1] ?? '').split(',')) {
      const [local, name] = part.trim().split(/\s+as\s+/);
      if (local) exported.set(name ?? local, local);
    }
  }
  return exported;
}

/**
 * A module that only passes names on: re-exports or export lists, and nothing else but imports.
 * A module that exports nothing (a stylesheet, a module run for its effects) is not one.
 */
export function isBarrel(code: string): boolean {
  if (!/(?:^|[;\n])\s*export\s*[{*]/.test(code)) return false;
  const rest = code
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(STATEMENT, '')
    .replace(/(?:^|[;\n])\s*export\s*\{[^}]*\}\s*;?/g, '');
  return rest.trim() === '';
}

/** Whether each specifier plausibly resolved to the id at its place (a relative one names its file). */
function matchesInOrder(specifiers: readonly string[], ids: readonly string[]): boolean {
  if (ids.length < specifiers.length) return false;
  return specifiers.every((specifier, i) => {
    if (!specifier.startsWith('.')) return true;
    const file = specifier
      .split('/')
      .pop()!
      .replace(/\.[cm]?[jt]sx?$/, '');
    return ids[i]!.includes(file);
  });
}

/**
 * The modules that the entries need, following static imports (and dynamic ones too when
 * `followDynamic`), and through a barrel only to the modules that provide the names asked for.
 * Where a module's statements cannot be matched to its resolved imports, all of them are taken.
 */
export function neededModules(
  graph: ModuleGraph,
  entries: readonly string[],
  options: { followDynamic?: boolean } = {},
): Set<string> {
  const wanted = new Map<string, Wanted>();
  const partialBarrels = new Set<string>();
  const queue: [string, Wanted][] = entries.map((entry) => [entry, ALL]);
  const ask = (id: string, names: Wanted) => queue.push([id, names]);
  while (queue.length > 0) {
    const [id, names] = queue.pop()!;
    const before = wanted.get(id);
    let fresh: Wanted;
    if (before === ALL) continue;
    if (names === ALL) fresh = ALL;
    else {
      const added = [...names].filter((name) => !before?.has(name));
      if (before && added.length === 0) continue;
      fresh = new Set(added);
      wanted.set(id, new Set([...(before ?? []), ...added]));
    }
    if (fresh === ALL) wanted.set(id, ALL);
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    if (options.followDynamic) for (const next of info.dynamicallyImportedIds) ask(next, ALL);
    const statements = info.code === null ? [] : readStatements(info.code);
    const specifiers = [...new Set(statements.map((statement) => statement.specifier))];
    // Resolved imports come in the order of the statements; Vite appends its preload helper to a
    // module with dynamic imports, which the code does not name yet.
    if (info.code === null || !matchesInOrder(specifiers, info.importedIds)) {
      for (const next of info.importedIds) ask(next, ALL);
      continue;
    }
    for (const next of info.importedIds.slice(specifiers.length)) ask(next, ALL);
    const resolved = new Map(specifiers.map((specifier, i) => [specifier, info.importedIds[i]!]));
    if (!isBarrel(info.code) || fresh === ALL) {
      // An ordinary module runs all of its imports; a barrel asked for everything passes it on.
      for (const statement of statements) {
        const target = resolved.get(statement.specifier)!;
        ask(target, statement.bindings === ALL ? ALL : new Set(statement.bindings.values()));
      }
      continue;
    }
    // A barrel: each name asked for leads to the statement that provides it. The barrel itself is
    // left out of the result: wherever it lands, it only points to the modules it names.
    partialBarrels.add(id);
    const lists = exportLists(info.code);
    const stars: string[] = [];
    const provider = new Map<string, [string, Wanted]>();
    for (const statement of statements) {
      const target = resolved.get(statement.specifier)!;
      if (statement.bindings === ALL) {
        if (statement.kind === 'reexport') stars.push(target);
        else ask(target, ALL);
        continue;
      }
      if (statement.bindings.size === 0) ask(target, new Set());
      for (const [name, imported] of statement.bindings) {
        if (statement.kind === 'reexport') provider.set(name, [target, new Set([imported])]);
        else
          for (const [exported, local] of lists)
            if (local === name) provider.set(exported, [target, new Set([imported])]);
      }
    }
    for (const name of fresh) {
      const found = provider.get(name);
      if (found) ask(...found);
      else for (const star of stars) ask(star, new Set([name]));
    }
  }
  return new Set(
    [...wanted.keys()].filter((id) => !partialBarrels.has(id) || wanted.get(id) === ALL),
  );
}

/** The main screens of the signed-in area: what two of them share is one chunk. */
const MAIN_SCREENS = {
  home: 'features/home/index.ts',
  history: 'features/history/index.ts',
  transfers: 'features/transfers/index.ts',
} as const;

interface Parts {
  signIn: Set<string>;
  later: Set<string>;
  signedIn: Set<string>;
  screens: Set<string>;
}

/** Which part of the app each module goes with; see the top of this file. */
export function splitParts(graph: ModuleGraph, src: string): Parts {
  const authFeature = join(src, 'features/auth/index.ts');
  const signInScreens = [
    join(src, 'features/auth/components/login-page.tsx'),
    join(src, 'app/layouts/external-layout.tsx'),
  ];
  // What the sign-in page runs as it opens, and what it may load afterwards (the bot check and
  // the form's rules on the first focus, the steps after the form, the API client).
  const signIn = neededModules(graph, [authFeature, ...signInScreens]);
  const signInLater = neededModules(graph, signInScreens, { followDynamic: true });
  const layoutNeeds = neededModules(graph, [join(src, 'app/layouts/main-layout.tsx')]);
  const screenNeeds = Object.entries(MAIN_SCREENS).map(
    ([name, path]) => [name, neededModules(graph, [join(src, path)])] as const,
  );
  const signedInNeeds = new Set([
    ...layoutNeeds,
    ...screenNeeds.flatMap(([, needs]) => [...needs]),
  ]);
  // What the sign-in page loads later and a signed-in page needs: one chunk, which the sign-in
  // page's first lazy load brings whole, ahead of the signed-in pages that follow.
  const later = new Set(
    [...signInLater].filter((module) => !signIn.has(module) && signedInNeeds.has(module)),
  );
  const signedIn = new Set(
    [...layoutNeeds].filter((module) => !signIn.has(module) && !signInLater.has(module)),
  );
  const taken = (module: string) =>
    signIn.has(module) || signInLater.has(module) || signedIn.has(module);
  const uses = new Map<string, number>();
  for (const [, needs] of screenNeeds)
    for (const module of needs) if (!taken(module)) uses.set(module, (uses.get(module) ?? 0) + 1);
  const screens = new Set([...uses].filter(([, count]) => count >= 2).map(([module]) => module));
  return { signIn, later, signedIn, screens };
}

/** Rolldown's `output.codeSplitting.groups` for the web app whose sources are in `src`. */
export function chunkGroups(src: string) {
  let parts: Parts | undefined;
  const partsOf = (graph: ModuleGraph) => (parts ??= splitParts(graph, src));
  // A part also takes the dependencies of its modules that no part before took (Rolldown's
  // default). Without them, parts imported each other and ran out of order (findChunkCycle).
  const part = (priority: number, name: (id: string, parts: Parts) => string | null) => ({
    name: (id: string, graph: ModuleGraph) => name(id, partsOf(graph)),
    priority,
  });
  return [
    // Into the entry chunk: the first page loads these in any case.
    { name: 'initial', tags: ['$initial' as const], priority: 6 },
    part(5, (id, p) => (p.signIn.has(id) ? 'sign-in' : null)),
    part(4, (id, p) => (p.later.has(id) ? 'later' : null)),
    part(3, (id, p) => (p.signedIn.has(id) ? 'signed-in' : null)),
    part(2, (id, p) => (p.screens.has(id) ? 'screens' : null)),
  ];
}

/**
 * A cycle of static imports between output chunks, as file names from the first back to it, or
 * null. Two chunks that import each other run in an order that neither module graph asked for: a
 * module can then read another's export before it is set (a group that left its modules'
 * dependencies to other chunks did that: "Cannot read properties of undefined" on /home).
 */
export function findChunkCycle(
  chunks: readonly { fileName: string; imports: readonly string[] }[],
): string[] | null {
  const imports = new Map(chunks.map((chunk) => [chunk.fileName, chunk.imports]));
  const done = new Set<string>();
  const visit = (file: string, path: string[]): string[] | null => {
    const at = path.indexOf(file);
    if (at >= 0) return [...path.slice(at), file];
    if (done.has(file)) return null;
    for (const next of imports.get(file) ?? []) {
      const cycle = visit(next, [...path, file]);
      if (cycle) return cycle;
    }
    done.add(file);
    return null;
  };
  for (const chunk of chunks) {
    const cycle = visit(chunk.fileName, []);
    if (cycle) return cycle;
  }
  return null;
}
