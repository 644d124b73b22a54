import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import {
  calendarDaySchema,
  earliestDueDate,
  INVOICE_NOTE_MAX,
  positiveAmountSchema,
  type Invoice,
  type InvoiceKind,
} from '@ledgerline/contract';
import { hasValidMinorUnits } from '@ledgerline/domain/money';
import { normalizeAmountInput } from '@ledgerline/domain/transfers';
import { useMemo, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { isApiError } from '@/lib/api-error';
import { FormDateField } from '@/ui/date-field';
import { Dialog } from '@/ui/dialog';
import { describeApiError, fieldMessage } from '@/ui/field-message';
import { AlertIcon, ChevronDownIcon, InfoIcon } from '@/ui/icons';
import { useCreateInvoice, useRequestMoney } from '../api/invoices';

/**
 * The invoice form (spec 2 §7 "Invoices": noteBody, toEmail, amount, currency, dueDate): the
 * contract's own rules for each field (a due date not in the past, an amount no finer than its
 * currency), typed text normalised as the transfer forms do. The same form asks another customer
 * of the brand for money (kind 'request', flag "request money").
 */
const formSchema = z
  .object({
    toEmail: z
      .string()
      .trim()
      .min(1, 'validation.required')
      .max(254, 'validation.tooLong')
      .pipe(z.email('validation.email')),
    amount: z
      .string()
      .transform(normalizeAmountInput)
      .pipe(z.string().min(1, 'validation.required').pipe(positiveAmountSchema)),
    currency: z.string().min(1, 'validation.required'),
    dueDate: z
      .string()
      .min(1, 'validation.required')
      .pipe(calendarDaySchema)
      .refine((day) => day >= earliestDueDate(), 'validation.dateInPast'),
    noteBody: z.string().trim().max(INVOICE_NOTE_MAX, 'validation.tooLong'),
  })
  .superRefine((value, ctx) => {
    if (value.currency && !hasValidMinorUnits(value.amount, value.currency))
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'validation.amountMinorUnits' });
  });
type FormInput = z.input<typeof formSchema>;
type FormValues = z.output<typeof formSchema>;
const FIELDS: readonly FieldPath<FormInput>[] = [
  'toEmail',
  'amount',
  'currency',
  'dueDate',
  'noteBody',
];
/** The wire names the server's field messages use for the form's fields. */
const WIRE_FIELD: Record<string, FieldPath<FormInput>> = { email: 'toEmail', note: 'noteBody' };

export interface CreatedInvoice {
  invoice: Invoice;
  publicUrl: string;
}

export function CreateInvoiceDialog({
  kind,
  currencies,
  onClose,
  onCreated,
}: {
  /** null: closed. */
  kind: InvoiceKind | null;
  /** The currencies the customer can receive in (their payment accounts'). */
  currencies: readonly string[];
  onClose: () => void;
  onCreated: (created: CreatedInvoice) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      opened={kind !== null}
      onClose={onClose}
      title={t(kind === 'request' ? 'invoices.create.requestTitle' : 'invoices.create.title')}
      closeLabel={t('invoices.close')}
    >
      {kind !== null && (
        <CreateForm kind={kind} currencies={currencies} onClose={onClose} onCreated={onCreated} />
      )}
    </Dialog>
  );
}

function CreateForm({
  kind,
  currencies,
  onClose,
  onCreated,
}: {
  kind: InvoiceKind;
  currencies: readonly string[];
  onClose: () => void;
  onCreated: (created: CreatedInvoice) => void;
}) {
  const { t } = useTranslation();
  const createInvoice = useCreateInvoice();
  const requestMoney = useRequestMoney();
  const mutation = kind === 'request' ? requestMoney : createInvoice;
  const [failure, setFailure] = useState<unknown>(null);
  const resolver = useMemo(() => schemaResolver(formSchema), []);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      toEmail: '',
      amount: '',
      currency: currencies.length === 1 ? (currencies[0] ?? '') : '',
      dueDate: '',
      noteBody: '',
    },
  });

  // The server's field messages land on the fields; anything else shows above the buttons.
  const placeOnFields = (error: unknown): boolean => {
    if (!isApiError(error) || !error.validationErrors) return false;
    let placed = false;
    for (const [wire, message] of Object.entries(error.validationErrors)) {
      const field =
        WIRE_FIELD[wire] ?? (FIELDS.includes(wire as FieldPath<FormInput>) ? wire : null);
      if (field && message) {
        setError(field as FieldPath<FormInput>, { type: 'server', message });
        placed = true;
      }
    }
    return placed;
  };

  const onSubmit = handleSubmit((values) => {
    const common = {
      amount: values.amount,
      currency: values.currency,
      dueDate: values.dueDate,
      ...(values.noteBody ? { noteBody: values.noteBody } : {}),
    };
    setFailure(null);
    const done = {
      onSuccess: onCreated,
      onError: (error: unknown) => {
        if (!placeOnFields(error)) setFailure(error);
      },
    };
    if (kind === 'request')
      requestMoney.mutate({ ...common, email: values.toEmail.toLowerCase() }, done);
    else createInvoice.mutate({ ...common, toEmail: values.toEmail.toLowerCase() }, done);
  });

  const err = (field: FieldPath<FormInput>) => fieldMessage(t, errors[field]?.message);

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={mutation.isPending}>
      <fieldset
        disabled={mutation.isPending}
        style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t(kind === 'request' ? 'invoices.create.requestIntro' : 'invoices.create.intro')}
          </Text>
          {currencies.length === 0 && (
            <Alert color="blue" variant="light" icon={<InfoIcon />} role="status">
              {t('invoices.create.noAccount')}
            </Alert>
          )}
          <TextInput
            label={t(kind === 'request' ? 'invoices.create.fromEmail' : 'invoices.create.toEmail')}
            type="email"
            inputMode="email"
            autoComplete="off"
            error={err('toEmail')}
            data-autofocus
            {...register('toEmail')}
          />
          <Group grow align="flex-start" gap="sm">
            <TextInput
              label={t('invoices.create.amount')}
              inputMode="decimal"
              autoComplete="off"
              error={err('amount')}
              {...register('amount')}
            />
            <NativeSelect
              label={t('invoices.create.currency')}
              data={[
                { value: '', label: t('invoices.create.chooseCurrency') },
                ...currencies.map((code) => ({ value: code, label: code })),
              ]}
              error={err('currency')}
              rightSection={<ChevronDownIcon size={16} />}
              rightSectionPointerEvents="none"
              {...register('currency')}
            />
          </Group>
          <FormDateField
            control={control}
            name="dueDate"
            label={t('invoices.create.dueDate')}
            error={err('dueDate')}
          />
          <Textarea
            label={t('invoices.create.note')}
            description={t('invoices.create.noteHint', { max: INVOICE_NOTE_MAX })}
            rows={3}
            maxLength={INVOICE_NOTE_MAX}
            error={err('noteBody')}
            {...register('noteBody')}
          />
          {failure !== null && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
              {describeApiError(t, failure)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('invoices.create.back')}
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {t(kind === 'request' ? 'invoices.create.requestSubmit' : 'invoices.create.submit')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}
