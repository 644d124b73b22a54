import type { CSSProperties } from 'react';

/** The badge colours the card screens use. */
export type BadgeTone = 'teal' | 'blue' | 'orange' | 'red' | 'gray';

/**
 * Text on the palest tint of each tone, every pair above 4.5:1 (WCAG AA for the badges' 11 px
 * text). Mantine's light variant writes in shade 6 on a stronger tint (about 3:1), and even
 * shade 9 of teal and orange falls short on it, hence two hand-picked darker texts.
 */
const TEXT: Record<BadgeTone, string> = {
  teal: '#06694b',
  blue: 'var(--mantine-color-blue-9)',
  orange: '#9c3a08',
  red: 'var(--mantine-color-red-9)',
  gray: 'var(--mantine-color-gray-9)',
};

export function readableBadgeStyle(tone: BadgeTone): CSSProperties {
  return {
    '--badge-color': TEXT[tone],
    '--badge-bg': `var(--mantine-color-${tone}-0)`,
    '--badge-bd': `1px solid var(--mantine-color-${tone}-2)`,
  } as CSSProperties;
}
