import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useRealtimeEvent, useSessionState } from '@/app/session';
import { intlLocale, useLanguage } from '@/i18n';
import { StatusBadge, type BadgeTone } from '@/ui/status-badge';
import { useRecentTransfers } from '../api/lookups';
import { useFormatMoney } from '../format';
import { externalKeys } from '../keys';
import classes from './external.module.css';

const STATUS_TONE: Record<string, BadgeTone> = {
  settled: 'teal',
  submitted: 'blue',
  pending: 'blue',
  awaitingConfirmation: 'orange',
  returned: 'red',
  rejected: 'red',
};

/** The latest transfers (limit 5, spec 2 §9), newest first; disabled ones are not asked for. */
export function RecentExternalTransfers() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const money = useFormatMoney();
  const recent = useRecentTransfers();
  const titleId = useId();
  const queryClient = useQueryClient();
  const { customerId } = useSessionState();
  // A rail that settles or returns a transfer changes the account: the statuses here follow.
  useRealtimeEvent('AccountChanged', () => {
    void queryClient.invalidateQueries({ queryKey: externalKeys.recent(customerId) });
  });
  const dates = new Intl.DateTimeFormat(intlLocale(language), { day: 'numeric', month: 'short' });
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Title order={2} fz="md" id={titleId}>
          {t('externalTransfer.recent.title')}
        </Title>
        {recent.isPending ? (
          <Stack gap="xs" aria-busy="true">
            <Skeleton height={36} />
            <Skeleton height={36} />
            <Skeleton height={36} />
          </Stack>
        ) : recent.isError ? (
          <Text size="sm" c="dimmed" role="status">
            {t('externalTransfer.recent.failed')}
          </Text>
        ) : recent.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('externalTransfer.recent.empty')}
          </Text>
        ) : (
          <ul className={classes.list} aria-labelledby={titleId}>
            {recent.data.map((transfer) => {
              const status = transfer.details.railStatus ?? transfer.details.status;
              const payee =
                transfer.details.beneficiary ??
                transfer.details.name ??
                transfer.details.email ??
                t(`externalTransfer.recent.types.${transfer.details.type}`);
              return (
                <li key={transfer.transactionId} className={classes.recentItem}>
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} truncate>
                      {payee}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t(`externalTransfer.recent.types.${transfer.details.type}`)} ·{' '}
                      {dates.format(new Date(transfer.createdAt))}
                    </Text>
                  </Stack>
                  <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
                    <Text size="sm" className={classes.amount}>
                      {money(transfer.amount, transfer.currency)}
                    </Text>
                    <StatusBadge tone={STATUS_TONE[status] ?? 'gray'} size="sm">
                      {t(`externalTransfer.recent.status.${status}`, { defaultValue: status })}
                    </StatusBadge>
                  </Stack>
                </li>
              );
            })}
          </ul>
        )}
      </Stack>
    </Paper>
  );
}
