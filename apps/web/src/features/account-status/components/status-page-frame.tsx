import {
  Alert,
  Anchor,
  Button,
  Container,
  Paper,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { translateErrorMessage } from '@/i18n';
import { AlertIcon } from '@/ui/icons';

/** The frame of both status pages: loading, a failed load with a retry, or the content. */
export function StatusPageFrame({
  state,
  error,
  onRetry,
  retrying,
  children,
}: {
  state: 'pending' | 'error' | 'success';
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl" w="100%">
      <Stack gap="md">
        <Anchor component={Link} to="/home" size="sm">
          ← {t('accountStatus.backHome')}
        </Anchor>
        <Paper withBorder radius="lg" shadow="xs" p={{ base: 'lg', sm: 'xl' }}>
          {state === 'pending' && (
            <Stack gap="sm" aria-busy="true">
              <VisuallyHidden role="status">{t('accountStatus.loading')}</VisuallyHidden>
              <Skeleton height={28} width="60%" radius="sm" />
              <Skeleton height={14} radius="sm" />
              <Skeleton height={14} width="85%" radius="sm" />
            </Stack>
          )}
          {state === 'error' && (
            <Alert
              color="red"
              variant="light"
              title={t('accountStatus.loadFailed')}
              icon={<AlertIcon />}
            >
              <Stack gap="sm" align="flex-start">
                <Text size="sm">{translateErrorMessage(t, error)}</Text>
                <Button size="xs" variant="default" onClick={onRetry} loading={retrying}>
                  {t('accountStatus.retry')}
                </Button>
              </Stack>
            </Alert>
          )}
          {state === 'success' && children}
        </Paper>
      </Stack>
    </Container>
  );
}
