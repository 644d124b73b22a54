import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useIsAuthenticated } from '@/app/session';
import { useDocumentTitle } from '@/ui/use-document-title';

/**
 * When one screen fails to load or render (issue 13): shown in that screen's place, so the layout
 * around it — the brand's header, the navigation, the footer — stays, and the customer can try
 * again or go elsewhere. A failed screen moves no money: every money-moving call is a click the
 * customer makes, and its idempotency key makes a repeated click safe.
 */
export function ScreenErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const isAuthenticated = useIsAuthenticated();
  useDocumentTitle(t('app.screenError.pageTitle'));
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Container size="sm" py={64} w="100%">
      <Stack gap="md" align="center" ta="center" role="alert">
        <Title order={1}>{t('app.screenError.title')}</Title>
        <Text c="dimmed" maw={460}>
          {t('app.screenError.body')}
        </Text>
        <Group justify="center" gap="sm" mt="sm">
          {/* A reload also fetches a screen whose file a new release replaced. */}
          <Button onClick={() => window.location.reload()}>{t('app.screenError.retry')}</Button>
          <Button component={Link} to={isAuthenticated ? '/home' : '/login'} variant="default">
            {isAuthenticated ? t('app.screenError.home') : t('app.screenError.signIn')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
