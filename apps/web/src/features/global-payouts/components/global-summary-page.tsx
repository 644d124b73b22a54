import { Anchor, Button, Group, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Pagination.css';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MainResponse } from '@ledgerline/contract';
import { GLOBAL_SUMMARY_STATUSES } from '@ledgerline/domain/global-pay';
import { DataTable, type DataColumn } from '@/ui/data-table';
import { PlusIcon } from '@/ui/icons';
import { ListSkeleton } from '@/ui/list-skeleton';
import { LoadFailed } from '@/ui/load-failed';
import { StatusBadge } from '@/ui/status-badge';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useGlobalSummary } from '../api/sender';
import { useFormatDate, useFormatMoney } from '../format';
import { BATCH_PATH, batchPath } from '../paths';
import { BATCH_STATUS_TONE, PAYMENT_STATUS_TONE } from '../statuses';
import classes from './global-payouts.module.css';

type Summary = MainResponse<'globalPaySummary'>;
type BatchLine = Summary['batches'][number];

/**
 * /transfer/external/global-summary — what the customer's global payouts add up to: the sums by
 * status (reserved, claimed, paid, refused, expired, cancelled) per currency, then the batches,
 * newest first, 20 a page (spec 2 §9 batch lists).
 */
export function GlobalSummaryPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('globalPayouts.summary.pageTitle'));
  const [page, setPage] = useState(1);
  const summary = useGlobalSummary(page);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline" gap="sm">
        <Title order={2} fz={{ base: 20, sm: 22 }}>
          {t('globalPayouts.summary.heading')}
        </Title>
        <Button
          component={Link}
          to={BATCH_PATH}
          size="sm"
          variant="default"
          leftSection={<PlusIcon size={16} />}
        >
          {t('globalPayouts.summary.newBatch')}
        </Button>
      </Group>
      {summary.isPending ? (
        <ListSkeleton rows={6} size="lg" label={t('globalPayouts.summary.loading')} />
      ) : summary.isError ? (
        <LoadFailed
          title={t('globalPayouts.summary.loadFailed')}
          error={summary.error}
          onRetry={() => void summary.refetch()}
          retrying={summary.isFetching}
        />
      ) : (
        <>
          <StatusTotals totals={summary.data.totals} />
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="sm">
              <Title order={3} fz="md">
                {t('globalPayouts.summary.batches')}
              </Title>
              <BatchList summary={summary.data} />
              {summary.data.total > summary.data.pageSize && (
                <Group justify="center">
                  <Pagination
                    total={Math.ceil(summary.data.total / summary.data.pageSize)}
                    value={page}
                    onChange={setPage}
                    getControlProps={(control) => ({
                      'aria-label': t(`globalPayouts.summary.page.${control}`),
                    })}
                    getItemProps={(item) => ({
                      'aria-label': t('globalPayouts.summary.page.number', { page: item }),
                    })}
                  />
                </Group>
              )}
            </Stack>
          </Paper>
        </>
      )}
    </Stack>
  );
}

/** One figure per status, each currency on its own line; a status with nothing shows zero calmly. */
function StatusTotals({ totals }: { totals: Summary['totals'] }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <dl className={classes.totals} aria-label={t('globalPayouts.summary.totals')}>
        {GLOBAL_SUMMARY_STATUSES.map((status) => {
          const lines = totals.filter((line) => line.status === status);
          const count = lines.reduce((sum, line) => sum + line.count, 0);
          return (
            <div key={status} data-testid={`summary-${status}`}>
              <dt>
                <StatusBadge tone={PAYMENT_STATUS_TONE[status]} size="sm">
                  {t(`globalPayouts.status.${status}`)}
                </StatusBadge>
              </dt>
              {lines.length === 0 ? (
                <dd>—</dd>
              ) : (
                lines.map((line) => (
                  <dd key={line.currencyCode}>{money(line.amount, line.currencyCode)}</dd>
                ))
              )}
              <dd className={classes.totalsNote}>
                {t('globalPayouts.summary.payments', { count })}
              </dd>
            </div>
          );
        })}
      </dl>
    </Paper>
  );
}

function BatchList({ summary }: { summary: Summary }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const day = useFormatDate();
  const columns = useMemo<DataColumn<BatchLine>[]>(
    () => [
      {
        id: 'name',
        header: t('globalPayouts.summary.name'),
        rowHeader: true,
        cell: (batch) => (
          <Anchor
            component={Link}
            to={batchPath(batch.batchId)}
            size="sm"
            className={classes.cellText}
          >
            {batch.batchName}
          </Anchor>
        ),
      },
      {
        id: 'date',
        header: t('globalPayouts.summary.date'),
        cell: (batch) => day(batch.submittedDate ?? batch.createdDate),
      },
      {
        id: 'count',
        header: t('globalPayouts.summary.count'),
        align: 'right',
        cell: (batch) => batch.count,
      },
      {
        id: 'amount',
        header: t('globalPayouts.summary.amount'),
        align: 'right',
        cell: (batch) => (
          <span className={classes.amount}>{money(batch.amount, batch.currencyCode)}</span>
        ),
      },
      {
        id: 'status',
        header: t('globalPayouts.summary.status'),
        cell: (batch) => (
          <StatusBadge tone={BATCH_STATUS_TONE[batch.status]} size="sm">
            {t(`globalPayouts.batchStatus.${batch.status}`)}
          </StatusBadge>
        ),
      },
    ],
    [t, money, day],
  );
  if (summary.batches.length === 0)
    return (
      <Text size="sm" c="dimmed" py="md">
        {t('globalPayouts.summary.empty')}
      </Text>
    );
  return (
    <DataTable
      rows={summary.batches}
      rowKey={(batch) => batch.batchId}
      columns={columns}
      caption={t('globalPayouts.summary.batches')}
      card={{
        listClassName: classes.cardList,
        render: (batch) => (
          <Stack gap={4} className={classes.card}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Anchor
                component={Link}
                to={batchPath(batch.batchId)}
                size="sm"
                fw={600}
                className={classes.cellText}
              >
                {batch.batchName}
              </Anchor>
              <Text size="sm" fw={600} className={classes.amount}>
                {money(batch.amount, batch.currencyCode)}
              </Text>
            </Group>
            <Group justify="space-between" gap="xs">
              <Text size="xs" c="dimmed">
                {day(batch.submittedDate ?? batch.createdDate)} ·{' '}
                {t('globalPayouts.summary.payments', { count: batch.count })}
              </Text>
              <StatusBadge tone={BATCH_STATUS_TONE[batch.status]} size="sm">
                {t(`globalPayouts.batchStatus.${batch.status}`)}
              </StatusBadge>
            </Group>
          </Stack>
        ),
      }}
    />
  );
}
