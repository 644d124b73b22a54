import { Alert, Button, Group, NativeSelect, Paper, Progress, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Progress.css';
import type { MainResponse } from '@ledgerline/contract';
import type { MassRowStatus } from '@ledgerline/domain/mass-transfers';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { describeApiError } from '@/ui/field-message';
import { ChevronDownIcon, InfoIcon } from '@/ui/icons';
import { useInvalidateMassBatch, useMassBatchStatus } from '../api/batch';
import { useResubmitFailedRows } from '../api/submit';
import { massConfirmPath } from '../paths';
import { RowTable, type MassColumn } from './row-table';
import type { RowFilter } from './workbench';
import classes from './mass.module.css';

type BatchAnswer = MainResponse<'getMassBatch'>;

/**
 * A submitted batch (issue 17): how far its rows got (the status is polled while it runs), each
 * row settled, failed or returned with the rail's reason, and "Re-submit failed rows", which makes
 * a new batch of exactly those and opens its workbench.
 */
export function BatchProgress({
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
  const navigate = useNavigate();
  const { batch, rows } = answer;
  const status = useMassBatchStatus(batch.batchId, true);
  const invalidate = useInvalidateMassBatch();
  const resubmit = useResubmitFailedRows();
  const [resubmitKey] = useState(newIdempotencyKey);

  // Each new status (a row moved on) reads the rows again; the status query itself stays polled.
  const updatedAt = status.data?.updatedAt;
  const current = status.data?.status ?? batch.status;
  useEffect(() => {
    if (updatedAt !== undefined) void invalidate(batch.batchId);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a newer status reads again
  }, [updatedAt]);

  const counts: Partial<Record<MassRowStatus, number>> = status.data?.counts ?? {};
  const settled = counts.settled ?? 0;
  const failed = (counts.failed ?? 0) + (counts.returned ?? 0);
  const onTheWay = (counts.pending ?? 0) + (counts.submitted ?? 0);
  const total = settled + failed + onTheWay;
  const done = total === 0 ? 0 : Math.round(((settled + failed) / total) * 100);
  const running = current === 'processing';

  const startResubmit = () =>
    resubmit.mutate(
      { batchId: batch.batchId, idempotencyKey: resubmitKey },
      { onSuccess: ({ batch: next }) => void navigate(massConfirmPath(next.type, next.batchId)) },
    );

  return (
    <Stack gap="lg">
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'md', sm: 'lg' }}
        component="section"
        aria-labelledby="mass-progress-title"
      >
        <Stack gap="sm">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text fw={600} id="mass-progress-title">
              {t('massTransfers.progress.title')}
            </Text>
            <Text size="sm" c="dimmed" role="status" data-testid="mass-progress-status">
              {t(`massTransfers.batchStatus.${current}`)}
            </Text>
          </Group>
          <Progress
            value={done}
            size="lg"
            radius="xl"
            animated={running}
            aria-label={t('massTransfers.progress.label', { done })}
          />
          <dl className={classes.progressCounts}>
            <div>
              <dt>{t('massTransfers.progress.settled')}</dt>
              <dd data-testid="mass-count-settled">{settled}</dd>
            </div>
            <div>
              <dt>{t('massTransfers.progress.onTheWay')}</dt>
              <dd data-testid="mass-count-on-the-way">{onTheWay}</dd>
            </div>
            <div>
              <dt>{t('massTransfers.progress.failed')}</dt>
              <dd data-testid="mass-count-failed">{failed}</dd>
            </div>
          </dl>
          {failed > 0 && !running && (
            <Alert color="orange" variant="light" icon={<InfoIcon />}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{t('massTransfers.progress.failedText', { count: failed })}</Text>
                <Button size="sm" onClick={startResubmit} loading={resubmit.isPending}>
                  {t('massTransfers.progress.resubmit')}
                </Button>
                {resubmit.isError && (
                  <Text role="alert" c="red.9" size="sm">
                    {describeApiError(t, resubmit.error)}
                  </Text>
                )}
              </Stack>
            </Alert>
          )}
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} aria-busy={isFetching}>
        <Stack gap="md">
          <Group justify="flex-end">
            <NativeSelect
              label={t('massTransfers.rows.show')}
              value={filter === 'failed' ? 'failed' : 'all'}
              onChange={(event) => onFilter(event.currentTarget.value as RowFilter)}
              data={(['all', 'failed'] as const).map((value) => ({
                value,
                label: t(`massTransfers.rows.filter.${value}`),
              }))}
              rightSection={<ChevronDownIcon size={16} />}
              rightSectionPointerEvents="none"
              size="sm"
            />
          </Group>
          {rows.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t(`massTransfers.rows.empty.${filter}`)}
            </Text>
          ) : (
            <RowTable
              rows={rows}
              columns={columns}
              caption={t('massTransfers.rows.caption', { name: batch.name })}
            />
          )}
          {pager}
        </Stack>
      </Paper>
    </Stack>
  );
}
