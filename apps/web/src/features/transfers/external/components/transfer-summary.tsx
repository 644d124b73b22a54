import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import type { MainRequest } from '@ledgerline/contract';
import { sumMoney } from '@ledgerline/domain/money';
import { useTranslation } from 'react-i18next';
import { useExternalFee, useExternalLimits, useExternalMaxAmount } from '../api/lookups';
import { useFormatMoney } from '../format';
import classes from './external.module.css';

type Base = MainRequest<'getExternalMaxAmount'>;

/**
 * What the transfer costs and allows, each looked up only once its inputs are there (spec 2 §5):
 * the maximum and the limits need the source account and the country (and the currency); the fee
 * also a positive amount. The total is the amount plus the fee, both in the account's currency.
 */
export function TransferSummary({
  base,
  amount,
  onUseMax,
}: {
  base: Base | null;
  amount: string | null;
  onUseMax: (max: string) => void;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const max = useExternalMaxAmount(base);
  const limits = useExternalLimits(
    base ? { type: base.type, fromAccount: base.fromAccount, countryCode: base.countryCode } : null,
  );
  const fee = useExternalFee(base && amount ? { ...base, amount } : null);

  if (!base) {
    return (
      <Text size="sm" c="dimmed">
        {t('externalTransfer.summary.needsInputs')}
      </Text>
    );
  }

  const feeData = amount ? fee.data : undefined;
  const daily = limits.data?.limits.find((limit) => limit.period === 'daily');
  const rail = limits.data?.rail;
  return (
    <Stack gap="xs" aria-live="polite">
      <dl className={classes.facts} aria-busy={fee.isFetching || max.isFetching}>
        <div>
          <dt>{t('externalTransfer.summary.fee')}</dt>
          <dd>
            {feeData ? (
              money(feeData.fee, feeData.currency)
            ) : fee.isFetching ? (
              <Skeleton height={14} width={64} />
            ) : (
              t('externalTransfer.summary.feeNeedsAmount')
            )}
          </dd>
        </div>
        {feeData && amount && (
          <div className={classes.total}>
            <dt>{t('externalTransfer.summary.total')}</dt>
            <dd data-testid="external-total">
              {money(sumMoney([amount, feeData.fee]), feeData.currency)}
            </dd>
          </div>
        )}
        <div>
          <dt>{t('externalTransfer.summary.max')}</dt>
          <dd>
            {max.data ? (
              <span className={classes.amount}>{money(max.data.maxAmount, max.data.currency)}</span>
            ) : max.isFetching ? (
              <Skeleton height={14} width={64} />
            ) : (
              '—'
            )}
          </dd>
        </div>
        {max.data && (
          <div>
            <dt>{t('externalTransfer.summary.maxReason')}</dt>
            <dd>{t(`externalTransfer.summary.maxBy.${max.data.type}`)}</dd>
          </div>
        )}
        {daily && (
          <div>
            <dt>{t('externalTransfer.summary.dailyLeft')}</dt>
            <dd>
              {t('externalTransfer.summary.ofLimit', {
                remaining: money(daily.remaining, daily.currency),
                limit: money(daily.limit, daily.currency),
              })}
            </dd>
          </div>
        )}
        {rail && (
          <div>
            <dt>{t('externalTransfer.summary.railRange')}</dt>
            <dd>
              {t('externalTransfer.summary.range', {
                min: money(rail.minAmount, rail.currency),
                max: money(rail.maxAmount, rail.currency),
              })}
            </dd>
          </div>
        )}
      </dl>
      {max.data && /[1-9]/.test(max.data.maxAmount) && (
        <Group justify="flex-end">
          <Button variant="subtle" size="compact-sm" onClick={() => onUseMax(max.data.maxAmount)}>
            {t('externalTransfer.summary.useMax')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
