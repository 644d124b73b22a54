import type { VersionFile } from '@ledgerline/contract/platform/routes';

/** The shape of /version.json (platformRoutes.version in the contract). */
export type BuildInfo = VersionFile;

/** The build this page runs; 'dev' under the dev server, where there is nothing to compare with. */
export const CURRENT_BUILD: BuildInfo = __APP_BUILD__;

export function isDevBuild(build: BuildInfo): boolean {
  return build.builtAt === 'dev';
}

export function isSameBuild(a: BuildInfo, b: BuildInfo): boolean {
  return a.version === b.version && a.builtAt === b.builtAt;
}

export function parseBuildInfo(value: unknown): BuildInfo | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { version, builtAt } = value as Record<string, unknown>;
  return typeof version === 'string' && typeof builtAt === 'string'
    ? { version, builtAt }
    : undefined;
}
