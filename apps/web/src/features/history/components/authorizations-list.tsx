import { Button, Group, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Table.css';
import { AUTHORIZATIONS_PAGE_SIZE, type Authorization } from '@ledgerline/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import { LoadFailed } from '@/ui/load-failed';
import { StatusBadge, type BadgeTone } from '@/ui/status-badge';
import { useAuthorizations, type AuthorizationKind } from '../api/authorizations';
import { useFormatDateTime, useFormatMoney } from '../format';
import classes from './history.module.css';
import responsive from '@/ui/responsive-list.module.css';

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
    return (
      <Stack gap="sm" aria-busy="true">
        <VisuallyHidden role="status">{t('history.authorizations.loading')}</VisuallyHidden>
        {Array.from({ length: 4 }, (_, row) => (
          <Skeleton key={row} height={24} width={row % 2 === 0 ? '90%' : '70%'} radius="sm" />
        ))}
      </Stack>
    );
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
  return (
    <Stack gap="md" aria-busy={list.isFetching}>
      <Text size="sm" c="dimmed" role="status">
        {t('history.authorizations.summary', { total: list.data.total, page: pageNumber, pages })}
      </Text>
      <div className={responsive.tableView}>
        <Table verticalSpacing="sm">
          <VisuallyHidden component="caption">{caption}</VisuallyHidden>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('history.columns.date')}</Table.Th>
              <Table.Th scope="col">{t('history.authorizations.merchant')}</Table.Th>
              {kind === 'debitCard' && (
                <Table.Th scope="col">{t('history.authorizations.card')}</Table.Th>
              )}
              <Table.Th scope="col">{t('history.columns.status')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('history.columns.amount')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={`${item.id}-${item.accountId}`}>
                <Table.Td className={classes.nowrap}>
                  <time dateTime={item.date}>{dateTime(item.date)}</time>
                </Table.Td>
                <Table.Td>{what(item)}</Table.Td>
                {kind === 'debitCard' && (
                  <Table.Td className={classes.nowrap}>
                    {item.cardLast4 ? `•••• ${item.cardLast4}` : '—'}
                  </Table.Td>
                )}
                <Table.Td>
                  <StatusBadge tone={TONES[item.status]} size="sm">
                    {t(`history.authorizations.status.${item.status}`)}
                  </StatusBadge>
                </Table.Td>
                <Table.Td className={classes.amountCell}>
                  <Text component="span" size="sm" fw={700}>
                    {money(item.amount, item.currency)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
      <ul className={responsive.cardView} aria-label={caption}>
        {items.map((item) => (
          <li
            key={`${item.id}-${item.accountId}`}
            className={`${classes.card} ${classes.cardItem}`}
          >
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
            <Group mt={6}>
              <StatusBadge tone={TONES[item.status]} size="sm">
                {t(`history.authorizations.status.${item.status}`)}
              </StatusBadge>
            </Group>
          </li>
        ))}
      </ul>
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
