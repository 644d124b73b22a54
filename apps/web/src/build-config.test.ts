import { describe, expect, it } from 'vitest';
import type { UserConfig } from 'vite';
import viteConfig from '../vite.config.ts';

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
