import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import frame from '@/ui/page-frame.module.css';

/** A merchant screen's section: its heading and what it is for, its main button, then the content. */
export function Panel({
  title,
  intro,
  action,
  children,
}: {
  title: string;
  intro: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <div className={frame.sectionHeader}>
          <Stack gap={2}>
            <Title order={2} fz="lg">
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {intro}
            </Text>
          </Stack>
          {action}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
