import { Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
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

/**
 * A list's loading, failed and empty states, then the list itself: the merchant panels' shape.
 */
export function QueryState<Row>({
  query,
  loadingLabel,
  failedTitle,
  empty,
  skeletonRows = 3,
  children,
}: {
  query: UseQueryResult<Row[]>;
  loadingLabel: string;
  failedTitle: string;
  /** What an empty list shows (nothing when null). */
  empty: { title: string; text: string } | null;
  skeletonRows?: number;
  children: (rows: Row[]) => ReactNode;
}) {
  if (query.isPending) return <ListSkeleton rows={skeletonRows} label={loadingLabel} />;
  if (query.isError)
    return (
      <LoadFailed
        title={failedTitle}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  if (query.data.length === 0) return empty && <EmptyState {...empty} />;
  return children(query.data);
}
