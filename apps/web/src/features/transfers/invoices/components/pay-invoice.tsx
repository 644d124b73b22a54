import { Alert, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import type { Account, Invoice, MainRequest } from '@ledgerline/contract';
import { ACCOUNT_TYPES } from '@ledgerline/domain/accounts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/ui/dialog';
import { describeApiError } from '@/ui/field-message';
import { AlertIcon, ChevronDownIcon } from '@/ui/icons';
import { useTransferAccounts } from '../../api/accounts';
import { TransferFacts, type FactRow } from '../../components/transfer-facts';
import {
  TransferConfirmation,
  type ConfirmationOutcome,
  type ConfirmationSummary,
} from '../../confirmation';
import { useAccountLabel, useAccountName, useFormatMoney, useFormatRate } from '../../format';
import { useMoneyMovingSubmit } from '../../hooks/use-money-moving-submit';
import { TransferReview, type ReviewRow } from '../../review/transfer-review';
import { useInvoicePayQuote, usePayInvoiceCall } from '../api/invoices';

type PayRequest = Omit<MainRequest<'payInvoice'>, 'idempotencyKey'>;

/**
 * Paying a received invoice, as every money movement goes: choose the paying account (the amount
 * it takes, the exchange when its currency is not the invoice's, the fee and the total are
 * quoted), check it all in the review, then the customer's second factor in the shared transfer
 * confirmation (modes 0–4). The idempotency key is made before the first send and kept for its
 * retries; the server pays an invoice once whatever the tabs do.
 */
export function PayInvoice({
  invoice,
  onClose,
}: {
  /** The invoice to pay; null when no payment is under way. */
  invoice: Invoice | null;
  onClose: (outcome: ConfirmationOutcome | 'back') => void;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const formatRate = useFormatRate();
  const accountName = useAccountName();
  const accountLabel = useAccountLabel();
  const accounts = useTransferAccounts();
  const payable = useMemo(
    () => (accounts.data ?? []).filter((account) => account.type === ACCOUNT_TYPES.payment),
    [accounts.data],
  );
  // The account in the invoice's currency first: no exchange unless the customer chooses it.
  const suggested =
    payable.find((account) => account.currencyCode === invoice?.currencyCode) ?? payable[0];
  const [chosenId, setChosenId] = useState<string | null>(null);
  const fromId = chosenId ?? (suggested ? String(suggested.accountId) : '');
  const from: Account | undefined = payable.find((account) => String(account.accountId) === fromId);
  const quote = useInvoicePayQuote(invoice?.id ?? 0, invoice && from ? from.accountId : null);
  const flow = useMoneyMovingSubmit<PayRequest, ConfirmationSummary>({
    submit: usePayInvoiceCall(),
    settlesBy: 'ledger',
  });

  const payee = invoice ? invoice.payeeName : '';
  const figures = quote.data;
  const pending = quote.isFetching && !figures ? undefined : null;
  const rows: FactRow[] = invoice
    ? [
        {
          id: 'invoice',
          label: t('invoices.pay.invoiceAmount'),
          value: money(invoice.amount, invoice.currencyCode),
        },
        ...(figures?.isExchange
          ? [
              {
                id: 'rate',
                label: t('invoices.pay.rate'),
                value: t('invoices.pay.rateValue', {
                  from: figures.currency,
                  rate: formatRate(figures.rate),
                  to: figures.toCurrency,
                }),
              },
              {
                id: 'debit',
                label: t('invoices.pay.debit'),
                value: money(figures.amount, figures.currency),
              },
            ]
          : []),
        {
          id: 'fee',
          label: t('invoices.pay.fee'),
          value: figures ? money(figures.fee, figures.currency) : pending,
        },
        {
          id: 'total',
          label: t('invoices.pay.total'),
          value: figures ? money(figures.total, figures.currency) : pending,
          total: true,
        },
      ]
    : [];

  const close = (outcome: ConfirmationOutcome | 'back') => {
    setChosenId(null);
    onClose(outcome);
  };

  const openReview = () => {
    if (!invoice || !from || !figures) return;
    flow.openReview(
      { invoiceId: invoice.id, fromAccount: from.accountId },
      { amount: money(figures.total, figures.currency), payee },
    );
  };

  const reviewed = flow.review;
  const reviewRows: ReviewRow[] =
    reviewed && figures && from && invoice
      ? [
          { id: 'from', label: t('invoices.pay.from'), value: accountName(from) },
          { id: 'invoice', label: t('invoices.pay.number'), value: invoice.number },
          ...(figures.isExchange
            ? [
                {
                  id: 'rate',
                  label: t('invoices.pay.rate'),
                  value: t('invoices.pay.rateValue', {
                    from: figures.currency,
                    rate: formatRate(figures.rate),
                    to: figures.toCurrency,
                  }),
                },
              ]
            : []),
          { id: 'fee', label: t('invoices.pay.fee'), value: money(figures.fee, figures.currency) },
          {
            id: 'receive',
            label: t('invoices.pay.theyReceive'),
            value: money(figures.toAmount, figures.toCurrency),
          },
          {
            id: 'total',
            label: t('invoices.pay.total'),
            value: money(figures.total, figures.currency),
            total: true,
          },
        ]
      : [];

  const choosing = invoice !== null && reviewed === null && flow.result === null;
  return (
    <>
      <Dialog
        opened={choosing}
        onClose={() => close('back')}
        title={t('invoices.pay.title', { number: invoice?.number ?? '' })}
        closeLabel={t('invoices.close')}
      >
        {invoice && (
          <Stack gap="md">
            <Text size="sm">
              {t('invoices.pay.text', {
                name: payee,
                amount: money(invoice.amount, invoice.currencyCode),
              })}
            </Text>
            {payable.length === 0 && accounts.isSuccess ? (
              <Alert color="blue" variant="light" role="status">
                {t('invoices.pay.noAccount')}
              </Alert>
            ) : (
              <NativeSelect
                label={t('invoices.pay.from')}
                data={payable.map((account) => ({
                  value: String(account.accountId),
                  label: accountLabel(account),
                }))}
                value={fromId}
                onChange={(event) => setChosenId(event.currentTarget.value)}
                size="md"
                rightSection={<ChevronDownIcon size={16} />}
                rightSectionPointerEvents="none"
                data-autofocus
              />
            )}
            <TransferFacts title={t('invoices.pay.figures')} rows={rows} />
            {quote.isError && (
              <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
                {describeApiError(t, quote.error)}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => close('back')}>
                {t('invoices.pay.back')}
              </Button>
              <Button onClick={openReview} disabled={!figures || !from}>
                {t('invoices.pay.review')}
              </Button>
            </Group>
          </Stack>
        )}
      </Dialog>
      <TransferReview
        opened={reviewed !== null}
        amountLabel={t('invoices.pay.youPay')}
        amount={reviewed?.details.amount ?? ''}
        payee={payee}
        rows={reviewRows}
        actionLabel={t('invoices.pay.confirm', { amount: reviewed?.details.amount ?? '' })}
        isPending={flow.isPending}
        errorText={flow.error ? describeApiError(t, flow.error) : null}
        onBack={flow.backToForm}
        onConfirm={flow.confirm}
      />
      <TransferConfirmation
        result={flow.result}
        summary={flow.sent ?? { amount: '', payee: '' }}
        settledState={flow.settledState}
        onClose={(outcome) => {
          flow.finish(outcome);
          close(outcome);
        }}
      />
    </>
  );
}
