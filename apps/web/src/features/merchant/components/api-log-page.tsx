import { Group, NativeSelect, Paper, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiRequest } from '@ledgerline/contract';
import type { DataColumn } from '@/ui/data-table';
import { LoadFailed } from '@/ui/load-failed';
import { StatusBadge, type BadgeTone } from '@/ui/status-badge';
import { useDocumentTitle } from '@/ui/use-document-title';
import { apiKeys } from '../api/api-keys';
import { useApiLog } from '../api/api-log';
import { DateRangeFields, isDateOrderWrong } from './date-range';
import { useFormatWhen } from './format';
import { useMerchantCompany } from './merchant-layout';
import classes from './merchant.module.css';
import { EmptyState, QueryState } from './query-state';
import { LoadMore, MerchantTable, statusColumn } from './merchant-table';

function statusTone(status: number): BadgeTone {
  if (status >= 500) return 'red';
  if (status >= 400) return 'orange';
  return 'teal';
}

/**
 * /merchant/internal/api_log (spec 2 §2, §7 public-api/apirequest): one key's calls between two
 * days, newest first, more by "Load more". The log is asked for only once a key is chosen (spec 2 §5).
 */
export function ApiLogPage() {
  const { t } = useTranslation();
  const { customerId } = useMerchantCompany();
  const keys = apiKeys.useList(customerId);
  const when = useFormatWhen();
  const [apiKeyId, setApiKeyId] = useState('');
  const [fromDate, setFromDate] = useState('');
  const [toDate, setToDate] = useState('');
  useDocumentTitle(t('merchant.log.title'));
  const isOrderWrong = isDateOrderWrong(fromDate, toDate);
  const log = useApiLog(
    customerId,
    apiKeyId === '' || isOrderWrong
      ? null
      : {
          apiKeyId: Number(apiKeyId),
          ...(fromDate ? { fromDate } : {}),
          ...(toDate ? { toDate } : {}),
        },
  );

  const status = (call: ApiRequest) => (
    <StatusBadge tone={statusTone(call.status)} size="sm">
      {call.status}
    </StatusBadge>
  );
  const duration = (call: ApiRequest) => t('merchant.log.ms', { duration: call.durationMs });
  const columns: DataColumn<ApiRequest>[] = [
    {
      id: 'at',
      header: t('merchant.log.at'),
      className: classes.nowrap,
      cell: (call) => when(call.at),
    },
    { id: 'method', header: t('merchant.log.method'), cell: (call) => call.method },
    {
      id: 'path',
      header: t('merchant.log.path'),
      className: classes.mono,
      cell: (call) => call.path,
    },
    statusColumn(t('merchant.status'), status),
    { id: 'ip', header: t('merchant.log.ip'), className: classes.mono, cell: (call) => call.ip },
    { id: 'duration', header: t('merchant.log.duration'), align: 'right', cell: duration },
  ];

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Group align="flex-start" gap="md" wrap="wrap">
          <NativeSelect
            label={t('merchant.log.key')}
            value={apiKeyId}
            onChange={(event) => setApiKeyId(event.currentTarget.value)}
            disabled={!keys.isSuccess}
            miw={220}
            data={[
              { value: '', label: t('merchant.log.chooseKey') },
              ...(keys.data ?? []).map((key) => ({
                value: String(key.id),
                label: `${key.name} (…${key.hint})`,
              })),
            ]}
          />
          <DateRangeFields
            fromDate={fromDate}
            toDate={toDate}
            onFromDate={setFromDate}
            onToDate={setToDate}
          />
        </Group>
      </Paper>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} aria-busy={log.isFetching}>
        {keys.isError && (
          <LoadFailed
            title={t('merchant.keys.loadFailed')}
            error={keys.error}
            onRetry={() => void keys.refetch()}
            retrying={keys.isFetching}
          />
        )}
        {!keys.isError && apiKeyId === '' && (
          <EmptyState
            title={t('merchant.log.chooseTitle')}
            text={
              keys.isSuccess && keys.data.length === 0
                ? t('merchant.log.noKeys')
                : t('merchant.log.chooseText')
            }
          />
        )}
        <QueryState
          query={log}
          rows={log.data?.pages.flatMap((page) => page.apiRequests)}
          dense
          skeletonRows={5}
          loadingLabel={t('merchant.log.loading')}
          failedTitle={t('merchant.log.loadFailed')}
          empty={{ title: t('merchant.log.emptyTitle'), text: t('merchant.log.emptyText') }}
        >
          {(rows) => (
            <Stack gap="md">
              <MerchantTable
                rows={rows}
                rowKey={(call) => call.id}
                columns={columns}
                caption={t('merchant.log.caption')}
                minWidth={720}
                scrollable
                card={{
                  title: (call) => `${call.method} ${call.path}`,
                  monoTitle: true,
                  badge: status,
                  facts: (call) => [
                    [t('merchant.log.at'), when(call.at)],
                    [t('merchant.log.ip'), call.ip, true],
                    [t('merchant.log.duration'), duration(call)],
                  ],
                }}
              />
              <LoadMore
                hasMore={log.hasNextPage}
                loading={log.isFetchingNextPage}
                onLoad={() => void log.fetchNextPage()}
              />
            </Stack>
          )}
        </QueryState>
      </Paper>
    </Stack>
  );
}
