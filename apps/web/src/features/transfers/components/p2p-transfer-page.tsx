import {
  Button,
  Group,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
  UnstyledButton,
} from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import { useDebouncedValue } from '@mantine/hooks';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { positiveAmountSchema, type MainRequest } from '@ledgerline/contract';
import { hasValidMinorUnits } from '@ledgerline/domain/money';
import { exceedsAmount, normalizeAmountInput, totalDebit } from '@ledgerline/domain/transfers';
import { isPlausibleEmail } from '@ledgerline/domain/validation';
import { useCallback, useMemo } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '@/lib/api-error';
import { describeApiError, fieldMessage } from '@/ui/field-message';
import { AlertIcon, CheckCircleIcon, PersonIcon } from '@/ui/icons';
import { LoadFailed } from '@/ui/load-failed';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useTransferAccounts } from '../api/accounts';
import { useCustomerLimits, useMaxAmount, useTransferFee } from '../api/lookups';
import {
  P2P_RECENT_LIMIT,
  useCheckPayee,
  useP2pBeneficiaries,
  useRecentTransfers,
} from '../api/payees';
import { useTransferP2PCall } from '../api/submit-transfer';
import { WithTransferAccounts } from './with-transfer-accounts';
import {
  TransferConfirmation,
  type ConfirmationOutcome,
  type ConfirmationSummary,
} from '../confirmation';
import { useMoneyMovingSubmit } from '../hooks/use-money-moving-submit';
import { TransferReview, type ReviewRow } from '../review/transfer-review';
import { lookupAmount, useAccountName, useFormatMoney } from '../format';
import { AccountSelect } from './account-select';
import { LimitsFacts } from './limits-facts';
import { TransferFacts, type FactRow } from './transfer-facts';
import classes from './transfers.module.css';

const DESCRIPTION_MAX = 140;

const p2pSchema = z.object({
  fromAccount: z.string().min(1, 'validation.required'),
  email: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(254, 'validation.tooLong')
    .pipe(z.email('validation.email')),
  amount: z
    .string()
    .transform(normalizeAmountInput)
    .pipe(z.string().min(1, 'validation.required').pipe(positiveAmountSchema)),
  description: z.string().trim().max(DESCRIPTION_MAX, 'validation.tooLong'),
});
type P2pInput = z.input<typeof p2pSchema>;
type P2pValues = z.output<typeof p2pSchema>;
const EMPTY: P2pInput = { fromAccount: '', email: '', amount: '', description: '' };
const FIELDS: readonly FieldPath<P2pInput>[] = ['fromAccount', 'email', 'amount', 'description'];
type P2pRequest = Omit<MainRequest<'transferP2P'>, 'idempotencyKey'>;

/** The e-mail to look up: only a plausible one (spec 2 §5: shorter than 6, no "@" or no "." is skipped) that is a real address. */
function lookupEmail(text: string): string | null {
  const email = text.trim().toLowerCase();
  if (email === '' || !isPlausibleEmail(email)) return null;
  return z.email().safeParse(email).success ? email : null;
}

/**
 * /transfer/p2p: money to another customer by e-mail (spec 2 §3, §5, §7 "P2P"): the e-mail is
 * checked once it looks like one, people paid before and the last transfers (3, disabled ones
 * hidden) fill the form in one click, and the fee needs an account and a positive amount.
 */
export function P2pTransferPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('transfers.p2p.pageTitle'));
  return (
    <WithTransferAccounts>
      <P2pForm />
    </WithTransferAccounts>
  );
}

function PayeeStatus({ email, typed }: { email: string | null; typed: string }) {
  const { t } = useTranslation();
  const payee = useCheckPayee(email);
  let content = null;
  if (email === null) {
    content =
      typed.trim() !== '' ? (
        <Text size="sm" c="dimmed">
          {t('transfers.p2p.payee.typeFull')}
        </Text>
      ) : null;
  } else if (payee.isFetching && !payee.data) {
    content = (
      <Group gap={6}>
        <Loader size={14} aria-hidden="true" />
        <Text size="sm" c="dimmed">
          {t('transfers.p2p.payee.checking')}
        </Text>
      </Group>
    );
  } else if (payee.isError) {
    content = (
      <Text size="sm" c="dimmed">
        {t('transfers.p2p.payee.failed')}
      </Text>
    );
  } else if (payee.data) {
    const { status, name, canReceive } = payee.data;
    if (status === 0) content = <Line tone="warn" text={t('transfers.p2p.payee.notFound')} />;
    else if (!canReceive)
      content = (
        <Line tone="warn" text={t('transfers.p2p.payee.cannotReceive', { name: name ?? email })} />
      );
    else
      content = (
        <Line
          tone="ok"
          text={t(status === 3 ? 'transfers.p2p.payee.employee' : 'transfers.p2p.payee.found', {
            name: name ?? email,
          })}
        />
      );
  }
  return (
    <div role="status" aria-live="polite" className={classes.live} data-testid="payee-status">
      {content}
    </div>
  );
}

function Line({ tone, text }: { tone: 'ok' | 'warn'; text: string }) {
  return (
    <Text
      size="sm"
      c={tone === 'ok' ? 'teal.9' : 'orange.9'}
      display="flex"
      style={{ alignItems: 'center', gap: 6 }}
    >
      {tone === 'ok' ? <CheckCircleIcon size={16} /> : <AlertIcon size={16} />}
      {text}
    </Text>
  );
}

function P2pForm() {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const accountName = useAccountName();
  const accounts = useTransferAccounts().data ?? [];
  const resolver = useMemo(() => schemaResolver(p2pSchema), []);
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors },
  } = useForm<P2pInput, unknown, P2pValues>({ resolver, mode: 'onTouched', defaultValues: EMPTY });

  // The server's field messages land on the fields (and the review gives way to them).
  const placeOnFields = useCallback(
    (error: unknown) => {
      if (!isApiError(error) || !error.validationErrors) return false;
      let placed = false;
      for (const field of FIELDS) {
        const message = error.validationErrors[field];
        if (message) {
          setError(field, { type: 'server', message });
          placed = true;
        }
      }
      return placed;
    },
    [setError],
  );
  const flow = useMoneyMovingSubmit<P2pRequest, ConfirmationSummary>({
    submit: useTransferP2PCall(),
    settlesBy: 'ledger',
    onFieldErrors: placeOnFields,
  });

  const [fromId = '', emailText = '', amountText = ''] = useWatch({
    control,
    name: ['fromAccount', 'email', 'amount'],
  });
  const from = accounts.find((account) => String(account.accountId) === fromId);
  const [settledEmail] = useDebouncedValue(emailText, 400);
  const [settledAmount] = useDebouncedValue(amountText, 350);
  const email = lookupEmail(settledEmail);
  const amount = lookupAmount(settledAmount);
  const payee = useCheckPayee(email);

  // Spec 2 §5: the P2P fee needs the account and a positive amount; the maximum and limits the account.
  const fee = useTransferFee(
    from && amount ? { operation: 'p2p', fromAccount: from.accountId, amount } : null,
  );
  const max = useMaxAmount(from ? { operation: 'p2p', fromAccount: from.accountId } : null);
  const limits = useCustomerLimits(from ? { fromAccount: from.accountId } : null);
  // Amounts arrive as numbers (the client's number coercion, spec 1 §5): back to decimal text for exact sums.
  const feeValue = fee.data && !fee.isPlaceholderData ? String(fee.data.fee) : undefined;
  const payeeName = payee.data?.status !== 0 && payee.data?.name ? payee.data.name : null;

  const rows: FactRow[] = [
    { id: 'payee', label: t('transfers.facts.payee'), value: email ? (payeeName ?? email) : null },
    {
      id: 'send',
      label: t('transfers.facts.toSend'),
      value: amount && from ? money(amount, from.currencyCode) : null,
    },
    {
      id: 'fee',
      label: t('transfers.facts.fee'),
      value:
        from && amount
          ? feeValue !== undefined
            ? money(feeValue, from.currencyCode)
            : fee.isError
              ? '—'
              : undefined
          : null,
    },
    {
      id: 'total',
      label: t('transfers.facts.total'),
      value:
        from && amount
          ? feeValue !== undefined
            ? money(totalDebit(amount, feeValue), from.currencyCode)
            : fee.isError
              ? '—'
              : undefined
          : null,
      total: true,
    },
    {
      id: 'max',
      label: t('transfers.facts.max'),
      value: from
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
    if (!from) return;
    if (!hasValidMinorUnits(values.amount, from.currencyCode)) {
      setError(
        'amount',
        { type: 'minorUnits', message: 'validation.amountMinorUnits' },
        { shouldFocus: true },
      );
      return;
    }
    if (max.data && exceedsAmount(values.amount, String(max.data.maxAmount))) {
      setError(
        'amount',
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
    const request: P2pRequest = {
      fromAccount: from.accountId,
      email: values.email.toLowerCase(),
      amount: values.amount,
      ...(values.description ? { description: values.description } : {}),
    };
    flow.openReview(request, {
      amount: money(values.amount, from.currencyCode),
      payee: payeeName ? `${payeeName} (${request.email})` : request.email,
    });
  });

  const onConfirmationClosed = (outcome: ConfirmationOutcome) => {
    flow.finish(outcome);
    if (outcome === 'settled' || outcome === 'approvalCreated')
      reset({ ...EMPTY, fromAccount: fromId });
  };

  const reviewed = flow.review;
  // The figures the review shows are the lookups' for the reviewed amount (the form is frozen under it).
  const quoted = reviewed !== null && amount === reviewed.request.amount;
  const figure = (id: string) => {
    const value = rows.find((row) => row.id === id)?.value;
    // A figure the screen could not look up reads '—' beside the form: in the review it stops the confirm.
    return quoted ? (value === '—' ? null : (value ?? undefined)) : undefined;
  };
  const reviewRows: ReviewRow[] =
    reviewed && from
      ? [
          { id: 'from', label: t('transfers.form.fromAccount'), value: accountName(from) },
          {
            id: 'payee',
            label: t('transfers.facts.payee'),
            value: payeeName ?? reviewed.request.email,
            ...(payeeName ? { note: reviewed.request.email } : {}),
          },
          { id: 'fee', label: t('transfers.facts.fee'), value: figure('fee') },
          {
            id: 'receive',
            label: t('transfers.review.theyReceive'),
            value: reviewed.details.amount,
          },
          {
            id: 'when',
            label: t('transfers.review.when'),
            value: t('transfers.review.arrival.now'),
          },
          ...(reviewed.request.description
            ? [
                {
                  id: 'message',
                  label: t('transfers.review.message'),
                  value: reviewed.request.description,
                },
              ]
            : []),
          { id: 'total', label: t('transfers.facts.total'), value: figure('total'), total: true },
        ]
      : [];

  const fill = (values: Partial<P2pInput>) => {
    for (const [field, value] of Object.entries(values))
      setValue(field as FieldPath<P2pInput>, value, { shouldValidate: true, shouldDirty: true });
  };

  const err = (field: FieldPath<P2pInput>) => fieldMessage(t, errors[field]?.message);

  return (
    <Stack gap="lg">
      <div className={classes.columns}>
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <form onSubmit={onSubmit} noValidate aria-busy={flow.isPending}>
            <fieldset disabled={flow.isPending} className={classes.fieldset}>
              <Stack gap="md">
                <Title order={2} fz="lg">
                  {t('transfers.p2p.formTitle')}
                </Title>
                <AccountSelect
                  label={t('transfers.form.fromAccount')}
                  accounts={accounts}
                  error={err('fromAccount')}
                  value={fromId}
                  field={register('fromAccount')}
                />
                <Stack gap={6}>
                  <TextInput
                    label={t('transfers.p2p.email')}
                    type="email"
                    autoComplete="off"
                    inputMode="email"
                    size="md"
                    error={err('email')}
                    {...register('email')}
                  />
                  <PayeeStatus email={email} typed={emailText} />
                </Stack>
                <TextInput
                  label={t('transfers.p2p.amount')}
                  inputMode="decimal"
                  autoComplete="off"
                  size="md"
                  rightSection={
                    from ? (
                      <Text size="sm" c="dimmed">
                        {from.currencyCode}
                      </Text>
                    ) : undefined
                  }
                  rightSectionWidth={56}
                  error={err('amount')}
                  {...register('amount')}
                />
                <Textarea
                  label={t('transfers.p2p.description')}
                  description={t('transfers.p2p.descriptionHint', { max: DESCRIPTION_MAX })}
                  rows={2}
                  maxLength={DESCRIPTION_MAX}
                  error={err('description')}
                  {...register('description')}
                />
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
          {from && <LimitsFacts limits={limits} />}
        </Stack>
      </div>
      <Beneficiaries onPick={(picked) => fill({ email: picked })} />
      <RecentP2p onRepeat={(values) => fill(values)} />
      <TransferReview
        opened={reviewed !== null}
        amountLabel={t('transfers.review.youSend')}
        amount={reviewed?.details.amount ?? ''}
        payee={reviewed ? (payeeName ?? reviewed.request.email) : ''}
        rows={reviewRows}
        actionLabel={t('transfers.review.actionSend', { amount: reviewed?.details.amount ?? '' })}
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
    </Stack>
  );
}

/** People paid before: one click puts the e-mail in the form. */
function Beneficiaries({ onPick }: { onPick: (email: string) => void }) {
  const { t } = useTranslation();
  const list = useP2pBeneficiaries();
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      component="section"
      aria-labelledby="beneficiaries-title"
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id="beneficiaries-title">
          {t('transfers.p2p.beneficiaries')}
        </Title>
        {list.isPending && <Skeleton height={40} radius="md" />}
        {list.isError && (
          <LoadFailed
            title={t('transfers.p2p.beneficiariesFailed')}
            error={list.error}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        )}
        {list.isSuccess && list.data.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('transfers.p2p.noBeneficiaries')}
          </Text>
        )}
        {list.isSuccess && list.data.length > 0 && (
          <ul className={classes.list}>
            {list.data.slice(0, 8).map((item) => (
              <li key={item.email}>
                <UnstyledButton
                  onClick={() => onPick(item.email)}
                  py="sm"
                  w="100%"
                  aria-label={t('transfers.p2p.payTo', { name: item.name || item.email })}
                >
                  <Group gap="sm" wrap="nowrap">
                    <PersonIcon size={20} />
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600} truncate>
                        {item.name || item.email}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {item.email}
                      </Text>
                    </Stack>
                  </Group>
                </UnstyledButton>
              </li>
            ))}
          </ul>
        )}
      </Stack>
    </Paper>
  );
}

/** The last P2P transfers (3, disabled ones hidden): "repeat" fills the form with the same details. */
function RecentP2p({ onRepeat }: { onRepeat: (values: Partial<P2pInput>) => void }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const recent = useRecentTransfers({ type: 'p2p', limit: P2P_RECENT_LIMIT });
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      component="section"
      aria-labelledby="recent-p2p-title"
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id="recent-p2p-title">
          {t('transfers.p2p.recent')}
        </Title>
        {recent.isPending && <Skeleton height={40} radius="md" />}
        {recent.isError && (
          <LoadFailed
            title={t('transfers.p2p.recentFailed')}
            error={recent.error}
            onRetry={() => void recent.refetch()}
            retrying={recent.isFetching}
          />
        )}
        {recent.isSuccess && recent.data.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('transfers.p2p.noRecent')}
          </Text>
        )}
        {recent.isSuccess && recent.data.length > 0 && (
          <ul className={classes.list} data-testid="recent-p2p">
            {recent.data.map((item) => (
              <li key={item.transactionId}>
                <Group justify="space-between" py="sm" gap="sm" wrap="nowrap">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} truncate>
                      {item.details.name || item.details.email}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {item.details.email}
                    </Text>
                  </Stack>
                  <Group gap="sm" wrap="nowrap">
                    <Text size="sm" className={classes.amount}>
                      {money(item.amount, item.currency)}
                    </Text>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() =>
                        onRepeat({
                          fromAccount: String(item.details.fromAccount),
                          email: item.details.email ?? '',
                          amount: String(item.amount),
                          description: item.details.description ?? '',
                        })
                      }
                      aria-label={t('transfers.p2p.repeatNamed', {
                        name: item.details.name || item.details.email || '',
                        amount: money(item.amount, item.currency),
                      })}
                    >
                      {t('transfers.p2p.repeat')}
                    </Button>
                  </Group>
                </Group>
              </li>
            ))}
          </ul>
        )}
      </Stack>
    </Paper>
  );
}
