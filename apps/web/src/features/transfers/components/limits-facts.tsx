import type { UseQueryResult } from '@tanstack/react-query';
import type { MainResponse } from '@ledgerline/contract';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '../format';
import { TransferFacts, type FactRow } from './transfer-facts';

/** The customer's limits for the source account's currency: what is left of each, of how much. */
export function LimitsFacts({
  limits,
}: {
  limits: UseQueryResult<MainResponse<'getCustomerLimits'>>;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  let rows: FactRow[];
  if (limits.isPending)
    rows = [{ id: 'limits-loading', label: t('transfers.limits.loading'), value: undefined }];
  else if (limits.isError)
    rows = [{ id: 'limits-failed', label: t('transfers.limits.failed'), value: null }];
  else if (limits.data.limits.length === 0)
    rows = [{ id: 'limits-none', label: t('transfers.limits.none'), value: null }];
  else {
    rows = limits.data.limits.map((limit) => ({
      id: `limit-${limit.period}`,
      label: t(`transfers.limits.period.${limit.period}`),
      value: t('transfers.limits.remaining', {
        remaining: money(limit.remaining, limit.currency),
        limit: money(limit.limit, limit.currency),
      }),
    }));
  }
  return <TransferFacts title={t('transfers.limits.title')} rows={rows} />;
}
