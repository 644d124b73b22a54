import { NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import type { ExportFormat, StatementRow } from '@ledgerline/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLanguage } from '@/i18n';
import { ErrorPopup } from '@/ui/error-popup';
import { ChevronDownIcon } from '@/ui/icons';
import { LoadFailed } from '@/ui/load-failed';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useStatementAccounts } from '../api/accounts';
import { useExportStatement } from '../api/exports';
import { useStatements } from '../api/statements';
import { formatYearMonth, useAccountLabel } from '../format';
import { ExportDialog } from './export-dialog';
import { ExportsSection } from './exports-section';
import { ListSkeleton } from '@/ui/list-skeleton';
import { PageFrame } from '@/ui/page-frame';
import { HistoryTabs } from '@/ui/history-tabs';
import { StatementList } from './statement-list';
import classes from './statements.module.css';

const YEAR = /^\d{4}$/;

/** The year shown: ?year=YYYY, ?year=all, else the current one (statements run through the current month). */
function readYear(params: URLSearchParams): number | 'all' {
  const value = params.get('year') ?? '';
  if (value === 'all') return 'all';
  return YEAR.test(value) ? Number(value) : new Date().getUTCFullYear();
}

interface StartedExport {
  exportId: number;
  fileLabel: string;
}

/** /statements (spec 2 §3 "History and statements"): an account's monthly statements, their files and the files made before. */
export function StatementsPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  useDocumentTitle(t('statements.pageTitle'));
  const [params, setParams] = useSearchParams();
  const accounts = useStatementAccounts();
  const accountLabel = useAccountLabel();
  const wanted = Number(params.get('accountId'));
  const list = accounts.data ?? [];
  // The first account in accountStatusId order is the default (spec 2 §2).
  const account = list.find((item) => item.accountId === wanted) ?? list[0];
  const accountId = account?.accountId;
  const year = readYear(params);
  const allMonths = useStatements(accountId, 'all');
  const shown = useStatements(accountId, year);
  const exportStatement = useExportStatement();
  const [starting, setStarting] = useState<{ yearMonth: string; format: ExportFormat } | null>(
    null,
  );
  const [started, setStarted] = useState<StartedExport | null>(null);

  const setParam = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set(name, value);
    // Another account or year starts its exports list on page 1.
    next.delete('exportsPage');
    setParams(next, { replace: true });
  };

  const years = [
    ...new Set([
      new Date().getUTCFullYear(),
      ...(allMonths.data ?? []).map((row) => Number(row.yearMonth.slice(0, 4))),
    ]),
  ].sort((a, b) => b - a);
  if (year !== 'all' && !years.includes(year)) years.push(year);

  const startExport = (statement: StatementRow, format: ExportFormat) => {
    if (accountId === undefined) return;
    setStarting({ yearMonth: statement.yearMonth, format });
    exportStatement.mutate(
      { accountId, yearMonth: statement.yearMonth, format },
      {
        onSuccess: (exportId) =>
          setStarted({
            exportId,
            fileLabel: t(`statements.export.fileLabel.${format}`, {
              month: formatYearMonth(statement.yearMonth, language),
            }),
          }),
        onSettled: () => setStarting(null),
      },
    );
  };

  let content;
  if (accounts.isPending) content = <ListSkeleton rows={6} label={t('statements.loading')} />;
  else if (accounts.isError)
    content = (
      <LoadFailed
        title={t('statements.accountsFailed')}
        error={accounts.error}
        onRetry={() => void accounts.refetch()}
        retrying={accounts.isFetching}
      />
    );
  else if (!account)
    content = (
      <Paper withBorder radius="lg" p="lg">
        <Text fw={600}>{t('statements.noAccountsTitle')}</Text>
        <Text size="sm" c="dimmed">
          {t('statements.noAccountsText')}
        </Text>
      </Paper>
    );
  else
    content = (
      <>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <div className={classes.pickers}>
            <NativeSelect
              label={t('statements.account')}
              value={String(account.accountId)}
              data={list.map((item) => ({
                value: String(item.accountId),
                label: accountLabel(item),
              }))}
              onChange={(event) => setParam('accountId', event.currentTarget.value)}
              rightSection={<ChevronDownIcon size={16} />}
              rightSectionPointerEvents="none"
            />
            <NativeSelect
              label={t('statements.year')}
              value={String(year)}
              data={[
                ...years.map((item) => ({ value: String(item), label: String(item) })),
                { value: 'all', label: t('statements.allYears') },
              ]}
              onChange={(event) => setParam('year', event.currentTarget.value)}
              rightSection={<ChevronDownIcon size={16} />}
              rightSectionPointerEvents="none"
            />
          </div>
        </Paper>
        <Paper
          component="section"
          withBorder
          radius="lg"
          p={{ base: 'md', sm: 'lg' }}
          aria-labelledby="statements-heading"
          aria-busy={shown.isFetching}
        >
          <Stack gap="md">
            <Title order={2} fz="lg" id="statements-heading">
              {t('statements.list.title')}
            </Title>
            {shown.isPending && <ListSkeleton rows={5} label={t('statements.loading')} />}
            {shown.isError && (
              <LoadFailed
                title={t('statements.loadFailed')}
                error={shown.error}
                onRetry={() => void shown.refetch()}
                retrying={shown.isFetching}
              />
            )}
            {shown.isSuccess && shown.data.length === 0 && (
              <Stack gap={2}>
                <Text fw={600}>{t('statements.emptyTitle')}</Text>
                <Text size="sm" c="dimmed">
                  {year === 'all' ? t('statements.emptyText') : t('statements.emptyYear', { year })}
                </Text>
              </Stack>
            )}
            {shown.isSuccess && shown.data.length > 0 && (
              <StatementList statements={shown.data} onExport={startExport} starting={starting} />
            )}
          </Stack>
        </Paper>
        <ExportsSection accountId={account.accountId} />
      </>
    );

  return (
    <PageFrame tabs={<HistoryTabs />} title={t('statements.title')} intro={t('statements.intro')}>
      {content}
      <ExportDialog started={started} onClose={() => setStarted(null)} />
      <ErrorPopup error={exportStatement.error} onClose={() => exportStatement.reset()} />
    </PageFrame>
  );
}
