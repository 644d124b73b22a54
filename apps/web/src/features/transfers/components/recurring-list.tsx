import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import type { RecurringTransfer } from '@ledgerline/contract';
import { useTranslation } from 'react-i18next';
import { intlLocale, useLanguage } from '@/i18n';
import { ErrorPopup } from '@/ui/error-popup';
import { LoadFailed } from '@/ui/load-failed';
import { StatusBadge, type BadgeTone } from '@/ui/status-badge';
import { useTransferScreens } from '../api/access';
import { useTransferAccounts } from '../api/accounts';
import { useCancelRecurringTransfer, useRecurringTransfers } from '../api/recurring';
import { useAccountName, useFormatMoney } from '../format';
import classes from './transfers.module.css';

const STATUS_TONE: Record<RecurringTransfer['status'], BadgeTone> = {
  active: 'teal',
  finished: 'gray',
  canceled: 'gray',
  failed: 'red',
};

/**
 * The customer's recurring transfers between own accounts (the server's scheduler runs them):
 * what, how often, what is left, and a cancel button on the ones created as cancellable by the
 * customer (subscriptionUserCancel) while they run. Nothing is shown when there are none.
 */
export function RecurringList() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const recurring = useRecurringTransfers();
  const cancel = useCancelRecurringTransfer();
  const { fullAccess } = useTransferScreens();
  const accounts = useTransferAccounts().data ?? [];
  const money = useFormatMoney();
  const accountName = useAccountName();
  const nameOf = (id: number) => {
    const account = accounts.find((item) => item.accountId === id);
    return account ? accountName(account) : `#${id}`;
  };
  const date = (iso: string) =>
    new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium' }).format(new Date(iso));

  if (recurring.isPending) return <Skeleton height={80} radius="lg" />;
  if (recurring.isError)
    return (
      <LoadFailed
        title={t('transfers.recurring.loadFailed')}
        error={recurring.error}
        onRetry={() => void recurring.refetch()}
        retrying={recurring.isFetching}
      />
    );
  if (recurring.data.length === 0) return null;

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      component="section"
      aria-labelledby="recurring-title"
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id="recurring-title">
          {t('transfers.recurring.title')}
        </Title>
        <ul className={classes.list}>
          {recurring.data.map((item) => (
            <li key={item.id}>
              <Group justify="space-between" align="center" py="sm" gap="sm" wrap="wrap">
                <Stack gap={2} style={{ minWidth: 0, flex: '1 1 260px' }}>
                  <Text fw={600} className={classes.amount}>
                    {money(item.toAmount, item.currency)} ·{' '}
                    {t(`transfers.recurring.every.${item.frequency}`)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('transfers.recurring.route', {
                      from: nameOf(item.fromAccount),
                      to: nameOf(item.toAccount),
                    })}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[
                      t('transfers.recurring.executed', { count: item.executed }),
                      item.transactionsLeft !== null
                        ? t('transfers.recurring.left', { count: item.transactionsLeft })
                        : null,
                      item.nextRunAt && item.status === 'active'
                        ? t('transfers.recurring.next', { date: date(item.nextRunAt) })
                        : null,
                      item.endDate
                        ? t('transfers.recurring.until', { date: date(item.endDate) })
                        : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                  {item.lastError && (
                    <Text size="xs" c="red.8">
                      {item.lastError}
                    </Text>
                  )}
                </Stack>
                <Group gap="sm">
                  <StatusBadge tone={STATUS_TONE[item.status]}>
                    {t(`transfers.recurring.status.${item.status}`)}
                  </StatusBadge>
                  {item.userCancel && item.status === 'active' && fullAccess && (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => cancel.mutate(item.id)}
                      loading={cancel.isPending && cancel.variables === item.id}
                      aria-label={t('transfers.recurring.cancelNamed', {
                        amount: money(item.toAmount, item.currency),
                      })}
                    >
                      {t('transfers.recurring.cancel')}
                    </Button>
                  )}
                </Group>
              </Group>
            </li>
          ))}
        </ul>
      </Stack>
      <ErrorPopup error={cancel.error} onClose={() => cancel.reset()} />
    </Paper>
  );
}
