import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Switch.css';
import { useDebouncedValue } from '@mantine/hooks';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import {
  positiveAmountSchema,
  SUBSCRIPTION_FREQUENCIES,
  type MainRequest,
} from '@ledgerline/contract';
import { hasValidMinorUnits } from '@ledgerline/domain/money';
import {
  exceedsAmount,
  normalizeAmountInput,
  sourceAmountFor,
  totalDebit,
} from '@ledgerline/domain/transfers';
import { useCallback, useMemo } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '@/lib/api-error';
import { FormDateField } from '@/ui/date-field';
import { describeApiError, fieldMessage } from '@/ui/field-message';
import { ChevronDownIcon } from '@/ui/icons';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useTransferAccounts } from '../api/accounts';
import { useCustomerLimits, useExchangeRate, useMaxAmount, useTransferFee } from '../api/lookups';
import { useTransferBetweenAccountsCall } from '../api/submit-transfer';
import { WithTransferAccounts } from './with-transfer-accounts';
import {
  TransferConfirmation,
  type ConfirmationOutcome,
  type ConfirmationSummary,
} from '../confirmation';
import { useMoneyMovingSubmit } from '../hooks/use-money-moving-submit';
import { TransferReview, type ReviewRow } from '../review/transfer-review';
import { lookupAmount, useAccountName, useFormatMoney, useFormatRate } from '../format';
import { AccountSelect } from './account-select';
import { LimitsFacts } from './limits-facts';
import { RecurringList } from './recurring-list';
import { TransferFacts, type FactRow } from './transfer-facts';
import classes from './transfers.module.css';

const MAX_REPEATS = 1000;

const ownTransferSchema = z
  .object({
    fromAccount: z.string().min(1, 'validation.required'),
    toAccount: z.string().min(1, 'validation.required'),
    toAmount: z
      .string()
      .transform(normalizeAmountInput)
      .pipe(z.string().min(1, 'validation.required').pipe(positiveAmountSchema)),
    repeat: z.boolean(),
    subscriptionFrequency: z.union([z.literal(''), z.enum(SUBSCRIPTION_FREQUENCIES)]),
    subscriptionEndDate: z.string(),
    subscriptionTransactions: z.string().trim(),
    subscriptionUserCancel: z.boolean(),
  })
  .superRefine((value, ctx) => {
    if (value.fromAccount !== '' && value.fromAccount === value.toAccount)
      ctx.addIssue({ code: 'custom', path: ['toAccount'], message: 'validation.sameAccount' });
    if (!value.repeat) return;
    if (value.subscriptionFrequency === '')
      ctx.addIssue({
        code: 'custom',
        path: ['subscriptionFrequency'],
        message: 'validation.required',
      });
    const count = value.subscriptionTransactions;
    if (
      count !== '' &&
      (!/^\d{1,4}$/.test(count) || Number(count) < 1 || Number(count) > MAX_REPEATS)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['subscriptionTransactions'],
        message: 'validation.repeatCount',
      });
    }
    if (
      value.subscriptionEndDate !== '' &&
      !/^\d{4}-\d{2}-\d{2}$/.test(value.subscriptionEndDate)
    ) {
      ctx.addIssue({ code: 'custom', path: ['subscriptionEndDate'], message: 'validation.date' });
    }
  });
type OwnTransferInput = z.input<typeof ownTransferSchema>;
type OwnTransferValues = z.output<typeof ownTransferSchema>;

const EMPTY: OwnTransferInput = {
  fromAccount: '',
  toAccount: '',
  toAmount: '',
  repeat: false,
  subscriptionFrequency: '',
  subscriptionEndDate: '',
  subscriptionTransactions: '',
  subscriptionUserCancel: true,
};
const SERVER_FIELDS: readonly FieldPath<OwnTransferInput>[] = [
  'fromAccount',
  'toAccount',
  'toAmount',
  'subscriptionFrequency',
  'subscriptionEndDate',
  'subscriptionTransactions',
];
/** The server names the amount field of this call toAmount and the currency field currency (the target's). */
const SERVER_FIELD_ALIASES: Record<string, FieldPath<OwnTransferInput>> = {
  currency: 'toAccount',
  amount: 'toAmount',
};

type OwnTransferRequest = Omit<MainRequest<'transferBetweenAccounts'>, 'idempotencyKey'>;

/** The request the form's values make (without the idempotency key). */
function toRequest(values: OwnTransferValues, currency: string): OwnTransferRequest {
  return {
    fromAccount: Number(values.fromAccount),
    toAccount: Number(values.toAccount),
    toAmount: values.toAmount,
    currency,
    ...(values.repeat && values.subscriptionFrequency !== ''
      ? {
          subscriptionFrequency: values.subscriptionFrequency,
          subscriptionUserCancel: values.subscriptionUserCancel,
          ...(values.subscriptionEndDate
            ? { subscriptionEndDate: values.subscriptionEndDate }
            : {}),
          ...(values.subscriptionTransactions
            ? { subscriptionTransactions: Number(values.subscriptionTransactions) }
            : {}),
        }
      : {}),
  };
}

/**
 * /transfer/account: money between the customer's own accounts (spec 2 §3 "Transfer between own
 * accounts"), optionally repeating on a schedule the server runs. The amount is what arrives, in
 * the target account's currency; the fee, rate, maximum and limits are looked up only once their
 * inputs are there (spec 2 §5).
 */
export function OwnTransferPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('transfers.own.pageTitle'));
  const accounts = useTransferAccounts().data ?? [];
  return (
    <WithTransferAccounts>
      <Stack gap="lg">
        {accounts.length < 2 ? (
          <Paper withBorder radius="lg" p="xl">
            <Stack gap="xs">
              <Title order={2} fz="lg">
                {t('transfers.own.needTwoTitle')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('transfers.own.needTwoText')}
              </Text>
            </Stack>
          </Paper>
        ) : (
          <OwnTransferForm />
        )}
        <RecurringList />
      </Stack>
    </WithTransferAccounts>
  );
}

function OwnTransferForm() {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const formatRate = useFormatRate();
  const accountName = useAccountName();
  const accounts = useTransferAccounts().data ?? [];
  const resolver = useMemo(() => schemaResolver(ownTransferSchema), []);
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<OwnTransferInput, unknown, OwnTransferValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: EMPTY,
  });

  // The server's field messages land on the fields (and the review gives way to them).
  const placeOnFields = useCallback(
    (error: unknown) => {
      if (!isApiError(error) || !error.validationErrors) return false;
      let placed = false;
      for (const [field, message] of Object.entries(error.validationErrors)) {
        const target =
          SERVER_FIELD_ALIASES[field] ??
          (SERVER_FIELDS as readonly string[]).find((name) => name === field);
        if (target) {
          setError(target as FieldPath<OwnTransferInput>, { type: 'server', message });
          placed = true;
        }
      }
      return placed;
    },
    [setError],
  );
  const flow = useMoneyMovingSubmit<OwnTransferRequest, ConfirmationSummary>({
    submit: useTransferBetweenAccountsCall(),
    settlesBy: 'ledger',
    onFieldErrors: placeOnFields,
  });

  const [fromId = '', toId = '', amountText = '', repeat = false] = useWatch({
    control,
    name: ['fromAccount', 'toAccount', 'toAmount', 'repeat'],
  });
  const from = accounts.find((account) => String(account.accountId) === fromId);
  const to = accounts.find((account) => String(account.accountId) === toId);
  const pair =
    from && to && from.accountId !== to.accountId
      ? { fromAccount: from.accountId, toAccount: to.accountId }
      : null;
  const [settledAmount] = useDebouncedValue(amountText, 350);
  const amount = lookupAmount(settledAmount);

  // Spec 2 §5: the fee needs amount, source and target; the maximum and the limits both accounts; the rate two currencies.
  const fee = useTransferFee(
    pair && amount ? { operation: 'betweenAccounts', ...pair, amount } : null,
  );
  const max = useMaxAmount(pair ? { operation: 'betweenAccounts', ...pair } : null);
  const limits = useCustomerLimits(pair);
  const rate = useExchangeRate(from?.currencyCode, to?.currencyCode);
  // Amounts and rates arrive as numbers (the client's number coercion, spec 1 §5): back to decimal text for exact sums.
  const rateValue =
    from && to
      ? from.currencyCode === to.currencyCode
        ? '1'
        : rate.data
          ? formatRate(String(rate.data.rate))
          : undefined
      : undefined;

  const exactRate =
    from && to
      ? from.currencyCode === to.currencyCode
        ? '1'
        : rate.data
          ? String(rate.data.rate)
          : undefined
      : undefined;
  const source =
    from && to && amount && exactRate
      ? sourceAmountFor(amount, exactRate, from.currencyCode, to.currencyCode)
      : null;
  const feeValue = fee.data && !fee.isPlaceholderData ? String(fee.data.fee) : undefined;
  const rows: FactRow[] = [
    {
      id: 'receive',
      label: t('transfers.facts.toReceive'),
      value: amount && to ? money(amount, to.currencyCode) : null,
    },
    ...(from && to && from.currencyCode !== to.currencyCode
      ? [
          {
            id: 'rate',
            label: t('transfers.facts.rate'),
            value: rateValue
              ? t('transfers.facts.rateValue', {
                  from: from.currencyCode,
                  to: to.currencyCode,
                  rate: rateValue,
                })
              : undefined,
          },
        ]
      : []),
    {
      id: 'debit',
      label: t('transfers.facts.debit'),
      value: source && from ? money(source, from.currencyCode) : null,
    },
    {
      id: 'fee',
      label: t('transfers.facts.fee'),
      value:
        pair && amount
          ? feeValue !== undefined
            ? money(feeValue, fee.data?.currency ?? '')
            : fee.isError
              ? '—'
              : undefined
          : null,
    },
    {
      id: 'total',
      label: t('transfers.facts.total'),
      value:
        source && from
          ? feeValue !== undefined
            ? money(totalDebit(source, feeValue), from.currencyCode)
            : fee.isError
              ? '—'
              : undefined
          : null,
      total: true,
    },
    {
      id: 'max',
      label: t('transfers.facts.max'),
      value: pair
        ? max.data
          ? money(String(max.data.maxAmount), max.data.currency)
          : max.isError
            ? '—'
            : undefined
        : null,
      ...(max.data ? { note: t(`transfers.facts.maxBy.${max.data.type}`) } : {}),
    },
  ];

  const onSubmit = handleSubmit((values) => {
    if (!from || !to) return;
    if (!hasValidMinorUnits(values.toAmount, to.currencyCode)) {
      setError(
        'toAmount',
        { type: 'minorUnits', message: 'validation.amountMinorUnits' },
        { shouldFocus: true },
      );
      return;
    }
    if (max.data && exceedsAmount(values.toAmount, String(max.data.maxAmount))) {
      setError(
        'toAmount',
        {
          type: 'max',
          message: t('transfers.form.aboveMax', {
            max: money(String(max.data.maxAmount), max.data.currency),
          }),
        },
        { shouldFocus: true },
      );
      return;
    }
    flow.openReview(toRequest(values, to.currencyCode), {
      amount: money(values.toAmount, to.currencyCode),
      payee: accountName(to),
    });
  });

  const onConfirmationClosed = (outcome: ConfirmationOutcome) => {
    flow.finish(outcome);
    if (outcome === 'settled' || outcome === 'approvalCreated')
      reset({ ...EMPTY, fromAccount: fromId, toAccount: toId });
  };

  const err = (field: FieldPath<OwnTransferInput>) => fieldMessage(t, errors[field]?.message);
  const reviewed = flow.review;
  // The figures the review shows are the lookups' for the reviewed amount (the form is frozen under it).
  const quoted = reviewed !== null && amount === reviewed.request.toAmount;
  // A figure the screen could not look up reads '—' beside the form: in the review it stops the confirm.
  const figure = (value: string | null | undefined) =>
    quoted ? (value === '—' ? null : (value ?? undefined)) : undefined;
  const byId = (id: string) => rows.find((row) => row.id === id)?.value;
  const frequency = reviewed?.request.subscriptionFrequency;
  const reviewRows: ReviewRow[] =
    reviewed && from && to
      ? [
          { id: 'from', label: t('transfers.form.fromAccount'), value: accountName(from) },
          { id: 'to', label: t('transfers.form.toAccount'), value: accountName(to) },
          ...(from.currencyCode !== to.currencyCode
            ? [
                { id: 'rate', label: t('transfers.facts.rate'), value: figure(byId('rate')) },
                { id: 'debit', label: t('transfers.facts.debit'), value: figure(byId('debit')) },
              ]
            : []),
          { id: 'fee', label: t('transfers.facts.fee'), value: figure(byId('fee')) },
          {
            id: 'when',
            label: t('transfers.review.when'),
            value: t('transfers.review.arrival.now'),
          },
          ...(frequency
            ? [
                {
                  id: 'repeat',
                  label: t('transfers.review.repeats'),
                  value: t(`transfers.recurring.every.${frequency}`),
                },
              ]
            : []),
          {
            id: 'total',
            label: t('transfers.facts.total'),
            value: figure(byId('total')),
            total: true,
          },
        ]
      : [];

  return (
    <div className={classes.columns}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <form onSubmit={onSubmit} noValidate aria-busy={flow.isPending}>
          <fieldset disabled={flow.isPending} className={classes.fieldset}>
            <Stack gap="md">
              <Title order={2} fz="lg">
                {t('transfers.own.formTitle')}
              </Title>
              <AccountSelect
                label={t('transfers.form.fromAccount')}
                accounts={accounts}
                error={err('fromAccount')}
                disabledId={toId}
                value={fromId}
                field={register('fromAccount')}
              />
              <AccountSelect
                label={t('transfers.form.toAccount')}
                accounts={accounts}
                error={err('toAccount')}
                disabledId={fromId}
                value={toId}
                field={register('toAccount')}
              />
              <TextInput
                label={t('transfers.own.amount')}
                description={
                  to ? t('transfers.own.amountHint', { currency: to.currencyCode }) : undefined
                }
                inputMode="decimal"
                autoComplete="off"
                size="md"
                rightSection={
                  to ? (
                    <Text size="sm" c="dimmed">
                      {to.currencyCode}
                    </Text>
                  ) : undefined
                }
                rightSectionWidth={56}
                error={err('toAmount')}
                {...register('toAmount')}
              />
              <Controller
                control={control}
                name="repeat"
                render={({ field }) => (
                  <Switch
                    label={t('transfers.recurring.repeat')}
                    name={field.name}
                    checked={field.value}
                    onChange={(event) => field.onChange(event.currentTarget.checked)}
                    onBlur={field.onBlur}
                    ref={field.ref}
                  />
                )}
              />
              {repeat && (
                <fieldset className={classes.fieldset}>
                  <legend className={classes.legend}>{t('transfers.recurring.schedule')}</legend>
                  <Stack gap="sm">
                    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                      <NativeSelect
                        label={t('transfers.recurring.frequency')}
                        data={[
                          { value: '', label: t('transfers.recurring.chooseFrequency') },
                          ...SUBSCRIPTION_FREQUENCIES.map((value) => ({
                            value,
                            label: t(`transfers.recurring.every.${value}`),
                          })),
                        ]}
                        rightSection={<ChevronDownIcon size={16} />}
                        rightSectionPointerEvents="none"
                        error={err('subscriptionFrequency')}
                        {...register('subscriptionFrequency')}
                      />
                      <FormDateField
                        control={control}
                        name="subscriptionEndDate"
                        label={t('transfers.recurring.endDate')}
                        error={err('subscriptionEndDate')}
                      />
                      <TextInput
                        label={t('transfers.recurring.count')}
                        inputMode="numeric"
                        error={err('subscriptionTransactions')}
                        {...register('subscriptionTransactions')}
                      />
                    </SimpleGrid>
                    <Controller
                      control={control}
                      name="subscriptionUserCancel"
                      render={({ field }) => (
                        <Checkbox
                          label={t('transfers.recurring.userCancel')}
                          name={field.name}
                          checked={field.value}
                          onChange={(event) => field.onChange(event.currentTarget.checked)}
                          onBlur={field.onBlur}
                          ref={field.ref}
                        />
                      )}
                    />
                  </Stack>
                </fieldset>
              )}
              <Group justify="flex-end">
                <Button type="submit" size="md">
                  {t('transfers.review.open')}
                </Button>
              </Group>
            </Stack>
          </fieldset>
        </form>
      </Paper>
      <Stack gap="lg">
        <TransferFacts title={t('transfers.facts.title')} rows={rows} />
        {pair && <LimitsFacts limits={limits} />}
      </Stack>
      <TransferReview
        opened={reviewed !== null}
        amountLabel={t('transfers.review.toArrive')}
        amount={reviewed?.details.amount ?? ''}
        payee={reviewed?.details.payee ?? ''}
        rows={reviewRows}
        actionLabel={t('transfers.review.actionOwn', { amount: reviewed?.details.amount ?? '' })}
        isPending={flow.isPending}
        errorText={flow.error ? describeApiError(t, flow.error) : null}
        onBack={flow.backToForm}
        onConfirm={flow.confirm}
      />
      <TransferConfirmation
        result={flow.result}
        summary={flow.sent ?? { amount: '', payee: '' }}
        settledState={flow.settledState}
        onClose={onConfirmationClosed}
      />
    </div>
  );
}
