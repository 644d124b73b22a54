import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * When a route fails to load or render. The usual cause after a release is a route chunk that no
 * longer exists on the server; a reload fetches the new build.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Center mih="100dvh" p="md">
      <Stack gap="md" align="center" ta="center" maw={440} role="alert">
        <Title order={1}>{t('routeError.title')}</Title>
        <Text c="dimmed">{t('routeError.body')}</Text>
        <Button onClick={() => window.location.reload()}>{t('routeError.action')}</Button>
      </Stack>
    </Center>
  );
}
