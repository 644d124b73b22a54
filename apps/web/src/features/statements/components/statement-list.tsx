import { Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import type { ExportFormat, StatementRow } from '@ledgerline/contract';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n';
import { formatYearMonth, useFormatMoney, yearMonthHeading } from '../format';
import classes from './statements.module.css';
import responsive from '@/ui/responsive-list.module.css';

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
  return (
    <>
      <div className={responsive.tableView}>
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" highlightOnHover>
            <VisuallyHidden component="caption">{t('statements.list.caption')}</VisuallyHidden>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('statements.list.month')}</Table.Th>
                <Table.Th scope="col" className={classes.money}>
                  {t('statements.list.beginningBalance')}
                </Table.Th>
                <Table.Th scope="col" className={classes.money}>
                  {t('statements.list.totalDebit')}
                </Table.Th>
                <Table.Th scope="col" className={classes.money}>
                  {t('statements.list.totalCredit')}
                </Table.Th>
                <Table.Th scope="col" className={classes.money}>
                  {t('statements.list.endingBalance')}
                </Table.Th>
                <Table.Th scope="col">{t('statements.list.counts')}</Table.Th>
                <Table.Th scope="col">{t('statements.list.files')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {statements.map((statement) => (
                <Table.Tr
                  key={statement.yearMonth}
                  data-testid={`statement-${statement.yearMonth}`}
                >
                  <Table.Th scope="row" fw={400}>
                    <Text fw={600} size="sm">
                      {yearMonthHeading(statement.yearMonth, language)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('statements.list.index', { index: statement.index })}
                    </Text>
                  </Table.Th>
                  <Table.Td className={classes.money} data-figure="beginningBalance">
                    {money(statement.beginningBalance, statement.currency)}
                  </Table.Td>
                  <Table.Td className={classes.money} data-figure="totalDebit">
                    {money(statement.totalDebit, statement.currency)}
                  </Table.Td>
                  <Table.Td
                    className={`${classes.money} ${classes.credit}`}
                    data-figure="totalCredit"
                  >
                    {money(statement.totalCredit, statement.currency)}
                  </Table.Td>
                  <Table.Td className={classes.money} data-figure="endingBalance">
                    <Text fw={600} size="sm" component="span">
                      {money(statement.endingBalance, statement.currency)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={0}>
                      <Text size="xs" c="dimmed">
                        {t('statements.list.processingCount', { count: statement.processingCount })}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t('statements.list.rejectedCount', { count: statement.rejectedCount })}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <ExportButtons statement={statement} onExport={onExport} starting={starting} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </div>
      <ul className={responsive.cardView} aria-label={t('statements.list.caption')}>
        {statements.map((statement) => (
          <li key={statement.yearMonth} className={classes.card}>
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
          </li>
        ))}
      </ul>
    </>
  );
}
