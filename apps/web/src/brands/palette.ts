import type { MantineColorsTuple } from '@mantine/core';

type Rgb = readonly [number, number, number];

function parseHex(hex: string): Rgb {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match?.[1]) throw new Error(`Expected a #rrggbb colour, got ${hex}`);
  const value = parseInt(match[1], 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  return [0, 1, 2].map((i) => from[i]! + (to[i]! - from[i]!) * amount) as unknown as Rgb;
}

/** WCAG 2 relative luminance. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio between two #rrggbb colours (1–21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
/** How far each shade 0–7 moves the brand colour towards white; shade 8 is the brand colour, 9 darker. */
const TINTS = [0.93, 0.84, 0.7, 0.55, 0.4, 0.27, 0.15, 0.07] as const;

/**
 * A ten-shade Mantine palette whose shade 8 is the brand colour. The themes use primaryShade 8,
 * so buttons, links and focus rings take the brand colour itself, which passes AA on white.
 */
export function createPalette(brandHex: string): MantineColorsTuple {
  const base = parseHex(brandHex);
  const shades = [
    ...TINTS.map((tint) => toHex(mix(base, WHITE, tint))),
    toHex(base),
    toHex(mix(base, BLACK, 0.25)),
  ];
  return shades as unknown as MantineColorsTuple;
}
