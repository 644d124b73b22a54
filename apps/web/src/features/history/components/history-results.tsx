import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { HISTORY_PAGE_SIZE, type HistoryFilter, type HistoryItem } from '@ledgerline/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable, type DataColumn } from '@/ui/data-table';
import { ListSkeleton } from '@/ui/list-skeleton';
import { LoadFailed } from '@/ui/load-failed';
import { StatusBadge } from '@/ui/status-badge';
import { useHistoryPage } from '../api/history';
import { useFormatCount, useFormatDateTime, useFormatMoney } from '../format';
import { HistoryStatusBadge, isZero, SignedAmount } from './history-bits';
import classes from './history.module.css';

export interface HistoryResultsProps {
  filter: HistoryFilter;
  filtered: boolean;
  /** The dictionary name of a transaction type code (falls back to the code). */
  typeName: (code: string) => string;
  /** Where a row leads: the same page with ?transaction=<id>. */
  detailHref: (transactionId: string) => string;
  onExport: () => void;
  exporting: boolean;
}

/**
 * The filtered history, 20 a page from page 1 (spec 2 §3, §9). The first page carries the total
 * and the counts of rejected and processing items; "Next" follows the page's nextCursor and a
 * stack of the cursors used lets "Previous" go back. Render it with a key per filter: a new
 * filter starts again at page 1.
 */
export function HistoryResults({
  filter,
  filtered,
  typeName,
  detailHref,
  onExport,
  exporting,
}: HistoryResultsProps) {
  const { t } = useTranslation();
  const count = useFormatCount();
  // cursors[i] asks for page i + 1 (the first page has none).
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const pageNumber = cursors.length;
  const first = useHistoryPage(filter, { cursor: null, pageNumber: 1 });
  const page = useHistoryPage(filter, { cursor: cursors[cursors.length - 1] ?? null, pageNumber });
  const totals = first.data;
  const items = page.isError ? [] : (page.data?.items ?? []);
  const nextCursor = page.data?.nextCursor ?? null;
  // "Page 2 of 7" when the first page counted the matches exactly; beyond the server's count cap
  // ("1,000+") the number of pages is not known, and the pager says only "Page 2".
  const pageCount =
    totals?.total !== undefined && totals.totalIsExact !== false
      ? Math.max(1, Math.ceil(totals.total / HISTORY_PAGE_SIZE))
      : undefined;

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} aria-busy={page.isFetching}>
      <Stack gap="md">
        <div className={classes.resultsHeader}>
          <Stack gap={4}>
            <Text fw={700} component="h2" fz="lg">
              {t('history.list.title')}
            </Text>
            {totals?.total !== undefined && (
              <Group gap="xs" role="status">
                <Text size="sm" c="dimmed">
                  {t('history.list.total', {
                    total:
                      totals.totalIsExact === false
                        ? `${count(totals.total)}+`
                        : count(totals.total),
                  })}
                </Text>
                {totals.totals && (
                  <>
                    {/* A count of zero is not news: grey, so red and blue mean "look here". */}
                    <StatusBadge tone={totals.totals.rejected > 0 ? 'red' : 'gray'} size="sm">
                      {t('history.list.rejectedCount', { count: count(totals.totals.rejected) })}
                    </StatusBadge>
                    <StatusBadge tone={totals.totals.processing > 0 ? 'blue' : 'gray'} size="sm">
                      {t('history.list.processingCount', {
                        count: count(totals.totals.processing),
                      })}
                    </StatusBadge>
                  </>
                )}
              </Group>
            )}
          </Stack>
          <Button
            variant="default"
            onClick={onExport}
            loading={exporting}
            disabled={page.isError || totals?.total === 0}
          >
            {t('history.export.button')}
          </Button>
        </div>

        {page.isPending && <ListSkeleton rows={6} size="xl" label={t('history.list.loading')} />}
        {page.isError && (
          // Spec 2 §8: an unsuccessful history call gives an empty list, with the reason visible.
          <LoadFailed
            title={t('history.list.loadFailed')}
            error={page.error}
            onRetry={() => void page.refetch()}
            retrying={page.isFetching}
          />
        )}
        {!page.isPending && items.length === 0 && (
          <Stack gap={2}>
            <Text fw={600}>
              {filtered ? t('history.list.emptyFiltered') : t('history.list.empty')}
            </Text>
            {filtered && !page.isError && (
              <Text size="sm" c="dimmed">
                {t('history.list.emptyFilteredHint')}
              </Text>
            )}
          </Stack>
        )}
        {items.length > 0 && (
          <HistoryList items={items} typeName={typeName} detailHref={detailHref} />
        )}
        {(pageNumber > 1 || nextCursor) && (
          <nav aria-label={t('history.list.pagination')} className={classes.pager}>
            <Button
              variant="default"
              size="sm"
              disabled={pageNumber === 1 || page.isFetching}
              onClick={() => setCursors((stack) => stack.slice(0, -1))}
            >
              {t('history.list.previous')}
            </Button>
            <Text size="sm" aria-current="page">
              {pageCount === undefined
                ? t('history.list.page', { page: pageNumber })
                : t('history.list.pageOf', { page: pageNumber, pages: pageCount })}
            </Text>
            <Button
              variant="default"
              size="sm"
              disabled={!nextCursor || page.isPlaceholderData}
              onClick={() => nextCursor && setCursors((stack) => [...stack, nextCursor])}
            >
              {t('history.list.next')}
            </Button>
          </nav>
        )}
      </Stack>
    </Paper>
  );
}

interface ListProps {
  items: HistoryItem[];
  typeName: (code: string) => string;
  detailHref: (transactionId: string) => string;
}

/** What the other side or the purpose was; the type's name when neither is known. */
function useItemTitle(typeName: (code: string) => string) {
  return (item: HistoryItem) =>
    item.counterparty ?? item.description ?? typeName(item.operationType);
}

function HistoryList({ items, typeName, detailHref }: ListProps) {
  const { t } = useTranslation();
  const dateTime = useFormatDateTime();
  const money = useFormatMoney();
  const title = useItemTitle(typeName);
  const navigate = useNavigate();
  const fee = (item: HistoryItem) =>
    !isZero(item.fee) && (
      <Text size="xs" c="dimmed">
        {t('history.list.fee', { fee: money(item.fee, item.currency) })}
      </Text>
    );
  const columns: DataColumn<HistoryItem>[] = [
    {
      id: 'date',
      header: t('history.columns.date'),
      className: classes.nowrap,
      cell: (item) => <time dateTime={item.date}>{dateTime(item.date)}</time>,
    },
    {
      id: 'type',
      header: t('history.columns.type'),
      cellProps: () => ({ 'data-cell': 'type' }),
      cell: (item) => typeName(item.operationType),
    },
    {
      id: 'details',
      header: t('history.columns.details'),
      cell: (item) => (
        <>
          <Link
            to={detailHref(item.transactionId)}
            className={classes.rowLink}
            onClick={(event) => event.stopPropagation()}
          >
            {title(item)}
          </Link>
          {item.counterparty && item.description && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {item.description}
            </Text>
          )}
        </>
      ),
    },
    {
      id: 'status',
      header: t('history.columns.status'),
      cell: (item) => <HistoryStatusBadge status={item.status} size="sm" />,
    },
    {
      id: 'amount',
      header: t('history.columns.amount'),
      align: 'right',
      className: classes.amountCell,
      cellProps: (item) => ({ 'data-cell': 'amount', 'data-amount': item.amount }),
      cell: (item) => (
        <>
          <SignedAmount amount={item.amount} currency={item.currency} direction={item.direction} />
          {fee(item)}
        </>
      ),
    },
  ];
  return (
    <DataTable
      rows={items}
      rowKey={(item) => item.transactionId}
      columns={columns}
      caption={t('history.list.caption')}
      minWidth={720}
      tableProps={{ highlightOnHover: true }}
      // The link in the row is the way in for keyboards and screen readers; a click anywhere on the row is a mouse shortcut.
      rowProps={(item) => ({
        className: classes.row,
        onClick: () => void navigate(detailHref(item.transactionId)),
        'data-testid': 'history-row',
      })}
      card={{
        itemClassName: classes.cardItem,
        render: (item) => (
          <Link to={detailHref(item.transactionId)} className={classes.card}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Stack gap={2} miw={0}>
                <Text fw={600} size="sm" className={classes.rowLink}>
                  {title(item)}
                </Text>
                <Text size="xs" c="dimmed">
                  {typeName(item.operationType)} ·{' '}
                  <time dateTime={item.date}>{dateTime(item.date)}</time>
                </Text>
              </Stack>
              <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
                <SignedAmount
                  amount={item.amount}
                  currency={item.currency}
                  direction={item.direction}
                />
                {fee(item)}
              </Stack>
            </Group>
            <Group mt={6}>
              <HistoryStatusBadge status={item.status} size="sm" />
            </Group>
          </Link>
        ),
      }}
    />
  );
}
