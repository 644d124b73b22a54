import { Button, Stack, Text } from '@mantine/core';
import type { Invoice } from '@ledgerline/contract';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '@/ui/status-badge';
import { useFormatMoney } from '../../format';
import { STATUS_TONE, useFormatDay, useFormatMoment } from '../format';
import type { InvoiceBox } from '../keys';
import classes from './invoices.module.css';

export type InvoiceAction = 'pay' | 'reject' | 'cancel' | 'pdf';

/**
 * One invoice of a list (spec 2 §3 "Invoices"): who sent it (received) or who is to pay it
 * (sent), the note, the dates, the amount, the status in words, and what the customer may do now
 * (the server says: canPay, canReject, canCancel; the PDF always).
 */
export function InvoiceRow({
  invoice,
  box,
  onAction,
  pdfPending,
}: {
  invoice: Invoice;
  box: InvoiceBox;
  onAction: (action: InvoiceAction, invoice: Invoice) => void;
  pdfPending: boolean;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const day = useFormatDay();
  const moment = useFormatMoment();
  const name = box === 'received' ? invoice.payeeName : (invoice.payerName ?? invoice.payerEmail);
  const email = box === 'received' ? invoice.payeeEmail : invoice.payerEmail;
  const kind = t(invoice.kind === 'request' ? 'invoices.kind.request' : 'invoices.kind.invoice');
  const label = { number: invoice.number };
  return (
    <li className={classes.item} data-testid="invoice-row" data-number={invoice.number}>
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed">
          {box === 'received' ? t('invoices.row.from') : t('invoices.row.to')}
        </Text>
        <Text fw={600} truncate>
          {name}
        </Text>
        {name !== email && (
          <Text size="xs" c="dimmed" truncate>
            {email}
          </Text>
        )}
        {invoice.noteBody && (
          <Text size="sm" className={classes.note}>
            {invoice.noteBody}
          </Text>
        )}
        {invoice.status === 'rejected' && invoice.rejectNote && (
          <Text size="sm" c="red.9" className={classes.note}>
            {t('invoices.row.rejectNote', { note: invoice.rejectNote })}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {kind} · {invoice.number}
        </Text>
      </Stack>
      <dl className={classes.dates}>
        <div>
          <dt>{t('invoices.row.due')}</dt>
          <dd>{day(invoice.dueDate)}</dd>
        </div>
        <div>
          <dt>{t('invoices.row.sent')}</dt>
          <dd>{moment(invoice.sentDate)}</dd>
        </div>
        <div>
          <dt>{t('invoices.row.updated')}</dt>
          <dd>{moment(invoice.updatedDate)}</dd>
        </div>
      </dl>
      <div className={classes.side}>
        <span className={classes.amount} data-testid="invoice-amount">
          {money(invoice.amount, invoice.currencyCode)}
        </span>
        <StatusBadge tone={STATUS_TONE[invoice.status]}>
          <span data-testid="invoice-status">{t(`invoices.status.${invoice.status}`)}</span>
        </StatusBadge>
        <div className={classes.actions}>
          {invoice.canPay && (
            <Button
              size="xs"
              onClick={() => onAction('pay', invoice)}
              aria-label={t('invoices.actions.payNamed', label)}
            >
              {t('invoices.actions.pay')}
            </Button>
          )}
          {invoice.canReject && (
            <Button
              size="xs"
              variant="default"
              onClick={() => onAction('reject', invoice)}
              aria-label={t('invoices.actions.rejectNamed', label)}
            >
              {t('invoices.actions.reject')}
            </Button>
          )}
          {invoice.canCancel && (
            <Button
              size="xs"
              variant="default"
              onClick={() => onAction('cancel', invoice)}
              aria-label={t('invoices.actions.cancelNamed', label)}
            >
              {t('invoices.actions.cancel')}
            </Button>
          )}
          <Button
            size="xs"
            variant="subtle"
            onClick={() => onAction('pdf', invoice)}
            loading={pdfPending}
            aria-label={t('invoices.actions.pdfNamed', label)}
          >
            {t('invoices.actions.pdf')}
          </Button>
        </div>
      </div>
    </li>
  );
}
