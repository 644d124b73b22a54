import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './profile.module.css';

/** One titled part of a profile screen; its heading names the region for screen readers. */
export function SectionCard({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      radius="lg"
      className={classes.section}
      component="section"
      aria-labelledby={`${id}-title`}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg" id={`${id}-title`}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
