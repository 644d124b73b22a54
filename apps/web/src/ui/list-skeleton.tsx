import { Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';

/**
 * How tall the placeholder lines are, matched to the rows that replace them: `sm` for the short
 * lines of a settings panel, `md` for list entries, `lg` and `xl` for the taller rows of the
 * history lists (so the page does not jump when the rows arrive).
 */
const LINE_SIZES = {
  sm: { height: 18, widths: ['70%', '45%'] },
  md: { height: 22, widths: ['85%', '60%'] },
  lg: { height: 24, widths: ['90%', '70%'] },
  xl: { height: 28, widths: ['100%', '80%'] },
} as const;

export type ListSkeletonSize = keyof typeof LINE_SIZES;

/** Placeholder lines while a list or a part of a screen loads; `label` is what a screen reader hears. */
export function ListSkeleton({
  rows = 4,
  label,
  size = 'md',
}: {
  rows?: number;
  label: string;
  size?: ListSkeletonSize;
}) {
  const { height, widths } = LINE_SIZES[size];
  return (
    <Stack gap="sm" aria-busy="true">
      <VisuallyHidden role="status">{label}</VisuallyHidden>
      {Array.from({ length: rows }, (_, row) => (
        <Skeleton key={row} height={height} width={widths[row % 2]} radius="sm" />
      ))}
    </Stack>
  );
}
