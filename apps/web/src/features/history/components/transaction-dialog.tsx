import { Anchor, Button, Group, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import type { TransactionDetails } from '@ledgerline/contract';
import Decimal from 'decimal.js';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { translateErrorMessage } from '@/i18n';
import { Dialog } from '@/ui/dialog';
import { LoadFailed } from '@/ui/load-failed';
import { useTransactionDetails, useTransactionReceipt } from '../api/history';
import { useFormatDateTime, useFormatMoney } from '../format';
import { HistoryStatusBadge, isZero, SignedAmount } from './history-bits';
import classes from './history.module.css';

/**
 * One transaction (spec 2 §3): what, when, how much with its fee and rate, who, its status and
 * why it was refused or returned, the transfers it reverses or that reversed it, and its receipt.
 * Opened by ?transaction=<id>, so it can be linked and the back button closes it.
 */
export function TransactionDialog({
  transactionId,
  typeName,
  detailHref,
  onClose,
}: {
  transactionId: string | null;
  typeName: (code: string) => string;
  detailHref: (transactionId: string) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const details = useTransactionDetails(transactionId);
  return (
    <Dialog
      opened={transactionId !== null}
      onClose={onClose}
      title={t('history.detail.title')}
      closeLabel={t('history.detail.close')}
      size="lg"
    >
      {details.isPending && (
        <Stack gap="sm" aria-busy="true">
          <VisuallyHidden role="status">{t('history.detail.loading')}</VisuallyHidden>
          <Skeleton height={32} width="50%" radius="sm" />
          {Array.from({ length: 6 }, (_, row) => (
            <Skeleton key={row} height={18} radius="sm" />
          ))}
        </Stack>
      )}
      {details.isError && (
        <LoadFailed
          title={t('history.detail.loadFailed')}
          error={details.error}
          onRetry={() => void details.refetch()}
          retrying={details.isFetching}
        />
      )}
      {details.isSuccess && (
        <TransactionFacts transaction={details.data} typeName={typeName} detailHref={detailHref} />
      )}
    </Dialog>
  );
}

function TransactionFacts({
  transaction,
  typeName,
  detailHref,
}: {
  transaction: TransactionDetails;
  typeName: (code: string) => string;
  detailHref: (transactionId: string) => string;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const dateTime = useFormatDateTime();
  const receipt = useTransactionReceipt();
  const rows: [string, ReactNode][] = [
    [
      t('history.detail.date'),
      <time dateTime={transaction.date}>{dateTime(transaction.date)}</time>,
    ],
    [t('history.detail.type'), typeName(transaction.operationType)],
    [t('history.detail.status'), <HistoryStatusBadge status={transaction.status} size="sm" />],
    [
      t('history.detail.amount'),
      <SignedAmount
        amount={transaction.amount}
        currency={transaction.currency}
        direction={transaction.direction}
      />,
    ],
  ];
  if (!isZero(transaction.fee))
    rows.push([t('history.detail.fee'), money(transaction.fee, transaction.currency)]);
  if (!new Decimal(transaction.rate).equals(1))
    rows.push([t('history.detail.rate'), transaction.rate]);
  // What reached the other side, when it is not simply the amount itself (another currency, or less after charges).
  if (
    transaction.toAmount !== null &&
    transaction.toCurrency !== null &&
    (transaction.toCurrency !== transaction.currency ||
      !new Decimal(transaction.toAmount).equals(transaction.amount))
  )
    rows.push([t('history.detail.toAmount'), money(transaction.toAmount, transaction.toCurrency)]);
  if (transaction.counterparty)
    rows.push([t('history.detail.counterparty'), transaction.counterparty]);
  if (transaction.description)
    rows.push([t('history.detail.description'), transaction.description]);
  if (transaction.settledAt)
    rows.push([
      t('history.detail.settledAt'),
      <time dateTime={transaction.settledAt}>{dateTime(transaction.settledAt)}</time>,
    ]);
  if (transaction.reason) rows.push([t('history.detail.reason'), transaction.reason]);
  if (transaction.reversesTransactionId)
    rows.push([
      t('history.detail.reverses'),
      <Anchor
        component={Link}
        to={detailHref(transaction.reversesTransactionId)}
        className={classes.mono}
        size="sm"
      >
        {transaction.reversesTransactionId}
      </Anchor>,
    ]);
  if (transaction.reversedByTransactionId)
    rows.push([
      t('history.detail.reversedBy'),
      <Anchor
        component={Link}
        to={detailHref(transaction.reversedByTransactionId)}
        className={classes.mono}
        size="sm"
      >
        {transaction.reversedByTransactionId}
      </Anchor>,
    ]);
  rows.push([
    t('history.detail.transactionId'),
    <span className={classes.mono}>{transaction.transactionId}</span>,
  ]);

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {transaction.counterparty ??
            transaction.description ??
            typeName(transaction.operationType)}
        </Text>
        <SignedAmount
          amount={transaction.amount}
          currency={transaction.currency}
          direction={transaction.direction}
          size="xl"
        />
      </Stack>
      <dl className={classes.details}>
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Group gap="xs">
        <Button
          onClick={() => receipt.mutate(transaction.transactionId)}
          loading={receipt.isPending}
          data-autofocus
        >
          {t('history.detail.receipt')}
        </Button>
      </Group>
      {receipt.isError && (
        <Text size="sm" c="red.8" role="alert">
          {translateErrorMessage(t, receipt.error)}
        </Text>
      )}
    </Stack>
  );
}
