import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ListSkeleton } from '@/ui/list-skeleton';
import { LoadFailed } from '@/ui/load-failed';

/** An empty list's title and what to do about it. */
export function EmptyState({ title, text }: { title: string; text: string }) {
  return (
    <Stack gap={2}>
      <Text fw={600}>{title}</Text>
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Stack>
  );
}

/** What QueryState reads of a query (a plain or a paged one). */
interface QueryLike {
  isLoading: boolean;
  isError: boolean;
  isSuccess: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A list's loading, failed and empty states, then the list itself: the merchant screens' shape.
 * A query that is not asked yet (disabled) shows nothing.
 */
export function QueryState<Row>({
  query,
  rows,
  loadingLabel,
  failedTitle,
  empty,
  skeletonRows = 3,
  dense = false,
  children,
}: {
  query: QueryLike;
  /** The rows loaded so far (all pages of a paged query). */
  rows: Row[] | undefined;
  loadingLabel: string;
  failedTitle: string;
  /** What an empty list shows (nothing when null). */
  empty: { title: string; text: string } | null;
  skeletonRows?: number;
  /** Log lines: a smaller skeleton. */
  dense?: boolean;
  children: (rows: Row[]) => ReactNode;
}) {
  if (query.isLoading)
    return <ListSkeleton rows={skeletonRows} size={dense ? 'sm' : 'md'} label={loadingLabel} />;
  if (query.isError)
    return (
      <LoadFailed
        title={failedTitle}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  if (!query.isSuccess || rows === undefined) return null;
  if (rows.length === 0) return empty && <EmptyState {...empty} />;
  return children(rows);
}
