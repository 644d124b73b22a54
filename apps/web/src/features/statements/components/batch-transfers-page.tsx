import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { BATCH_TRANSFERS_PAGE_SIZE, type BatchTransfer } from '@ledgerline/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLanguage } from '@/i18n';
import { DataTable, type DataColumn } from '@/ui/data-table';
import { LoadFailed } from '@/ui/load-failed';
import { StatusBadge, type BadgeTone } from '@/ui/status-badge';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useBatchTransfers } from '../api/batch-transfers';
import { formatDateTime, useFormatMoney } from '../format';
import type { BatchFilter } from '../keys';
import { BatchFileDialog } from './batch-file-dialog';
import { BatchFilterForm, type BatchFilterValues } from './batch-filter';
import { ListSkeleton } from '@/ui/list-skeleton';
import { PageFrame } from '@/ui/page-frame';
import { HistoryTabs } from '@/ui/history-tabs';
import { Pager } from './pager';
import classes from './statements.module.css';
import frame from '@/ui/page-frame.module.css';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filter and page live in the address (?q=&type=wire&type=eft&from=&to=&page=), so a reload keeps them. */
function readFilter(params: URLSearchParams): BatchFilter {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const page = Number(params.get('page'));
  return {
    search: params.get('q')?.trim() || undefined,
    types: params.getAll('type'),
    from: DAY.test(from) ? from : undefined,
    to: DAY.test(to) ? to : undefined,
    pageNumber: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/**
 * Issue 17: where a mass batch opens (its workbench or progress, spec 2 §2 confirm screens; the
 * transfers feature's massConfirmPath, written here as features do not import each other). A
 * global payout batch has its own screens (17D).
 */
function batchPath(batch: BatchTransfer): string | null {
  if (batch.type === 'global_payout') return null;
  const base =
    batch.type === 'p2p' ? '/transfer/mass/p2p/confirm' : '/transfer/external/mass/confirm';
  return `${base}?batchId=${batch.batchId}`;
}

const TONE: Record<BatchTransfer['status'], BadgeTone> = {
  uploaded: 'gray',
  processing: 'blue',
  completed: 'teal',
  partiallyCompleted: 'orange',
  failed: 'red',
  awaitingApproval: 'blue',
  declined: 'gray',
};

/** /history/batch-transfers (spec 2 §3 "Mass and global batch"): uploaded batch files and what became of them. */
export function BatchTransfersPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const money = useFormatMoney();
  useDocumentTitle(t('statements.batches.pageTitle'));
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  const batches = useBatchTransfers(filter);
  const [viewing, setViewing] = useState<BatchTransfer | null>(null);

  const apply = (values: BatchFilterValues) => {
    const next = new URLSearchParams();
    if (values.search.trim()) next.set('q', values.search.trim());
    for (const type of values.types) next.append('type', type);
    if (values.from) next.set('from', values.from);
    if (values.to) next.set('to', values.to);
    setParams(next);
  };
  const showPage = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    setParams(next);
  };
  const filtered = !!filter.search || filter.types.length > 0 || !!filter.from || !!filter.to;
  const typeName = (batch: BatchTransfer) => t(`statements.batches.types.${batch.type}`);
  const status = (batch: BatchTransfer) => (
    <StatusBadge tone={TONE[batch.status]}>
      {t(`statements.batches.status.${batch.status}`)}
    </StatusBadge>
  );
  const viewButton = (batch: BatchTransfer) => {
    const path = batchPath(batch);
    return (
      <Group gap="xs" wrap="nowrap">
        {path && (
          <Button
            size="xs"
            variant="light"
            component={Link}
            to={path}
            aria-label={t('massTransfers.history.openBatch', { name: batch.name })}
          >
            {t('massTransfers.history.open')}
          </Button>
        )}
        <Button
          size="xs"
          variant="default"
          onClick={() => setViewing(batch)}
          aria-label={t('statements.batches.viewFileOf', { name: batch.name })}
        >
          {t('statements.batches.viewFile')}
        </Button>
      </Group>
    );
  };

  const columns: DataColumn<BatchTransfer>[] = [
    {
      id: 'name',
      header: t('statements.batches.columns.name'),
      rowHeader: true,
      cell: (batch) => (
        <>
          <Text size="sm" fw={600}>
            {batch.name}
          </Text>
          <Text size="xs" c="dimmed" className={classes.fileName} fw={400}>
            {batch.fileName}
          </Text>
        </>
      ),
    },
    {
      id: 'type',
      header: t('statements.batches.columns.type'),
      cellProps: () => ({ 'data-testid': 'batch-type' }),
      cell: typeName,
    },
    {
      id: 'status',
      header: t('statements.batches.columns.status'),
      className: classes.badgeCell,
      cell: status,
    },
    {
      id: 'payments',
      header: t('statements.batches.columns.payments'),
      headerClassName: classes.money,
      className: classes.money,
      cell: (batch) => batch.paymentsCount,
    },
    {
      id: 'total',
      header: t('statements.batches.columns.total'),
      headerClassName: classes.money,
      className: classes.money,
      cell: (batch) => money(batch.totalAmount, batch.currency),
    },
    {
      id: 'created',
      header: t('statements.batches.columns.created'),
      className: classes.nowrap,
      cell: (batch) => formatDateTime(batch.createdAt, language),
    },
    {
      id: 'file',
      header: t('statements.batches.columns.file'),
      headerHidden: true,
      cell: viewButton,
    },
  ];

  return (
    <PageFrame
      tabs={<HistoryTabs />}
      title={t('statements.batches.title')}
      intro={t('statements.batches.intro')}
    >
      <BatchFilterForm key={params.toString()} filter={filter} onApply={apply} />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} aria-busy={batches.isFetching}>
        {batches.isPending && <ListSkeleton rows={5} label={t('statements.batches.loading')} />}
        {batches.isError && (
          <LoadFailed
            title={t('statements.batches.loadFailed')}
            error={batches.error}
            onRetry={() => void batches.refetch()}
            retrying={batches.isFetching}
          />
        )}
        {batches.isSuccess && batches.data.total === 0 && (
          <Stack gap={2}>
            <Text fw={600}>{t('statements.batches.emptyTitle')}</Text>
            <Text size="sm" c="dimmed">
              {filtered ? t('statements.batches.emptyFiltered') : t('statements.batches.emptyText')}
            </Text>
          </Stack>
        )}
        {batches.isSuccess && batches.data.total > 0 && (
          <Stack gap="md">
            <Text size="sm" c="dimmed" role="status">
              {t('statements.batches.total', { count: batches.data.total })}
            </Text>
            <DataTable
              rows={batches.data.batches}
              rowKey={(batch) => batch.batchId}
              columns={columns}
              caption={t('statements.batches.caption')}
              minWidth={760}
              tableProps={{ highlightOnHover: true }}
              rowProps={() => ({ 'data-testid': 'batch-row' })}
              card={{
                itemClassName: `${frame.card} ${frame.cardWithActions}`,
                render: (batch) => (
                  <>
                    <Group justify="space-between" gap="xs" wrap="wrap">
                      <Text fw={600}>{batch.name}</Text>
                      {status(batch)}
                    </Group>
                    <dl>
                      <dt>{t('statements.batches.columns.type')}</dt>
                      <dd>{typeName(batch)}</dd>
                      <dt>{t('statements.batches.columns.payments')}</dt>
                      <dd>{batch.paymentsCount}</dd>
                      <dt>{t('statements.batches.columns.total')}</dt>
                      <dd>{money(batch.totalAmount, batch.currency)}</dd>
                      <dt>{t('statements.batches.columns.created')}</dt>
                      <dd>{formatDateTime(batch.createdAt, language)}</dd>
                      <dt>{t('statements.batches.columns.file')}</dt>
                      <dd>{batch.fileName}</dd>
                    </dl>
                    {viewButton(batch)}
                  </>
                ),
              }}
            />
            <Pager
              page={filter.pageNumber}
              total={batches.data.total}
              pageSize={BATCH_TRANSFERS_PAGE_SIZE}
              onPage={showPage}
              label={t('statements.batches.pagination')}
            />
          </Stack>
        )}
      </Paper>
      <BatchFileDialog batch={viewing} onClose={() => setViewing(null)} />
    </PageFrame>
  );
}
