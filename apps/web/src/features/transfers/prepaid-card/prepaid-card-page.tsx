import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { positiveAmountSchema, type Account, type PrepaidDirection } from '@ledgerline/contract';
import { mayMovePrepaidMoney } from '@ledgerline/domain/cards';
import { ACCOUNT_STATUS, ACCOUNT_TYPES } from '@ledgerline/domain/accounts';
import { hasValidMinorUnits } from '@ledgerline/domain/money';
import { normalizeAmountInput } from '@ledgerline/domain/transfers';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import {
  accessInfoQueryOptions,
  useApiClient,
  useRealtimeEvent,
  useSessionState,
} from '@/app/session';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { isApiError } from '@/lib/api-error';
import { describeApiError, fieldMessage } from '@/ui/field-message';
import { CheckCircleIcon } from '@/ui/icons';
import { LoadFailed } from '@/ui/load-failed';
import { PageFrame } from '@/ui/page-frame';
import { useDocumentTitle } from '@/ui/use-document-title';
import {
  TransferConfirmation,
  type ConfirmationOutcome,
  type ConfirmationSummary,
} from '../confirmation';
import { AccountSelect } from '../components/account-select';
import { TransferFacts, type FactRow } from '../components/transfer-facts';
import { useFormatMoney, useFormatRate } from '../format';
import { useMoneyMovingSubmit } from '../hooks/use-money-moving-submit';
import { TransferReview, type ReviewRow } from '../review/transfer-review';
import classes from '../components/transfers.module.css';
import {
  prepaidKeys,
  usePrepaidAccounts,
  usePrepaidLimits,
  usePrepaidMoveCall,
  usePrepaidQuote,
  type PrepaidMoveRequest,
} from './api';

/*
 * /card/{accountId}/load and /card/{accountId}/unload (issue 16): money onto an active prepaid card
 * from a payment account or wallet, or back where the card's product allows it. The amount is in
 * the card's currency; the review shows what leaves the account (converted when its currency
 * differs), the fee and the card's balance after; the shared confirmation runs the customer's
 * second factor. The card's balance on this page follows AccountChanged.
 */

const formSchema = z.object({
  paymentAccountId: z.string().min(1, 'validation.required'),
  amount: z
    .string()
    .transform(normalizeAmountInput)
    .pipe(z.string().min(1, 'validation.required').pipe(positiveAmountSchema)),
});
type FormInput = z.input<typeof formSchema>;
type FormValues = z.output<typeof formSchema>;
type FormField = keyof FormInput;
const EMPTY: FormInput = { paymentAccountId: '', amount: '' };
const FORM_FIELDS: readonly FormField[] = ['paymentAccountId', 'amount'];

/** The messages of a refused call that belong to this form's fields (the server's field names are the form's). */
function formFieldErrors(error: unknown): Partial<Record<FormField, string>> {
  if (!isApiError(error) || !error.validationErrors) return {};
  const found: Partial<Record<FormField, string>> = {};
  for (const field of FORM_FIELDS) {
    const message = error.validationErrors[field];
    if (message) found[field] = message;
  }
  return found;
}

export function LoadPrepaidCardPage() {
  return <PrepaidCardMoneyPage direction="load" />;
}

export function UnloadPrepaidCardPage() {
  return <PrepaidCardMoneyPage direction="unload" />;
}

function parseAccountId(raw: string | undefined): number {
  return raw !== undefined && /^\d{1,10}$/.test(raw) ? Number(raw) : -1;
}

function isMoneyAccount(account: Account): boolean {
  return (
    (account.type === ACCOUNT_TYPES.payment || account.type === ACCOUNT_TYPES.prepaidFunding) &&
    account.accountStatusId === ACCOUNT_STATUS.active
  );
}

function PrepaidCardMoneyPage({ direction }: { direction: PrepaidDirection }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { customerId } = useSessionState();
  const accountId = parseAccountId(useParams().accountId);
  const accounts = usePrepaidAccounts();
  const access = useQuery(accessInfoQueryOptions(client, customerId));
  const card = accounts.data?.find((account) => account.accountId === accountId);
  const limits = usePrepaidLimits(accountId, card?.subType === 'PREPAID');
  const cardName = card?.maskedCardNumber ?? '';
  const title = t(`prepaidCard.${direction}.title`, { card: cardName });
  useDocumentTitle(title);

  // Another tab, the phone or the confirmation moved the card's money: show the balance as it is now.
  useRealtimeEvent('AccountChanged', () => {
    void queryClient.invalidateQueries({ queryKey: prepaidKeys.accounts(customerId) });
    void queryClient.invalidateQueries({ queryKey: prepaidKeys.limits(customerId, accountId) });
  });

  const back = (
    <Anchor component={Link} to={`/cards/${accountId}`} size="sm">
      {t('prepaidCard.backToCard')}
    </Anchor>
  );

  if (accounts.isPending || access.isPending) {
    return (
      <PageFrame title={t('prepaidCard.loadingTitle')}>
        <Stack gap="md" aria-busy="true">
          <VisuallyHidden role="status">{t('transfers.loading')}</VisuallyHidden>
          <Skeleton height={320} radius="lg" />
        </Stack>
      </PageFrame>
    );
  }
  if (accounts.isError || access.isError) {
    return (
      <PageFrame title={t('prepaidCard.loadingTitle')}>
        <LoadFailed
          title={t('transfers.accountsLoadFailed')}
          error={accounts.error ?? access.error}
          onRetry={() => {
            void accounts.refetch();
            void access.refetch();
          }}
          retrying={accounts.isFetching || access.isFetching}
        />
      </PageFrame>
    );
  }
  const allowed =
    card !== undefined &&
    mayMovePrepaidMoney({
      statusId: card.accountStatusId,
      isVirtual: card.cardIsVirtual === true,
      subType: card.subType,
      permissions: access.data.permissions,
      transfersAccess: access.data.accessList.transfers,
    }) &&
    (direction === 'load' || limits.data?.canUnload !== false);
  const sources = (accounts.data ?? []).filter(isMoneyAccount);
  return (
    <PageFrame title={title} intro={t(`prepaidCard.${direction}.intro`)}>
      {back}
      {!allowed || !card ? (
        <Paper withBorder radius="lg" p="xl">
          <Stack gap="xs">
            <Title order={2} fz="lg">
              {t('prepaidCard.notAllowedTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('prepaidCard.notAllowedText')}
            </Text>
          </Stack>
        </Paper>
      ) : sources.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Stack gap="xs">
            <Title order={2} fz="lg">
              {t('prepaidCard.noAccountsTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('prepaidCard.noAccountsText')}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <PrepaidCardForm direction={direction} card={card} sources={sources} limits={limits} />
      )}
    </PageFrame>
  );
}

function PrepaidCardForm({
  direction,
  card,
  sources,
  limits,
}: {
  direction: PrepaidDirection;
  card: Account;
  sources: Account[];
  limits: ReturnType<typeof usePrepaidLimits>;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const formatRate = useFormatRate();
  const [done, setDone] = useState<string | null>(null);
  const resolver = useMemo(() => schemaResolver(formSchema), []);
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<FormInput, unknown, FormValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: EMPTY,
  });

  const placeOnFields = useCallback(
    (error: unknown) => {
      const found = Object.entries(formFieldErrors(error));
      for (const [field, message] of found)
        setError(field as FormField, { type: 'server', message });
      return found.length > 0;
    },
    [setError],
  );
  const flow = useMoneyMovingSubmit<PrepaidMoveRequest, ConfirmationSummary>({
    submit: usePrepaidMoveCall(direction),
    settlesBy: 'ledger',
    onFieldErrors: placeOnFields,
  });
  const reviewed = flow.review;
  const quote = usePrepaidQuote(reviewed ? { ...reviewed.request, direction } : null);
  const quoted = quote.data && !quote.isPlaceholderData ? quote.data : undefined;
  const quoteRefused = reviewed !== null && quote.isError && !quote.isFetching;
  // A refused quote that names a field (a limit, the balance) belongs on the form: the render that
  // has it closes the review and shows it on the field, and the effect then makes it the form's own
  // error and leaves the review. Left to the effect alone, the review showed the refusal for a
  // frame first on Preact, whose effects run after the render (decision 115).
  const quoteFieldErrors = quoteRefused ? formFieldErrors(quote.error) : {};
  const isRefusedOnFields = Object.keys(quoteFieldErrors).length > 0;
  const { backToForm } = flow;
  useEffect(() => {
    if (isRefusedOnFields && placeOnFields(quote.error)) backToForm();
  }, [isRefusedOnFields, quote.error, placeOnFields, backToForm]);

  const [paymentAccountId = ''] = useWatch({ control, name: ['paymentAccountId'] });
  const account = sources.find((item) => String(item.accountId) === paymentAccountId);

  const onSubmit = handleSubmit((values) => {
    if (!hasValidMinorUnits(values.amount, card.currencyCode)) {
      setError(
        'amount',
        { type: 'minorUnits', message: 'validation.amountMinorUnits' },
        { shouldFocus: true },
      );
      return;
    }
    setDone(null);
    const target = sources.find((item) => String(item.accountId) === values.paymentAccountId);
    flow.openReview(
      {
        accountId: card.accountId,
        paymentAccountId: Number(values.paymentAccountId),
        amount: values.amount,
      },
      {
        amount: money(values.amount, card.currencyCode),
        payee:
          direction === 'load'
            ? t('prepaidCard.cardPayee', { card: card.maskedCardNumber ?? '' })
            : target
              ? `${target.name ?? t('prepaidCard.accountIn', { currency: target.currencyCode })}`
              : '',
      },
    );
  });

  const onConfirmationClosed = (outcome: ConfirmationOutcome) => {
    flow.finish(outcome);
    if (outcome === 'settled') {
      setDone(flow.sent?.amount ?? '');
      reset({ ...EMPTY, paymentAccountId });
    }
  };

  // While the quote is on its way a figure shimmers; a quote that failed shows a dash and stops the confirm.
  const value = (text: string | undefined) => (quoteRefused ? null : (text ?? undefined));
  const reviewRows: ReviewRow[] =
    reviewed && account
      ? [
          {
            id: 'account',
            label: t(direction === 'load' ? 'prepaidCard.fromAccount' : 'prepaidCard.toAccount'),
            value: account.name ?? t('prepaidCard.accountIn', { currency: account.currencyCode }),
          },
          ...(account.currencyCode !== card.currencyCode
            ? [
                {
                  id: 'rate',
                  label: t('transfers.facts.rate'),
                  value: value(
                    quoted &&
                      t('transfers.facts.rateValue', {
                        from: direction === 'load' ? account.currencyCode : card.currencyCode,
                        to: direction === 'load' ? card.currencyCode : account.currencyCode,
                        rate: formatRate(String(quoted.rate)),
                      }),
                  ),
                },
                {
                  id: 'accountAmount',
                  label: t(
                    direction === 'load'
                      ? 'prepaidCard.accountPays'
                      : 'prepaidCard.accountReceives',
                  ),
                  value: value(
                    quoted && money(String(quoted.accountAmount), quoted.accountCurrency),
                  ),
                },
              ]
            : []),
          {
            id: 'fee',
            label: t('transfers.facts.fee'),
            value: value(quoted && money(String(quoted.fee), quoted.feeCurrency)),
          },
          {
            id: 'balanceAfter',
            label: t('prepaidCard.balanceAfter'),
            value: value(quoted && money(String(quoted.cardBalanceAfter), card.currencyCode)),
          },
          {
            id: 'total',
            label: t('transfers.facts.total'),
            value: value(
              quoted &&
                money(
                  String(quoted.total),
                  direction === 'load' ? quoted.accountCurrency : card.currencyCode,
                ),
            ),
            total: true,
          },
        ]
      : [];

  const facts: FactRow[] = [
    {
      id: 'cardBalance',
      label: t('prepaidCard.cardBalance'),
      value: money(card.balance, card.currencyCode),
    },
    ...(direction === 'load'
      ? [
          {
            id: 'perLoad',
            label: t('prepaidCard.perLoad'),
            value: limits.data
              ? t('prepaidCard.range', {
                  min: money(String(limits.data.minLoad), card.currencyCode),
                  max: money(String(limits.data.maxLoad), card.currencyCode),
                })
              : limits.isError
                ? '—'
                : undefined,
          },
          {
            id: 'todayLeft',
            label: t('prepaidCard.todayLeft'),
            value: limits.data
              ? money(String(limits.data.daily.remaining), card.currencyCode)
              : limits.isError
                ? '—'
                : undefined,
          },
          {
            id: 'monthLeft',
            label: t('prepaidCard.monthLeft'),
            value: limits.data
              ? money(String(limits.data.monthly.remaining), card.currencyCode)
              : limits.isError
                ? '—'
                : undefined,
          },
          {
            id: 'roomLeft',
            label: t('prepaidCard.roomLeft'),
            value: limits.data
              ? money(String(limits.data.roomLeft), card.currencyCode)
              : limits.isError
                ? '—'
                : undefined,
            ...(limits.data
              ? {
                  note: t('prepaidCard.maxBalance', {
                    max: money(String(limits.data.maxBalance), card.currencyCode),
                  }),
                }
              : {}),
          },
        ]
      : []),
  ];

  const err = (field: FormField) =>
    fieldMessage(t, errors[field]?.message ?? quoteFieldErrors[field]);
  return (
    <div className={classes.columns}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <form onSubmit={onSubmit} noValidate aria-busy={flow.isPending}>
          <fieldset disabled={flow.isPending} className={classes.fieldset}>
            <Stack gap="md">
              <Title order={2} fz="lg">
                {t(`prepaidCard.${direction}.formTitle`)}
              </Title>
              {done !== null && (
                <Alert color="teal" variant="light" icon={<CheckCircleIcon />} role="status">
                  {t(`prepaidCard.${direction}.done`, {
                    amount: done,
                    balance: money(card.balance, card.currencyCode),
                  })}
                </Alert>
              )}
              <AccountSelect
                label={t(
                  direction === 'load' ? 'prepaidCard.fromAccount' : 'prepaidCard.toAccount',
                )}
                accounts={sources}
                error={err('paymentAccountId')}
                value={paymentAccountId}
                field={register('paymentAccountId')}
              />
              <TextInput
                label={t('prepaidCard.amount')}
                description={t(`prepaidCard.${direction}.amountHint`, {
                  currency: card.currencyCode,
                })}
                inputMode="decimal"
                autoComplete="off"
                size="md"
                rightSection={
                  <Text size="sm" c="dimmed">
                    {card.currencyCode}
                  </Text>
                }
                rightSectionWidth={56}
                error={err('amount')}
                {...register('amount')}
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
      <TransferFacts title={t('prepaidCard.factsTitle')} rows={facts} />
      <TransferReview
        opened={reviewed !== null && !isRefusedOnFields}
        amountLabel={t(
          direction === 'load'
            ? 'prepaidCard.load.reviewAmount'
            : 'prepaidCard.unload.reviewAmount',
        )}
        amount={reviewed?.details.amount ?? ''}
        payee={reviewed?.details.payee ?? ''}
        rows={reviewRows}
        actionLabel={t(`prepaidCard.${direction}.action`, {
          amount: reviewed?.details.amount ?? '',
        })}
        isPending={flow.isPending}
        errorText={
          flow.error
            ? describeApiError(t, flow.error)
            : quote.isError && !quote.isFetching
              ? describeApiError(t, quote.error)
              : null
        }
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
