import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { INVOICE_NOTE_MAX, type Invoice } from '@ledgerline/contract';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { Dialog } from '@/ui/dialog';
import { describeApiError, fieldMessage } from '@/ui/field-message';
import { AlertIcon } from '@/ui/icons';
import { useFormatMoney } from '../../format';
import { useCancelInvoice, useRejectInvoice } from '../api/invoices';

/** The payer's reason: required, as the contract's rejectInvoice asks (the sender reads it). */
const rejectSchema = z.object({
  note: z.string().trim().min(1, 'validation.required').max(INVOICE_NOTE_MAX, 'validation.tooLong'),
});
type RejectInput = z.input<typeof rejectSchema>;
type RejectValues = z.output<typeof rejectSchema>;

/** Rejecting a received invoice with a note the sender sees (spec 2 §7 "reject (invoiceId, note)"). */
export function RejectInvoiceDialog({
  invoice,
  onClose,
  onDone,
}: {
  invoice: Invoice | null;
  onClose: () => void;
  onDone: (invoice: Invoice) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      opened={invoice !== null}
      onClose={onClose}
      title={t('invoices.reject.title', { number: invoice?.number ?? '' })}
      closeLabel={t('invoices.close')}
    >
      {invoice && <RejectForm invoice={invoice} onClose={onClose} onDone={onDone} />}
    </Dialog>
  );
}

function RejectForm({
  invoice,
  onClose,
  onDone,
}: {
  invoice: Invoice;
  onClose: () => void;
  onDone: (invoice: Invoice) => void;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const reject = useRejectInvoice();
  const resolver = useMemo(() => schemaResolver(rejectSchema), []);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RejectInput, unknown, RejectValues>({ resolver, defaultValues: { note: '' } });
  const onSubmit = handleSubmit(({ note }) =>
    reject.mutate(
      { invoiceId: invoice.id, note },
      { onSuccess: (answer) => onDone(answer.invoice) },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={reject.isPending}>
      <Stack gap="md">
        <Text size="sm">
          {t('invoices.reject.text', {
            name: invoice.payeeName,
            amount: money(invoice.amount, invoice.currencyCode),
          })}
        </Text>
        <Textarea
          label={t('invoices.reject.note')}
          description={t('invoices.reject.noteHint')}
          rows={3}
          maxLength={INVOICE_NOTE_MAX}
          error={fieldMessage(t, errors.note?.message)}
          disabled={reject.isPending}
          data-autofocus
          {...register('note')}
        />
        {reject.error !== null && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
            {describeApiError(t, reject.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={reject.isPending}>
            {t('invoices.reject.back')}
          </Button>
          <Button type="submit" color="red.8" loading={reject.isPending}>
            {t('invoices.reject.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Withdrawing a sent invoice nobody has paid yet. */
export function CancelInvoiceDialog({
  invoice,
  onClose,
  onDone,
}: {
  invoice: Invoice | null;
  onClose: () => void;
  onDone: (invoice: Invoice) => void;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const cancel = useCancelInvoice();
  return (
    <Dialog
      opened={invoice !== null}
      onClose={() => {
        if (!cancel.isPending) onClose();
      }}
      title={t('invoices.cancel.title', { number: invoice?.number ?? '' })}
      closeLabel={t('invoices.close')}
      size="sm"
    >
      {invoice && (
        <Stack gap="md">
          <Text size="sm">
            {t('invoices.cancel.text', {
              name: invoice.payerName ?? invoice.payerEmail,
              amount: money(invoice.amount, invoice.currencyCode),
            })}
          </Text>
          {cancel.error !== null && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
              {describeApiError(t, cancel.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={cancel.isPending} data-autofocus>
              {t('invoices.cancel.keep')}
            </Button>
            <Button
              color="red.8"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(invoice.id, {
                  onSuccess: (answer) => {
                    cancel.reset();
                    onDone(answer.invoice);
                  },
                })
              }
            >
              {t('invoices.cancel.submit')}
            </Button>
          </Group>
        </Stack>
      )}
    </Dialog>
  );
}
