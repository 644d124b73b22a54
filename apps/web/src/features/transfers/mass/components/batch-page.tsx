import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { MASS_ROWS_PAGE_SIZE, type MassBatch } from '@ledgerline/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { intlLocale, useLanguage } from '@/i18n';
import { InfoIcon } from '@/ui/icons';
import { StatusBadge, type BadgeTone } from '@/ui/status-badge';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useFormatMoney } from '../../format';
import {
  useInvalidateMassBatch,
  useMassBatch,
  useMassBatchStatus,
  useMassSampleLinks,
} from '../api/batch';
import { MASS_PATHS } from '../paths';
import { BatchProgress } from './progress';
import type { MassColumn } from './row-table';
import { RowsLoading, Workbench, type RowFilter } from './workbench';

const BATCH_TONE: Record<MassBatch['status'], BadgeTone> = {
  uploaded: 'gray',
  processing: 'blue',
  completed: 'teal',
  partiallyCompleted: 'orange',
  failed: 'red',
  awaitingApproval: 'blue',
  declined: 'gray',
};

/** The columns of the batch's type from the sample list; before it arrives, the rows' own keys. */
function useColumns(type: string | undefined, rows: readonly { fields: Record<string, string> }[]) {
  const samples = useMassSampleLinks();
  const sample = samples.data?.samples.find((item) => item.type === type);
  if (sample) return sample.columns;
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row.fields)))];
  return keys.map<MassColumn>((key) => ({ key, header: key, required: false }));
}

/**
 * /transfer/external/mass/confirm and /transfer/mass/p2p/confirm ?batchId= (spec 2 §2, issue 17):
 * one batch. While it is uploaded, its workbench; once submitted, its progress and results.
 */
export function MassBatchPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const batchId = Number(params.get('batchId'));
  useDocumentTitle(t('massTransfers.batch.pageTitle'));
  if (!Number.isInteger(batchId) || batchId < 1)
    return (
      <Alert
        color="blue"
        variant="light"
        icon={<InfoIcon />}
        title={t('massTransfers.batch.missingTitle')}
      >
        <Anchor component={Link} to="/transfer/mass">
          {t('massTransfers.batch.toUpload')}
        </Anchor>
      </Alert>
    );
  return <BatchScreen key={batchId} batchId={batchId} />;
}

function BatchScreen({ batchId }: { batchId: number }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const money = useFormatMoney();
  const [filter, setFilter] = useState<RowFilter>('all');
  const [page, setPage] = useState(1);
  const query = useMassBatch(batchId, { filter, pageNumber: page, pageSize: MASS_ROWS_PAGE_SIZE });
  const answer = query.data;
  const columns = useColumns(answer?.batch.type, answer?.rows ?? []);

  if (!answer)
    return (
      <RowsLoading
        isError={query.isError}
        error={query.error}
        retry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  const { batch } = answer;
  const changeFilter = (next: RowFilter) => {
    setFilter(next);
    setPage(1);
  };
  const pages = Math.max(1, Math.ceil(answer.total / MASS_ROWS_PAGE_SIZE));
  const pager =
    pages > 1 ? (
      <Group justify="space-between" gap="sm">
        <Button variant="default" size="xs" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          {t('massTransfers.rows.previous')}
        </Button>
        <Text size="sm" c="dimmed">
          {t('massTransfers.rows.page', { page, pages })}
        </Text>
        <Button
          variant="default"
          size="xs"
          disabled={page >= pages}
          onClick={() => setPage(page + 1)}
        >
          {t('massTransfers.rows.next')}
        </Button>
      </Group>
    ) : null;
  const created = new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(batch.createdAt));
  const kind = batch.type as keyof typeof MASS_PATHS;

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={2}>
            <Title order={2} size="h3" data-testid="mass-batch-name">
              {batch.name}
            </Title>
            <Text size="sm" c="dimmed">
              {t('massTransfers.batch.facts', {
                kind: t(`massTransfers.kinds.${batch.type}`, { defaultValue: batch.type }),
                file: batch.fileName,
                created,
                rows: batch.rowsCount,
                total: money(String(batch.totalAmount), batch.currency),
              })}
            </Text>
            {batch.resubmitOf !== null && (
              <Text size="sm" c="dimmed">
                {t('massTransfers.batch.resubmitOf', { id: batch.resubmitOf })}
              </Text>
            )}
          </Stack>
          <Group gap="sm">
            <StatusBadge tone={BATCH_TONE[batch.status]}>
              {t(`massTransfers.batchStatus.${batch.status}`)}
            </StatusBadge>
            {MASS_PATHS[kind] && (
              <Anchor component={Link} to={MASS_PATHS[kind]} size="sm">
                {t('massTransfers.batch.newUpload')}
              </Anchor>
            )}
          </Group>
        </Group>
      </Paper>
      {batch.status === 'awaitingApproval' || batch.status === 'declined' ? (
        <WaitingForApproval batchId={batch.batchId} declined={batch.status === 'declined'} />
      ) : batch.status === 'uploaded' ? (
        <Workbench
          answer={answer}
          columns={columns}
          filter={filter}
          onFilter={changeFilter}
          pager={pager}
          isFetching={query.isFetching}
        />
      ) : (
        <BatchProgress
          answer={answer}
          columns={columns}
          filter={filter}
          onFilter={changeFilter}
          pager={pager}
          isFetching={query.isFetching}
        />
      )}
    </Stack>
  );
}

/**
 * An initiate-only user's batch waits for a full-access user's decision (spec 2 §4, issue 17): its
 * status is polled, and the batch is read again once decided (paid, or declined).
 */
function WaitingForApproval({ batchId, declined }: { batchId: number; declined: boolean }) {
  const { t } = useTranslation();
  const status = useMassBatchStatus(batchId, !declined);
  const invalidate = useInvalidateMassBatch();
  const current = status.data?.status;
  useEffect(() => {
    if (current !== undefined && current !== 'awaitingApproval') void invalidate(batchId);
  }, [current, batchId, invalidate]);
  return (
    <Alert
      color={declined ? 'gray' : 'blue'}
      variant="light"
      icon={<InfoIcon />}
      role="status"
      title={
        declined ? t('massTransfers.batch.declinedTitle') : t('massTransfers.batch.awaitingTitle')
      }
    >
      {declined ? t('massTransfers.batch.declinedText') : t('massTransfers.batch.awaitingText')}
    </Alert>
  );
}
