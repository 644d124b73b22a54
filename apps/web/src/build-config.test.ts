import { describe, expect, it } from 'vitest';
import type { HtmlTagDescriptor, IndexHtmlTransformContext, UserConfig } from 'vite';
import viteConfig, { preloadSignInChunk } from '../vite.config.ts';

/** The build options vite.config.ts gives for a `vite build` in a mode. */
function buildFor(mode: string): UserConfig['build'] {
  const config = viteConfig({ command: 'build', mode, isSsrBuild: false, isPreview: false });
  return (config as UserConfig).build;
}

describe('the production build', () => {
  it('writes no source maps (npm start and the browser tests build in production mode)', () => {
    expect(buildFor('production')?.sourcemap).toBe(false);
  });

  it('keeps source maps for a development build', () => {
    expect(buildFor('development')?.sourcemap).toBe(true);
  });
});

describe('index.html', () => {
  /** The tags the build adds to index.html for a bundle of these chunks. */
  function preloadTags(chunks: { name: string; fileName: string; facadeModuleId: string }[]) {
    const plugin = preloadSignInChunk();
    const hook = plugin.transformIndexHtml as {
      handler: (html: string, context: IndexHtmlTransformContext) => HtmlTagDescriptor[];
    };
    const bundle = Object.fromEntries(
      chunks.map((chunk) => [
        chunk.fileName,
        { type: 'chunk', imports: [], viteMetadata: { importedCss: new Set<string>() }, ...chunk },
      ]),
    );
    return hook.handler('', { bundle } as unknown as IndexHtmlTransformContext);
  }

  it('names the first locale part of the default language as a modulepreload, beside the sign-in chunk', () => {
    const tags = preloadTags([
      { name: 'sign-in', fileName: 'assets/sign-in-1.js', facadeModuleId: '/x/src/app/sign-in.ts' },
      {
        name: 'en',
        fileName: 'assets/en-rest.js',
        facadeModuleId: '/x/src/i18n/locales/en.json?part=rest',
      },
      {
        name: 'en',
        fileName: 'assets/en-first.js',
        facadeModuleId: '/x/src/i18n/locales/en.json?part=first',
      },
      {
        name: 'es',
        fileName: 'assets/es-first.js',
        facadeModuleId: '/x/src/i18n/locales/es.json?part=first',
      },
    ]);
    const preloaded = tags
      .filter((tag) => tag.attrs?.rel === 'modulepreload')
      .map((tag) => tag.attrs?.href);
    expect(preloaded).toEqual(['/assets/en-first.js', '/assets/sign-in-1.js']);
  });

  it('fails the build when the first locale part has no chunk of its own', () => {
    expect(() =>
      preloadTags([
        { name: 'sign-in', fileName: 'assets/sign-in-1.js', facadeModuleId: '/x/src/a.ts' },
      ]),
    ).toThrow(/en\.json\?part=first/);
  });
});
