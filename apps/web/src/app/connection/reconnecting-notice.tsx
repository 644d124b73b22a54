import { Loader, Paper, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { connectionStatus, type ConnectionStatus } from '@/lib/connection-status';
import classes from './reconnecting-notice.module.css';

/** While reconnecting, the screen's own queries are tried again this often (beside their retries). */
export const RECONNECT_REFETCH_MS = 10_000;

/**
 * A calm notice while the server answers 503 (its database is briefly away, issue 20): the
 * customer's data is safe and the app carries on by itself. Reads retry with backoff (query
 * client); while the notice shows, the screen's queries are tried again every 10 s, and those that
 * failed are fetched again as soon as the server answers.
 */
export function ReconnectingNotice({ status = connectionStatus }: { status?: ConnectionStatus }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const reconnecting = useSyncExternalStore(status.subscribe, status.isReconnecting);

  const wasReconnecting = useRef(false);
  useEffect(() => {
    if (!reconnecting) {
      // Back: what failed during the outage is fetched again.
      if (wasReconnecting.current)
        void queryClient.refetchQueries({
          type: 'active',
          predicate: (query) => query.state.status === 'error',
        });
      wasReconnecting.current = false;
      return undefined;
    }
    wasReconnecting.current = true;
    const timer = setInterval(
      () => void queryClient.refetchQueries({ type: 'active' }),
      RECONNECT_REFETCH_MS,
    );
    return () => clearInterval(timer);
  }, [reconnecting, queryClient]);

  if (!reconnecting) return null;
  return (
    <Paper
      role="status"
      aria-live="polite"
      className={classes.notice}
      shadow="md"
      radius="md"
      withBorder
    >
      <Group gap="sm" wrap="nowrap">
        <Loader size="sm" aria-hidden />
        <div>
          <Text size="sm" fw={500}>
            {t('app.reconnectingTitle')}
          </Text>
          <Text size="sm">{t('app.reconnectingBody')}</Text>
        </div>
      </Group>
    </Paper>
  );
}
