import { createTheme, type CSSVariablesResolver, type MantineThemeOverride } from '@mantine/core';
import type { BrandConfig } from '@ledgerline/domain/brands';
import { BREAKPOINTS } from '@ledgerline/domain/constants';
import { createPalette } from './palette';

const em = (px: number) => `${px / 16}em`;

/** Text colours that pass WCAG AA on white and on the light grey page background. */
export const TEXT_COLORS = {
  text: '#1b2430',
  dimmed: '#545d68',
  error: '#b42318',
  border: '#ced4da',
  page: '#f5f6f8',
} as const;

/** The Mantine theme of one brand: its palette as `brand`, shade 8 as the primary shade. */
export function createBrandTheme(brand: Pick<BrandConfig, 'colors'>): MantineThemeOverride {
  return createTheme({
    primaryColor: 'brand',
    primaryShade: 8,
    colors: { brand: createPalette(brand.colors.primary) },
    black: TEXT_COLORS.text,
    defaultRadius: 'md',
    focusRing: 'auto',
    cursorType: 'pointer',
    fontFamily:
      "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Liberation Sans', sans-serif",
    headings: {
      fontFamily:
        "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Liberation Sans', sans-serif",
      fontWeight: '650',
    },
    // Spec 1 §2 breakpoints: mobile 476, tablet 768, phablet 871, laptop 1024, desktop 1280.
    breakpoints: {
      xs: em(BREAKPOINTS.mobile),
      sm: em(BREAKPOINTS.tablet),
      md: em(BREAKPOINTS.phablet),
      lg: em(BREAKPOINTS.laptop),
      xl: em(BREAKPOINTS.desktop),
    },
    other: { brandAccent: brand.colors.accent },
  });
}

/**
 * Mantine's light-scheme defaults for error (red.6), dimmed (gray.6) and placeholder (gray.5) text
 * fail AA contrast; these replace them.
 */
export const accessibleCssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': TEXT_COLORS.error,
    '--mantine-color-dimmed': TEXT_COLORS.dimmed,
    '--mantine-color-placeholder': '#6b737c',
    '--mantine-color-default-border': TEXT_COLORS.border,
    '--ll-page-background': TEXT_COLORS.page,
  },
  dark: {},
});
