import {
  Alert,
  createTheme,
  type CSSVariablesResolver,
  type MantineThemeOverride,
} from '@mantine/core';
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

/**
 * Titles of light success notices. Mantine writes them in shade 9 on shade 1 (teal 4.4:1, green
 * 4.0:1), below AA for their bold 14 px text: axe flagged the green "Approved: 1" notice (issue 13).
 * Darker shades of the same hues; the notices' backgrounds and everything else stay as they were.
 */
export const LIGHT_ALERT_TITLE_COLORS: Readonly<
  Record<string, { title: string; background: string }>
> = {
  teal: { title: '#066649', background: '#c3fae8' },
  green: { title: '#1e6b30', background: '#d3f9d8' },
};

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
    // Transitions (dialogs, menus, collapses) take no time for those who asked for less motion.
    respectReducedMotion: true,
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
    components: {
      Alert: Alert.extend({
        vars: (_theme, props) => {
          const colors =
            (props.variant ?? 'light') === 'light' && typeof props.color === 'string'
              ? LIGHT_ALERT_TITLE_COLORS[props.color]
              : undefined;
          return { root: colors ? { '--alert-color': colors.title } : {} };
        },
      }),
    },
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
