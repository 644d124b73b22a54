import { HistoryTabs } from '@/ui/history-tabs';
import {
  CloseButton,
  Container,
  Group,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Tabs.css';
import type { HistoryFilter } from '@ledgerline/contract';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApiClient, useSessionManager } from '@/app/session';
import { ErrorPopup } from '@/ui/error-popup';
import { ExportProgress } from '@/ui/export-progress';
import { ChevronDownIcon } from '@/ui/icons';
import { LoadFailed } from '@/ui/load-failed';
import { PAGE_CONTAINER_SIZE } from '@/ui/page-width';
import { useDocumentTitle } from '@/ui/use-document-title';
import { isSettlementAccount, useHistoryAccounts } from '../api/accounts';
import { useExportHistory, useTransactionTypes } from '../api/history';
import {
  isFiltered,
  readFilterValues,
  toHistoryFilter,
  writeFilterValues,
  type FilterValues,
} from '../filter';
import { useAccountLabel } from '../format';
import { AuthorizationsList } from './authorizations-list';
import { HistoryFilterForm } from './history-filter-form';
import { HistoryResults } from './history-results';
import { TransactionDialog } from './transaction-dialog';
import classes from './history.module.css';

const VIEWS = ['transactions', 'cardAuthorizations', 'pendingAuthorizations'] as const;
type View = (typeof VIEWS)[number];

/**
 * /history (spec 2 §3): an account's transactions under the filter of spec 2 §3, the detail of
 * one (?transaction=<id>), a CSV export of the filtered list, and the account's card and pending
 * authorisations. The account, the filter and the view live in the address.
 */
export function HistoryPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('history.pageTitle'));
  const [params, setParams] = useSearchParams();
  const accounts = useHistoryAccounts();
  const types = useTransactionTypes();
  const accountLabel = useAccountLabel();

  const accountParam = Number(params.get('accountId'));
  const account =
    accounts.data?.find((item) => item.accountId === accountParam) ?? accounts.data?.[0];
  const settlement = account && accounts.data ? isSettlementAccount(account, accounts.data) : false;
  const views = VIEWS.filter((view) => view !== 'cardAuthorizations' || settlement);
  const requested = params.get('view') as View | null;
  const view: View = requested && views.includes(requested) ? requested : 'transactions';

  const search = params.toString();
  const values = useMemo(() => readFilterValues(new URLSearchParams(search)), [search]);
  const filter: HistoryFilter | null = useMemo(
    () => (account ? toHistoryFilter(account.accountId, values) : null),
    [account, values],
  );
  const filterKey = JSON.stringify(filter);

  const typeNames = useMemo(
    () => new Map((types.data ?? []).map((type) => [type.code, type.name])),
    [types.data],
  );
  const typeName = useCallback((code: string) => typeNames.get(code as never) ?? code, [typeNames]);

  const transactionId = params.get('transaction');
  const detailHref = useCallback(
    (id: string) => {
      const next = new URLSearchParams(search);
      next.set('transaction', id);
      return `?${next.toString()}`;
    },
    [search],
  );

  const update = (change: (next: URLSearchParams) => void, replace = false) => {
    const next = new URLSearchParams(params);
    change(next);
    setParams(next, { replace });
  };

  // Export of the filtered list: the id of the export shown under the filter.
  const client = useApiClient();
  const { baseUrl } = useSessionManager();
  const startExport = useExportHistory();
  const [exportId, setExportId] = useState<number | null>(null);
  // The address the filter form was found invalid at: until a filter applies (or the address
  // changes), the list under the form is not the answer to what the form holds, so it is not
  // shown (issue 13: the old results stood under the range error as if they matched).
  const [invalidAt, setInvalidAt] = useState<string | null>(null);
  const filterInvalid = invalidAt === search;

  return (
    <Container size={PAGE_CONTAINER_SIZE} py="xl" w="100%">
      <Stack gap="lg">
        <Stack gap="sm">
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('history.title')}
          </Title>
          <HistoryTabs />
        </Stack>

        {accounts.isPending && (
          // At least a screen tall: the footer is not drawn under a short placeholder and then
          // pushed away by the filter form (issue 13, CLS).
          <Stack gap="sm" aria-busy="true" className={classes.pending}>
            <VisuallyHidden role="status">{t('history.loading')}</VisuallyHidden>
            <Skeleton height={56} radius="md" />
            <Skeleton height={240} radius="lg" />
          </Stack>
        )}
        {accounts.isError && (
          <LoadFailed
            title={t('history.accountsFailed')}
            error={accounts.error}
            onRetry={() => void accounts.refetch()}
            retrying={accounts.isFetching}
          />
        )}
        {accounts.isSuccess && !account && <Text c="dimmed">{t('history.noAccounts')}</Text>}

        {account && filter && (
          <>
            <NativeSelect
              label={t('history.account')}
              value={String(account.accountId)}
              data={accounts.data!.map((item) => ({
                value: String(item.accountId),
                label: accountLabel(item),
              }))}
              onChange={(event) => {
                setExportId(null);
                update((next) => {
                  next.set('accountId', event.currentTarget.value);
                  next.delete('transaction');
                });
              }}
              rightSection={<ChevronDownIcon size={16} />}
              rightSectionPointerEvents="none"
              maw={520}
            />
            <Tabs
              value={view}
              onChange={(value) =>
                update((next) => {
                  if (value === 'transactions' || !value) next.delete('view');
                  else next.set('view', value);
                  next.delete('transaction');
                })
              }
              keepMounted={false}
            >
              <Tabs.List>
                {views.map((item) => (
                  <Tabs.Tab key={item} value={item}>
                    {t(`history.views.${item}`)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              <Tabs.Panel value="transactions" pt="lg">
                <Stack gap="lg">
                  {/* The type choices must be there before the form reads ?type= into its select. */}
                  {types.isPending ? (
                    <Skeleton height={220} radius="lg" />
                  ) : (
                    <HistoryFilterForm
                      values={values}
                      types={types.data ?? []}
                      onInvalid={() => {
                        setExportId(null);
                        setInvalidAt(search);
                      }}
                      onApply={(applied: FilterValues) => {
                        setInvalidAt(null);
                        setExportId(null);
                        const next = writeFilterValues(params, applied);
                        next.set('accountId', String(account.accountId));
                        next.delete('transaction');
                        setParams(next);
                      }}
                    />
                  )}
                  {exportId !== null && (
                    <Paper
                      withBorder
                      radius="lg"
                      p={{ base: 'md', sm: 'lg' }}
                      component="section"
                      aria-label={t('history.export.title')}
                    >
                      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="sm">
                        <Text fw={700}>{t('history.export.title')}</Text>
                        <CloseButton
                          aria-label={t('history.export.close')}
                          onClick={() => setExportId(null)}
                        />
                      </Group>
                      <ExportProgress
                        key={exportId}
                        exportId={exportId}
                        client={client}
                        baseUrl={baseUrl}
                      />
                    </Paper>
                  )}
                  {filterInvalid ? (
                    <Paper
                      withBorder
                      radius="lg"
                      p={{ base: 'md', sm: 'lg' }}
                      role="status"
                      data-testid="history-filter-invalid"
                    >
                      <Text fw={600}>{t('history.filter.invalidTitle')}</Text>
                      <Text c="dimmed" size="sm">
                        {t('history.filter.invalidText')}
                      </Text>
                    </Paper>
                  ) : (
                    <HistoryResults
                      key={filterKey}
                      filter={filter}
                      filtered={isFiltered(values)}
                      typeName={typeName}
                      detailHref={detailHref}
                      exporting={startExport.isPending}
                      onExport={() =>
                        startExport.mutate(filter, { onSuccess: (id) => setExportId(id) })
                      }
                    />
                  )}
                </Stack>
              </Tabs.Panel>
              {settlement && (
                <Tabs.Panel value="cardAuthorizations" pt="lg">
                  <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
                    <AuthorizationsList
                      key={`card-${account.accountId}`}
                      accountId={account.accountId}
                      kind="debitCard"
                    />
                  </Paper>
                </Tabs.Panel>
              )}
              <Tabs.Panel value="pendingAuthorizations" pt="lg">
                <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
                  <AuthorizationsList
                    key={`pending-${account.accountId}`}
                    accountId={account.accountId}
                    kind="currentAccount"
                  />
                </Paper>
              </Tabs.Panel>
            </Tabs>
          </>
        )}
      </Stack>
      <TransactionDialog
        transactionId={transactionId}
        typeName={typeName}
        detailHref={detailHref}
        onClose={() => update((next) => next.delete('transaction'))}
      />
      <ErrorPopup error={startExport.error} onClose={() => startExport.reset()} />
    </Container>
  );
}
