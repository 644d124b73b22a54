import { Button, Group, Stack, Text } from '@mantine/core';
import type { ExportFormat, StatementRow } from '@ledgerline/contract';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n';
import { DataTable, type DataColumn } from '@/ui/data-table';
import { formatYearMonth, useFormatMoney, yearMonthHeading } from '../format';
import classes from './statements.module.css';
import frame from '@/ui/page-frame.module.css';

export interface StatementListProps {
  statements: readonly StatementRow[];
  onExport: (statement: StatementRow, format: ExportFormat) => void;
  /** The file being started, so its button shows progress and the others wait. */
  starting: { yearMonth: string; format: ExportFormat } | null;
}

function Counts({ statement }: { statement: StatementRow }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" component="span">
      {t('statements.list.processingCount', { count: statement.processingCount })}
      {' · '}
      {t('statements.list.rejectedCount', { count: statement.rejectedCount })}
    </Text>
  );
}

function ExportButtons({
  statement,
  onExport,
  starting,
}: { statement: StatementRow } & Omit<StatementListProps, 'statements'>) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const month = formatYearMonth(statement.yearMonth, language);
  return (
    <Group gap="xs" wrap="nowrap">
      {(['pdf', 'csv'] as const).map((format) => (
        <Button
          key={format}
          size="xs"
          variant="default"
          aria-label={t(`statements.list.download.${format}`, { month })}
          loading={starting?.yearMonth === statement.yearMonth && starting.format === format}
          disabled={starting !== null}
          onClick={() => onExport(statement, format)}
        >
          {t(`statements.formats.${format}`)}
        </Button>
      ))}
    </Group>
  );
}

/** Monthly statements, newest first: a table on wide screens, stacked cards on a phone. */
export function StatementList({ statements, onExport, starting }: StatementListProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const money = useFormatMoney();
  const figure = (
    id: 'beginningBalance' | 'totalDebit' | 'totalCredit' | 'endingBalance',
    className = classes.money,
  ): DataColumn<StatementRow> => ({
    id,
    header: t(`statements.list.${id}`),
    headerClassName: classes.money,
    className,
    cellProps: () => ({ 'data-figure': id }),
    cell: (statement) =>
      id === 'endingBalance' ? (
        <Text fw={600} size="sm" component="span">
          {money(statement[id], statement.currency)}
        </Text>
      ) : (
        money(statement[id], statement.currency)
      ),
  });
  const columns: DataColumn<StatementRow>[] = [
    {
      id: 'month',
      header: t('statements.list.month'),
      rowHeader: true,
      cell: (statement) => (
        <>
          <Text fw={600} size="sm">
            {yearMonthHeading(statement.yearMonth, language)}
          </Text>
          <Text size="xs" c="dimmed">
            {t('statements.list.index', { index: statement.index })}
          </Text>
        </>
      ),
    },
    figure('beginningBalance'),
    figure('totalDebit'),
    figure('totalCredit', `${classes.money} ${classes.credit}`),
    figure('endingBalance'),
    {
      id: 'counts',
      header: t('statements.list.counts'),
      cell: (statement) => (
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('statements.list.processingCount', { count: statement.processingCount })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('statements.list.rejectedCount', { count: statement.rejectedCount })}
          </Text>
        </Stack>
      ),
    },
    {
      id: 'files',
      header: t('statements.list.files'),
      cell: (statement) => (
        <ExportButtons statement={statement} onExport={onExport} starting={starting} />
      ),
    },
  ];
  return (
    <DataTable
      rows={statements}
      rowKey={(statement) => statement.yearMonth}
      columns={columns}
      caption={t('statements.list.caption')}
      minWidth={760}
      tableProps={{ highlightOnHover: true }}
      rowProps={(statement) => ({ 'data-testid': `statement-${statement.yearMonth}` })}
      card={{
        itemClassName: `${frame.card} ${frame.cardWithActions}`,
        render: (statement) => (
          <>
            <Group justify="space-between" gap="xs" wrap="wrap" align="baseline">
              <Text fw={600}>{yearMonthHeading(statement.yearMonth, language)}</Text>
              <Text size="sm" c="dimmed">
                {t('statements.list.index', { index: statement.index })}
              </Text>
            </Group>
            <dl>
              <dt>{t('statements.list.beginningBalance')}</dt>
              <dd className={classes.cardMoney}>
                {money(statement.beginningBalance, statement.currency)}
              </dd>
              <dt>{t('statements.list.totalDebit')}</dt>
              <dd className={classes.cardMoney}>
                {money(statement.totalDebit, statement.currency)}
              </dd>
              <dt>{t('statements.list.totalCredit')}</dt>
              <dd className={`${classes.cardMoney} ${classes.credit}`}>
                {money(statement.totalCredit, statement.currency)}
              </dd>
              <dt>{t('statements.list.endingBalance')}</dt>
              <dd className={classes.cardMoney}>
                <strong>{money(statement.endingBalance, statement.currency)}</strong>
              </dd>
              <dt>{t('statements.list.counts')}</dt>
              <dd className={classes.cardMoney}>
                <Counts statement={statement} />
              </dd>
            </dl>
            <ExportButtons statement={statement} onExport={onExport} starting={starting} />
          </>
        ),
      }}
    />
  );
}
