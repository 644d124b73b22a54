import { Container, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import type { ReactNode } from 'react';
import { PAGE_CONTAINER_SIZE } from '@/ui/page-width';
import { HistoryTabs } from '@/ui/history-tabs';

/** Frame of the statements and batch screens: the heading, the history tabs, a line under them, then the content. */
export function PageFrame({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container size={PAGE_CONTAINER_SIZE} py="xl" w="100%">
      <Stack gap="lg">
        <Stack gap="sm">
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {title}
          </Title>
          <HistoryTabs />
          {intro && (
            <Text c="dimmed" size="sm">
              {intro}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}

/** Placeholder lines while a list loads. */
export function ListSkeleton({ rows = 4, label }: { rows?: number; label: string }) {
  return (
    <Stack gap="sm" aria-busy="true">
      <VisuallyHidden role="status">{label}</VisuallyHidden>
      {Array.from({ length: rows }, (_, row) => (
        <Skeleton key={row} height={22} width={row % 2 === 0 ? '85%' : '60%'} radius="sm" />
      ))}
    </Stack>
  );
}
