import { Alert, Button, Stack, Text } from '@mantine/core';
import type { MainResponse } from '@ledgerline/contract';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '@/ui/icons';
import { LoadFailed } from '@/ui/load-failed';
import { TransferFacts, type FactRow } from '../../components/transfer-facts';
import { useFormatMoney, useFormatRate } from '../../format';

export type MassDryRun = MainResponse<'getMassBatchDryRun'>;

/**
 * The dry run's totals beside the rows (issue 17): per currency the rows, their amount, fees and
 * exchange, then what the account gives in all, and whether it covers it (a batch is all or
 * nothing for funds). Nothing moves until the submit button, which waits for a batch without
 * invalid rows and an account that covers it.
 */
export function DryRunTotals({
  dryRun,
  onSubmit,
  submitting,
}: {
  dryRun: {
    data: MassDryRun | undefined;
    isError: boolean;
    error: unknown;
    isFetching: boolean;
    refetch: () => unknown;
  };
  onSubmit: () => void;
  submitting: boolean;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const rate = useFormatRate();
  if (dryRun.isError)
    return (
      <LoadFailed
        title={t('massTransfers.totals.failed')}
        error={dryRun.error}
        onRetry={() => void dryRun.refetch()}
        retrying={dryRun.isFetching}
      />
    );
  const data = dryRun.data;
  const rows: FactRow[] = [
    {
      id: 'mass-valid',
      label: t('massTransfers.totals.validRows'),
      value: data ? String(data.validCount) : undefined,
      ...(data && data.invalidCount > 0
        ? { note: t('massTransfers.totals.invalidRows', { count: data.invalidCount }) }
        : {}),
    },
    ...(data?.totals ?? []).flatMap((line): FactRow[] => [
      {
        id: `mass-amount-${line.currency}`,
        label: t('massTransfers.totals.amount', { currency: line.currency }),
        value: money(String(line.amount), line.currency),
      },
      {
        id: `mass-fee-${line.currency}`,
        label: t('massTransfers.totals.fee'),
        value: money(String(line.fee), line.currency),
      },
      ...(line.currency !== data?.accountCurrency
        ? [
            {
              id: `mass-rate-${line.currency}`,
              label: t('massTransfers.totals.rate'),
              value: `1 ${line.currency} = ${rate(String(line.exchangeRate))} ${data?.accountCurrency ?? ''}`,
            },
          ]
        : []),
    ]),
    {
      id: 'mass-debit',
      label: t('massTransfers.totals.debit'),
      value: data ? money(String(data.totalDebit), data.accountCurrency) : undefined,
      total: true,
    },
    {
      id: 'mass-available',
      label: t('massTransfers.totals.available'),
      value: data ? money(String(data.availableBalance), data.accountCurrency) : undefined,
    },
  ];
  return (
    <TransferFacts
      title={t('massTransfers.totals.title')}
      rows={rows}
      footer={
        <Stack gap="sm">
          {data && !data.isFundsSufficient && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
              {t('massTransfers.totals.notEnough')}
            </Alert>
          )}
          {data && data.invalidCount > 0 && (
            <Text size="sm" c="dimmed">
              {t('massTransfers.totals.fixFirst')}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {t('massTransfers.totals.nothingMoves')}
          </Text>
          <Button
            size="md"
            fullWidth
            disabled={!data?.canSubmit}
            loading={submitting}
            onClick={onSubmit}
          >
            {data
              ? t('massTransfers.totals.submit', { count: data.validCount })
              : t('massTransfers.totals.loading')}
          </Button>
        </Stack>
      }
    />
  );
}
