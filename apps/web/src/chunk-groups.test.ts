import { describe, expect, it } from 'vitest';
import { findChunkCycle, neededModules, splitParts, type ModuleGraph } from './chunk-groups';

/** A module graph as Rolldown shows it to a chunk group: each module's code and resolved imports. */
function graphOf(
  modules: Record<string, { code: string; imports?: string[]; dynamic?: string[] }>,
): ModuleGraph {
  return {
    getModuleInfo: (id) => {
      const module = modules[id];
      return module
        ? {
            code: module.code,
            importedIds: module.imports ?? [],
            dynamicallyImportedIds: module.dynamic ?? [],
          }
        : null;
    },
  };
}

describe('neededModules', () => {
  const barrelGraph = graphOf({
    '/app/page.tsx': {
      code: 'import { Button } from "kit";\nimport "./page.css";\nexport function Page() {}',
      imports: ['/kit/index.mjs', '/app/page.css'],
    },
    '/kit/index.mjs': {
      code: 'import { Button } from "./button.mjs";\nexport { Modal as Dialog } from "./modal.mjs";\nexport * from "./hooks.mjs";\nexport { Button };',
      imports: ['/kit/button.mjs', '/kit/modal.mjs', '/kit/hooks.mjs'],
    },
    '/kit/button.mjs': {
      code: 'import { useHover } from "./hooks.mjs";\nexport const Button = 1;',
      imports: ['/kit/hooks.mjs'],
    },
    '/kit/modal.mjs': { code: 'export const Modal = 2;' },
    '/kit/hooks.mjs': { code: 'export const useHover = 3;' },
    '/app/page.css': { code: '' },
  });

  it('follows a barrel only to the module that provides the name asked for', () => {
    expect([...neededModules(barrelGraph, ['/app/page.tsx'])].sort()).toEqual(
      ['/app/page.css', '/app/page.tsx', '/kit/button.mjs', '/kit/hooks.mjs'].sort(),
    );
  });

  it('follows a renamed re-export and `export *` to the names asked for', () => {
    const graph = graphOf({
      ...Object.fromEntries(
        ['/kit/index.mjs', '/kit/button.mjs', '/kit/modal.mjs', '/kit/hooks.mjs'].map((id) => [
          id,
          {
            code: barrelGraph.getModuleInfo(id)!.code!,
            imports: [...barrelGraph.getModuleInfo(id)!.importedIds],
          },
        ]),
      ),
      '/app/dialog.tsx': {
        code: 'import { Dialog, useHover } from "kit";',
        imports: ['/kit/index.mjs'],
      },
    });
    expect([...neededModules(graph, ['/app/dialog.tsx'])].sort()).toEqual(
      ['/app/dialog.tsx', '/kit/hooks.mjs', '/kit/modal.mjs'].sort(),
    );
  });

  it('takes every import of a module whose statements do not line up with its resolved imports', () => {
    const graph = graphOf({
      '/app/odd.tsx': {
        code: 'import { Button } from "kit";',
        imports: ['/kit/index.mjs', '/x.mjs'],
      },
      '/kit/index.mjs': barrelGraph.getModuleInfo('/kit/index.mjs') as never,
      '/x.mjs': { code: '' },
    });
    const needed = neededModules(graph, ['/app/odd.tsx']);
    // The odd module's imports are all taken, and the barrel is asked for everything.
    expect(needed.has('/x.mjs')).toBe(true);
  });

  it('follows dynamic imports only when asked to', () => {
    const graph = graphOf({
      '/app/a.tsx': { code: 'export const a = () => import("./b");', dynamic: ['/app/b.tsx'] },
      '/app/b.tsx': { code: 'export const b = 1;' },
    });
    expect(neededModules(graph, ['/app/a.tsx']).has('/app/b.tsx')).toBe(false);
    expect(neededModules(graph, ['/app/a.tsx'], { followDynamic: true }).has('/app/b.tsx')).toBe(
      true,
    );
  });
});

describe('splitParts', () => {
  const src = '/web/src';
  const at = (path: string) => `${src}/${path}`;
  const module = (imports: string[] = [], dynamic: string[] = []) => ({
    code: imports.map((id, i) => `import { x${i} } from "${id}";`).join('\n'),
    imports,
    dynamic,
  });
  const graph = graphOf({
    [at('features/auth/index.ts')]: module([at('features/auth/components/login-page.tsx')]),
    [at('features/auth/components/login-page.tsx')]: module(
      [at('ui/field.tsx')],
      [at('lib/client.ts')],
    ),
    [at('app/layouts/external-layout.tsx')]: module([at('ui/header.tsx')]),
    [at('app/layouts/main-layout.tsx')]: module([
      at('ui/header.tsx'),
      at('app/layouts/main-nav.tsx'),
      at('lib/client.ts'),
    ]),
    [at('app/layouts/main-nav.tsx')]: module(),
    [at('features/home/index.ts')]: module([at('ui/money.ts'), at('features/home/home.tsx')]),
    [at('features/history/index.ts')]: module([at('ui/money.ts'), at('lib/validation.ts')]),
    [at('features/transfers/index.ts')]: module([at('features/transfers/p2p.tsx')]),
    [at('features/transfers/p2p.tsx')]: module([at('ui/field.tsx')]),
    [at('features/home/home.tsx')]: module(),
    [at('ui/field.tsx')]: module(),
    [at('ui/header.tsx')]: module(),
    [at('ui/money.ts')]: module(),
    [at('lib/client.ts')]: module([at('lib/validation.ts')]),
    [at('lib/validation.ts')]: module(),
  });
  const parts = splitParts(graph, src);

  it('keeps what the sign-in page runs as it opens in its own part, and nothing signed-in with it', () => {
    expect([...parts.signIn].sort()).toEqual(
      [
        'app/layouts/external-layout.tsx',
        'features/auth/components/login-page.tsx',
        'features/auth/index.ts',
        'ui/field.tsx',
        'ui/header.tsx',
      ].map(at),
    );
  });

  it('puts what the sign-in page loads later and a signed-in page needs apart from the rest', () => {
    expect([...parts.later].sort()).toEqual(['lib/client.ts', 'lib/validation.ts'].map(at));
  });

  it("puts the rest of the signed-in layout's needs in one part", () => {
    expect([...parts.signedIn].sort()).toEqual(
      ['app/layouts/main-layout.tsx', 'app/layouts/main-nav.tsx'].map(at),
    );
  });

  it('shares what two main screens need, and leaves what one needs to its screen', () => {
    expect([...parts.screens]).toEqual([at('ui/money.ts')]);
    expect(parts.screens.has(at('features/home/home.tsx'))).toBe(false);
    // Taken by an earlier part: never shared again.
    expect(parts.screens.has(at('ui/field.tsx'))).toBe(false);
    expect(parts.screens.has(at('lib/validation.ts'))).toBe(false);
  });
});

describe('findChunkCycle', () => {
  it('finds chunks that import each other, through others too', () => {
    expect(
      findChunkCycle([
        { fileName: 'index.js', imports: ['signed-in.js'] },
        { fileName: 'signed-in.js', imports: ['news.js'] },
        { fileName: 'news.js', imports: ['screens.js'] },
        { fileName: 'screens.js', imports: ['signed-in.js'] },
      ]),
    ).toEqual(['signed-in.js', 'news.js', 'screens.js', 'signed-in.js']);
  });

  it('accepts chunks that share a dependency without a cycle', () => {
    expect(
      findChunkCycle([
        { fileName: 'home.js', imports: ['screens.js', 'index.js'] },
        { fileName: 'history.js', imports: ['screens.js', 'index.js'] },
        { fileName: 'screens.js', imports: ['index.js'] },
        { fileName: 'index.js', imports: [] },
      ]),
    ).toBeNull();
  });
});
