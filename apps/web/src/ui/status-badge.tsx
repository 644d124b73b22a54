import { Badge } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import type { CSSProperties, ReactNode } from 'react';

export type BadgeTone = 'teal' | 'blue' | 'orange' | 'red' | 'gray';

/**
 * Text on the palest tint of each tone, every pair above 4.5:1 (WCAG AA for the badge's 11 px
 * text): Mantine's light variant writes in shade 6 (about 3:1), and even shade 9 of teal and
 * orange falls short on it, hence two hand-picked darker texts.
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

/** A status in words; the colour only repeats what the words say. */
export function StatusBadge({
  tone,
  children,
  size = 'md',
}: {
  tone: BadgeTone;
  children: ReactNode;
  size?: 'sm' | 'md';
}) {
  return (
    <Badge
      color={tone}
      variant="light"
      radius="sm"
      size={size}
      tt="none"
      fw={600}
      style={readableBadgeStyle(tone)}
    >
      {children}
    </Badge>
  );
}
