import { Button, Group, Stack, Text } from '@mantine/core';
import { AUTHORIZATIONS_PAGE_SIZE, type Authorization } from '@ledgerline/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import { DataTable, type DataColumn } from '@/ui/data-table';
import { ListSkeleton } from '@/ui/list-skeleton';
import { LoadFailed } from '@/ui/load-failed';
import { StatusBadge, type BadgeTone } from '@/ui/status-badge';
import { useAuthorizations, type AuthorizationKind } from '../api/authorizations';
import { useFormatDateTime, useFormatMoney } from '../format';
import classes from './history.module.css';

const TONES: Record<Authorization['status'], BadgeTone> = {
  pending: 'blue',
  completed: 'teal',
  declined: 'red',
  reversed: 'orange',
};

/** The server's refusal for an account that settles no debit card (spec 2 §6). */
function isNotSettlementAccount(error: unknown): boolean {
  return (
    isApiError(error) &&
    Object.values(error.validationErrors ?? {}).includes('validation.notSettlementAccount')
  );
}

/**
 * Card authorisations of the debit cards an account settles, or the account's own pending
 * authorisations: 10 a page (spec 2 §9) with Previous/Next. Render it with a key per account and
 * kind, so a new choice starts at page 1.
 */
export function AuthorizationsList({
  accountId,
  kind,
}: {
  accountId: number;
  kind: AuthorizationKind;
}) {
  const { t } = useTranslation();
  const [pageNumber, setPageNumber] = useState(1);
  const list = useAuthorizations(accountId, kind, pageNumber);
  const money = useFormatMoney();
  const dateTime = useFormatDateTime();
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / AUTHORIZATIONS_PAGE_SIZE)) : 1;
  const items = list.data?.authorizations ?? [];
  const what = (item: Authorization) =>
    item.merchant ?? item.description ?? t('history.authorizations.unknownMerchant');

  if (list.isPending)
    return <ListSkeleton rows={4} size="lg" label={t('history.authorizations.loading')} />;
  if (list.isError && isNotSettlementAccount(list.error))
    return (
      <Text size="sm" c="dimmed">
        {t('history.authorizations.notSettlement')}
      </Text>
    );
  if (list.isError)
    return (
      <LoadFailed
        title={t('history.authorizations.loadFailed')}
        error={list.error}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t(
          kind === 'debitCard'
            ? 'history.authorizations.emptyCards'
            : 'history.authorizations.emptyPending',
        )}
      </Text>
    );
  const caption = t(
    kind === 'debitCard'
      ? 'history.views.cardAuthorizations'
      : 'history.views.pendingAuthorizations',
  );
  const status = (item: Authorization) => (
    <StatusBadge tone={TONES[item.status]} size="sm">
      {t(`history.authorizations.status.${item.status}`)}
    </StatusBadge>
  );
  const columns: DataColumn<Authorization>[] = [
    {
      id: 'date',
      header: t('history.columns.date'),
      className: classes.nowrap,
      cell: (item) => <time dateTime={item.date}>{dateTime(item.date)}</time>,
    },
    { id: 'merchant', header: t('history.authorizations.merchant'), cell: what },
    ...(kind === 'debitCard'
      ? [
          {
            id: 'card',
            header: t('history.authorizations.card'),
            className: classes.nowrap,
            cell: (item: Authorization) => (item.cardLast4 ? `•••• ${item.cardLast4}` : '—'),
          },
        ]
      : []),
    { id: 'status', header: t('history.columns.status'), cell: status },
    {
      id: 'amount',
      header: t('history.columns.amount'),
      align: 'right',
      className: classes.amountCell,
      cell: (item) => (
        <Text component="span" size="sm" fw={700}>
          {money(item.amount, item.currency)}
        </Text>
      ),
    },
  ];
  return (
    <Stack gap="md" aria-busy={list.isFetching}>
      <Text size="sm" c="dimmed" role="status">
        {t('history.authorizations.summary', { total: list.data.total, page: pageNumber, pages })}
      </Text>
      <DataTable
        rows={items}
        rowKey={(item) => `${item.id}-${item.accountId}`}
        columns={columns}
        caption={caption}
        card={{
          itemClassName: `${classes.card} ${classes.cardItem}`,
          render: (item) => (
            <>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Stack gap={2} miw={0}>
                  <Text fw={600} size="sm">
                    {what(item)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {item.cardLast4 ? `•••• ${item.cardLast4} · ` : ''}
                    <time dateTime={item.date}>{dateTime(item.date)}</time>
                  </Text>
                </Stack>
                <Text component="span" size="sm" fw={700} className={classes.nowrap}>
                  {money(item.amount, item.currency)}
                </Text>
              </Group>
              <Group mt={6}>{status(item)}</Group>
            </>
          ),
        }}
      />
      {pages > 1 && (
        <nav aria-label={t('history.authorizations.pagination')} className={classes.pager}>
          <Button
            variant="default"
            size="sm"
            disabled={pageNumber === 1}
            onClick={() => setPageNumber((page) => page - 1)}
          >
            {t('history.list.previous')}
          </Button>
          <Text size="sm" aria-current="page">
            {t('history.list.pageOf', { page: pageNumber, pages })}
          </Text>
          <Button
            variant="default"
            size="sm"
            disabled={pageNumber >= pages || list.isPlaceholderData}
            onClick={() => setPageNumber((page) => page + 1)}
          >
            {t('history.list.next')}
          </Button>
        </nav>
      )}
    </Stack>
  );
}
