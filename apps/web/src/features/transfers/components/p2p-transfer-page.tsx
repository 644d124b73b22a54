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
import { exceedsAmount, normalizeAmountInput, totalDebit } from '@ledgerline/domain/transfers';
import { isPlausibleEmail } from '@ledgerline/domain/validation';
import { useMemo, useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '@/lib/api-error';
import { ErrorPopup } from '@/ui/error-popup';
import { fieldMessage } from '@/ui/field-message';
import { AlertIcon, CheckCircleIcon, PersonIcon } from '@/ui/icons';
import { LoadFailed } from '@/ui/load-failed';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useTransferAccounts } from '../api/accounts';
import { useCustomerLimits, useMaxAmount, useTransferFee } from '../api/lookups';
import { useCheckPayee, useP2pBeneficiaries, useRecentTransfers } from '../api/payees';
import { useTransferP2P } from '../api/submit-transfer';
import { WithTransferAccounts } from './with-transfer-accounts';
import { TransferConfirmation, useIdempotencyKey, type ConfirmationOutcome } from '../confirmation';
import { lookupAmount, useFormatMoney } from '../format';
import { AccountSelect } from './account-select';
import { LimitsFacts } from './limits-facts';
import { TransferFacts, type FactRow } from './transfer-facts';
import classes from './transfers.module.css';

/** P2P recent transfers shown (spec 2 §7: limit 3, disabled ones hidden). */
export const P2P_RECENT_LIMIT = 3;
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
  const accounts = useTransferAccounts().data ?? [];
  const transfer = useTransferP2P();
  const keys = useIdempotencyKey();
  const [summary, setSummary] = useState({ amount: '', payee: '' });
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
    const request: Omit<MainRequest<'transferP2P'>, 'idempotencyKey'> = {
      fromAccount: from.accountId,
      email: values.email.toLowerCase(),
      amount: values.amount,
      ...(values.description ? { description: values.description } : {}),
    };
    setSummary({
      amount: money(values.amount, from.currencyCode),
      payee: payeeName ? `${payeeName} (${request.email})` : request.email,
    });
    transfer.mutate(
      { ...request, idempotencyKey: keys.keyFor(request) },
      {
        onError: (error) => {
          if (!isApiError(error) || !error.validationErrors) return;
          for (const field of FIELDS) {
            const message = error.validationErrors[field];
            if (message) setError(field, { type: 'server', message });
          }
        },
      },
    );
  });

  const onConfirmationClosed = (outcome: ConfirmationOutcome) => {
    if (outcome === 'settled' || outcome === 'approvalCreated') {
      keys.renew();
      reset({ ...EMPTY, fromAccount: fromId });
    }
    transfer.reset();
  };

  const fill = (values: Partial<P2pInput>) => {
    for (const [field, value] of Object.entries(values))
      setValue(field as FieldPath<P2pInput>, value, { shouldValidate: true, shouldDirty: true });
  };

  const err = (field: FieldPath<P2pInput>) => fieldMessage(t, errors[field]?.message);
  const failure = transfer.error;
  const onFields =
    isApiError(failure) &&
    !!failure.validationErrors &&
    FIELDS.some((field) => isApiError(failure) && failure.validationErrors?.[field]);

  return (
    <Stack gap="lg">
      <div className={classes.columns}>
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <form onSubmit={onSubmit} noValidate aria-busy={transfer.isPending}>
            <fieldset disabled={transfer.isPending} className={classes.fieldset}>
              <Stack gap="md">
                <Title order={2} fz="lg">
                  {t('transfers.p2p.formTitle')}
                </Title>
                <AccountSelect
                  label={t('transfers.form.fromAccount')}
                  accounts={accounts}
                  error={err('fromAccount')}
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
                  <Button type="submit" size="md" loading={transfer.isPending}>
                    {t('transfers.p2p.submit')}
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
      <TransferConfirmation
        result={transfer.data ?? null}
        summary={summary}
        onClose={onConfirmationClosed}
      />
      <ErrorPopup error={failure && !onFields ? failure : null} onClose={() => transfer.reset()} />
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
