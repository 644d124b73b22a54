import { Button, Group, Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TIMING } from '@ledgerline/domain/constants';
import {
  CURRENT_BUILD,
  isDevBuild,
  isSameBuild,
  parseBuildInfo,
  type BuildInfo,
} from '@/lib/build-info';
import classes from './update-check.module.css';

/** The build the server now serves, read from version.json on the page's own origin. */
export async function fetchServedBuild(url: string): Promise<BuildInfo | null> {
  const response = await fetch(url, { cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!response.ok) return null;
  return parseBuildInfo(await response.json()) ?? null;
}

/**
 * Checks for a new release every 60 s (spec 1 §9) and, when one is out, offers a reload in a calm
 * banner; nothing reloads on its own, so no half-typed form is lost.
 */
export function UpdateCheck({
  current = CURRENT_BUILD,
  versionUrl = '/version.json',
}: {
  current?: BuildInfo;
  versionUrl?: string;
}) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState<string | undefined>();
  const served = useQuery({
    queryKey: ['app', 'served-build', versionUrl],
    queryFn: () => fetchServedBuild(versionUrl),
    enabled: !isDevBuild(current),
    refetchInterval: TIMING.updateCheckInterval,
    refetchIntervalInBackground: false,
    retry: false,
    staleTime: 0,
  });
  const next = served.data;
  if (!next || isSameBuild(next, current) || dismissed === next.builtAt) return null;
  return (
    <Paper
      role="status"
      aria-live="polite"
      className={classes.banner}
      shadow="md"
      radius="md"
      withBorder
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" fw={500}>
          {t('app.updateAvailable')}
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="subtle" onClick={() => setDismissed(next.builtAt)}>
            {t('app.updateLater')}
          </Button>
          <Button size="xs" onClick={() => window.location.reload()}>
            {t('app.updateReload')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
