import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '@/ui/status-badge';
import { useLastWithdrawals, useWithdrawalDetails } from '../api/recipient';
import { useFormatDate, useFormatMoney } from '../format';
import { PAYMENT_STATUS_TONE } from '../statuses';
import classes from './global-payouts.module.css';

/**
 * The recipient's earlier payouts from senders of the same brand (spec 2 §7 "last withdrawals"),
 * under the claim: shown only when there are some; each opens its details (where the money went,
 * when it was claimed and paid).
 */
export function EarlierPayouts({ secret, paymentId }: { secret: string; paymentId: number }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const [openId, setOpenId] = useState<number | null>(null);
  const withdrawals = useLastWithdrawals(secret);
  const earlier = (withdrawals.data ?? []).filter((item) => item.paymentId !== paymentId);
  if (earlier.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} className={classes.publicCard}>
      <Stack gap="sm">
        <Title order={2} fz="md">
          {t('globalPayouts.receive.earlierTitle')}
        </Title>
        <ul className={classes.cardList} style={{ margin: 0, padding: 0, listStyle: 'none' }}>
          {earlier.map((item) => (
            <li key={item.paymentId} className={classes.card}>
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  {t('globalPayouts.receive.earlierLine', {
                    sender: item.senderName,
                    amount: money(item.amount, item.currencyCode),
                  })}
                </Text>
                <StatusBadge tone={PAYMENT_STATUS_TONE[item.status]} size="sm">
                  {t(`globalPayouts.status.${item.status}`)}
                </StatusBadge>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  w="fit-content"
                  aria-expanded={openId === item.paymentId}
                  onClick={() => setOpenId(openId === item.paymentId ? null : item.paymentId)}
                >
                  {t(
                    openId === item.paymentId
                      ? 'globalPayouts.receive.hideDetails'
                      : 'globalPayouts.receive.showDetails',
                  )}
                </Button>
                {openId === item.paymentId && (
                  <WithdrawalDetails secret={secret} paymentId={item.paymentId} />
                )}
              </Stack>
            </li>
          ))}
        </ul>
      </Stack>
    </Paper>
  );
}

function WithdrawalDetails({ secret, paymentId }: { secret: string; paymentId: number }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const day = useFormatDate();
  const details = useWithdrawalDetails(secret, paymentId);
  if (details.isPending)
    return (
      <Text size="xs" c="dimmed" role="status">
        {t('globalPayouts.receive.loadingWithdrawal')}
      </Text>
    );
  if (details.isError)
    return (
      <Text size="xs" c="red.8" role="alert">
        {t('globalPayouts.receive.withdrawalFailed')}
      </Text>
    );
  const item = details.data;
  return (
    <dl className={classes.facts}>
      {item.paidAmount && item.paidCurrencyCode && item.paidMethod && (
        <div>
          <dt>{t('globalPayouts.receive.paidOut')}</dt>
          <dd>
            {t('globalPayouts.table.paidAs', {
              amount: money(item.paidAmount, item.paidCurrencyCode),
              method: t(`globalPayouts.method.${item.paidMethod}`),
            })}
          </dd>
        </div>
      )}
      {item.destination && (
        <div>
          <dt>{t('globalPayouts.receive.destination')}</dt>
          <dd>{item.destination}</dd>
        </div>
      )}
      {item.claimedDate && (
        <div>
          <dt>{t('globalPayouts.receive.claimedOn')}</dt>
          <dd>{day(item.claimedDate)}</dd>
        </div>
      )}
      {item.paidDate && (
        <div>
          <dt>{t('globalPayouts.receive.paidOn')}</dt>
          <dd>{day(item.paidDate)}</dd>
        </div>
      )}
    </dl>
  );
}
