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

/**
 * Starts the download of the brand's logo as soon as the brand is known, before any layout has
 * rendered: the header's logo is often the largest thing of a page's first paint, and otherwise
 * waited for the router, the route's code and the locale (decision 124). Once per document.
 */
export function preloadBrandLogo(
  brand: Pick<BrandConfig, 'projectLogo'>,
  doc: Document = document,
) {
  const href = brandLogoUrl(brand);
  const links = doc.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]');
  if ([...links].some((link) => link.getAttribute('href') === href)) return;
  const link = doc.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'image');
  link.setAttribute('fetchpriority', 'high');
  link.href = href;
  doc.head.append(link);
}
