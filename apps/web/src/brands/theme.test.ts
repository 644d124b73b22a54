import { describe, expect, it } from 'vitest';
import { BRAND_IDS, getBrand } from '@ledgerline/domain/brands';
import { brandLogoUrl, preloadBrandLogo } from './logos';
import { contrastRatio, createPalette } from './palette';
import { LIGHT_ALERT_TITLE_COLORS, TEXT_COLORS, createBrandTheme } from './theme';

const AA = 4.5;

describe('brand themes', () => {
  it.each(BRAND_IDS.map((id) => [id]))(
    '%s: the primary shade is the brand colour and passes AA with white',
    (id) => {
      const brand = getBrand(id);
      const theme = createBrandTheme(brand);
      expect(theme.primaryShade).toBe(8);
      expect(theme.colors?.brand?.[8]).toBe(brand.colors.primary);
      expect(contrastRatio(brand.colors.primary, '#ffffff')).toBeGreaterThanOrEqual(AA);
      expect(contrastRatio(brand.colors.primary, TEXT_COLORS.page)).toBeGreaterThanOrEqual(AA);
      // The sign-in panel's text sits on shade 8–9 of the palette.
      const palette = createPalette(brand.colors.primary);
      expect(contrastRatio(palette[0], palette[8])).toBeGreaterThanOrEqual(AA);
      expect(contrastRatio(palette[0], palette[9])).toBeGreaterThanOrEqual(AA);
      // Light alerts: shade 9 text on shade 1 background.
      expect(contrastRatio(palette[9], palette[1])).toBeGreaterThanOrEqual(AA);
    },
  );

  it.each(BRAND_IDS.map((id) => [id]))('%s has a logo file', (id) => {
    expect(brandLogoUrl(getBrand(id))).toMatch(/\.svg/);
  });

  it('asks for the brand’s logo ahead of the header, once', () => {
    const brand = getBrand(BRAND_IDS[0]);
    const preloads = () =>
      [...document.head.querySelectorAll('link[rel="preload"][as="image"]')].filter(
        (link) => link.getAttribute('href') === brandLogoUrl(brand),
      );
    preloadBrandLogo(brand);
    preloadBrandLogo(brand);
    expect(preloads()).toHaveLength(1);
  });

  it('writes the titles of light success notices at AA on their background', () => {
    for (const { title, background } of Object.values(LIGHT_ALERT_TITLE_COLORS)) {
      expect(contrastRatio(title, background)).toBeGreaterThanOrEqual(AA);
    }
  });

  it('keeps text, dimmed and error colours at AA on white and on the page background', () => {
    for (const color of [TEXT_COLORS.text, TEXT_COLORS.dimmed, TEXT_COLORS.error]) {
      expect(contrastRatio(color, '#ffffff')).toBeGreaterThanOrEqual(AA);
      expect(contrastRatio(color, TEXT_COLORS.page)).toBeGreaterThanOrEqual(AA);
    }
  });

  it('builds ten shades from light to dark', () => {
    const palette = createPalette('#1c3d6e');
    expect(palette).toHaveLength(10);
    const luminanceOrder = palette.map((shade) => contrastRatio(shade, '#ffffff'));
    expect(luminanceOrder).toEqual([...luminanceOrder].sort((a, b) => a - b));
  });
});
