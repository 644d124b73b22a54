import type { BrandConfig } from '@ledgerline/domain';

// Every logo becomes a hashed, cacheable file; only the active brand's is downloaded.
const LOGO_URLS = import.meta.glob<string>('./logos/*.svg', {
  query: '?url',
  import: 'default',
  eager: true,
});

export function brandLogoUrl(brand: Pick<BrandConfig, 'projectLogo'>): string {
  const url = LOGO_URLS[`./logos/${brand.projectLogo}`];
  if (!url) throw new Error(`No logo file ${brand.projectLogo} in src/brands/logos`);
  return url;
}
