import { Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import type { MainResponse, MassRow } from '@ledgerline/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '@/ui/field-message';
import { ChevronDownIcon } from '@/ui/icons';
import { ListSkeleton } from '@/ui/list-skeleton';
import { LoadFailed } from '@/ui/load-failed';
import {
  TransferConfirmation,
  type ConfirmationOutcome,
  type ConfirmationSummary,
} from '../../confirmation';
import { useMoneyMovingSubmit } from '../../hooks/use-money-moving-submit';
import { TransferReview } from '../../review/transfer-review';
import { useFormatMoney } from '../../format';
import { useInvalidateMassBatch, useMassDryRun, type MassRowsRequest } from '../api/batch';
import { useRemoveMassRow, useRestoreMassRow } from '../api/rows';
import { useSubmitMassBatchCall } from '../api/submit';
import { RowDialog } from './row-dialog';
import { RowTable, type MassColumn } from './row-table';
import { DryRunTotals } from './totals';
import classes from './mass.module.css';

type BatchAnswer = MainResponse<'getMassBatch'>;
type SubmitRequest = { batchId: number; totalAmount: string };
export type RowFilter = NonNullable<MassRowsRequest['filter']>;

/**
 * The workbench of an uploaded batch (issue 17): every row with its status and its errors on the
 * row and the cell; a row is fixed in place, dropped or brought back; the dry run's totals sit
 * beside the rows; submit opens the same review and second factor as a single transfer (an
 * initiate-only user's submit ends in the approval-created popup).
 */
export function Workbench({
  answer,
  columns,
  filter,
  onFilter,
  pager,
  isFetching,
}: {
  answer: BatchAnswer;
  columns: readonly MassColumn[];
  filter: RowFilter;
  onFilter: (filter: RowFilter) => void;
  pager: ReactNode;
  isFetching: boolean;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const { batch, rows } = answer;
  const dryRun = useMassDryRun(batch.batchId, true);
  const invalidate = useInvalidateMassBatch();
  const remove = useRemoveMassRow();
  const restore = useRestoreMassRow();
  const [fixing, setFixing] = useState<MassRow | null>(null);
  const [busyRow, setBusyRow] = useState<number | null>(null);
  const flow = useMoneyMovingSubmit<SubmitRequest, ConfirmationSummary>({
    submit: useSubmitMassBatchCall(),
    settlesBy: batch.type === 'p2p' ? 'ledger' : 'rail',
  });

  const change = (mutation: typeof remove, row: MassRow) => {
    setBusyRow(row.rowNumber);
    mutation.mutate(
      { batchId: batch.batchId, rowNumber: row.rowNumber },
      { onSettled: () => setBusyRow(null) },
    );
  };
  const rowError = remove.error ?? restore.error;

  const debit = dryRun.data
    ? money(String(dryRun.data.totalDebit), dryRun.data.accountCurrency)
    : '';
  const summary: ConfirmationSummary = {
    amount: debit,
    payee: t('massTransfers.review.payee', {
      name: batch.name,
      count: dryRun.data?.validCount ?? 0,
    }),
  };
  const openReview = () => {
    if (!dryRun.data) return;
    flow.openReview({ batchId: batch.batchId, totalAmount: String(batch.totalAmount) }, summary);
  };
  const finish = (outcome: ConfirmationOutcome) => {
    flow.finish(outcome);
    void invalidate(batch.batchId);
  };

  return (
    <div className={classes.workbench}>
      <div className={classes.totalsPanel}>
        <DryRunTotals dryRun={dryRun} onSubmit={openReview} submitting={flow.isPending} />
      </div>
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'md', sm: 'lg' }}
        className={classes.rowsPanel}
        aria-busy={isFetching}
      >
        <Stack gap="md">
          <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
            <Text size="sm" role="status" data-testid="mass-counts">
              {t('massTransfers.rows.counts', {
                valid: batch.validCount,
                invalid: batch.invalidCount,
                removed: batch.removedCount,
              })}
            </Text>
            <NativeSelect
              label={t('massTransfers.rows.show')}
              value={filter}
              onChange={(event) => onFilter(event.currentTarget.value as RowFilter)}
              data={(['all', 'invalid', 'removed'] as const).map((value) => ({
                value,
                label: t(`massTransfers.rows.filter.${value}`),
              }))}
              rightSection={<ChevronDownIcon size={16} />}
              rightSectionPointerEvents="none"
              size="sm"
            />
          </Group>
          {rowError && (
            <Text role="alert" c="red.9" size="sm">
              {describeApiError(t, rowError)}
            </Text>
          )}
          {rows.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t(`massTransfers.rows.empty.${filter}`)}
            </Text>
          ) : (
            <RowTable
              rows={rows}
              columns={columns}
              caption={t('massTransfers.rows.caption', { name: batch.name })}
              actions={{
                onFix: setFixing,
                onRemove: (row) => change(remove, row),
                onRestore: (row) => change(restore, row),
                busyRow,
              }}
            />
          )}
          {pager}
        </Stack>
      </Paper>
      <RowDialog
        batchId={batch.batchId}
        row={fixing}
        columns={columns}
        onClose={() => setFixing(null)}
      />
      <TransferReview
        opened={flow.review !== null}
        amountLabel={t('massTransfers.review.amountLabel')}
        amount={debit}
        payee={summary.payee}
        rows={[
          {
            id: 'mass-rows',
            label: t('massTransfers.review.rows'),
            value: String(dryRun.data?.validCount ?? ''),
          },
          ...(dryRun.data?.totals ?? []).map((line) => ({
            id: `mass-fee-${line.currency}`,
            label: t('massTransfers.review.fee', { currency: line.currency }),
            value: money(String(line.fee), line.currency),
          })),
          { id: 'mass-debit', label: t('massTransfers.totals.debit'), value: debit, total: true },
        ]}
        actionLabel={t('massTransfers.review.action', { amount: debit })}
        isPending={flow.isPending}
        errorText={flow.error ? describeApiError(t, flow.error) : null}
        onBack={flow.backToForm}
        onConfirm={flow.confirm}
      />
      <TransferConfirmation
        result={flow.result}
        summary={flow.sent ?? summary}
        onClose={finish}
        settledState={flow.settledState}
      />
    </div>
  );
}

/** While the first page of rows loads, or when it failed. */
export function RowsLoading({
  isError,
  error,
  retry,
  retrying,
}: {
  isError: boolean;
  error: unknown;
  retry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation();
  if (isError)
    return (
      <LoadFailed
        title={t('massTransfers.batch.loadFailed')}
        error={error}
        onRetry={retry}
        retrying={retrying}
      />
    );
  return <ListSkeleton rows={6} label={t('massTransfers.batch.loading')} />;
}
