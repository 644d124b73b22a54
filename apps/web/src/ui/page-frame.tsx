import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PAGE_CONTAINER_SIZE } from './page-width';

/**
 * A screen's frame: the page heading (h1), optional tabs under it, an intro line, then the content.
 * The panels inside take their header and list-card rules from `page-frame.module.css`.
 */
export function PageFrame({
  title,
  intro,
  tabs,
  children,
}: {
  title: string;
  intro?: ReactNode;
  /** Tabs between the heading and the intro (the history screens' tabs). */
  tabs?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container size={PAGE_CONTAINER_SIZE} py="xl" w="100%">
      <Stack gap="lg">
        {/* Tabs need a little more air between the heading and the intro than text alone. */}
        <Stack gap={tabs ? 'sm' : 4}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {title}
          </Title>
          {tabs}
          {intro && (
            // A div, not a p: an intro may hold badges (company pages), and a div in a p is invalid.
            <Text c="dimmed" size="sm" component="div">
              {intro}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}
