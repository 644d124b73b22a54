import {
  Alert,
  Button,
  Checkbox,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Skeleton.css';
import {
  transferCryptoEftRequestSchema,
  transferEftRequestSchema,
  transferInstantPaymentRequestSchema,
  transferInteracRequestSchema,
  transferOctRequestSchema,
  transferWireRequestSchema,
  type Account,
} from '@ledgerline/contract';
import { hasValidMinorUnits, sumMoney } from '@ledgerline/domain/money';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  useForm,
  useWatch,
  type FieldErrors,
  type Resolver,
  type UseFormRegister,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { accountName } from '@/lib/account-name';
import { isApiError } from '@/lib/api-error';
import { ErrorPopup } from '@/ui/error-popup';
import { describeApiError } from '@/ui/field-message';
import { AlertIcon } from '@/ui/icons';
import {
  TransferConfirmation,
  type ConfirmationOutcome,
  type ConfirmationSummary,
} from '../../confirmation';
import { useMoneyMovingSubmit } from '../../hooks/use-money-moving-submit';
import { externalArrival } from '../../review/arrival';
import { TransferReview, type ReviewRow } from '../../review/transfer-review';
import { useCountries, useSourceAccounts } from '../api/common';
import {
  useBlockedBins,
  useExternalFee,
  useExtraParams,
  usePaymentSchemeCountries,
  useSavePaymentTemplate,
} from '../api/lookups';
import { useSubmitExternalCall } from '../api/submit';
import { externalMessage, localizedApiError, useFormatMoney } from '../format';
import {
  FIXED_COUNTRY,
  FIXED_CURRENCY,
  buildRequest,
  emptyValues,
  extraParamProblem,
  groupAllows,
  isBinBlocked,
  visibleExtraParams,
  wireSchemesFor,
  type ExternalFormValues,
  type ExternalTransferType,
  type SubmitRequest,
  type WireScheme,
} from '../form-model';
import { ExtraParamsFields } from './extra-params-fields';
import classes from './external.module.css';
import { payeeDetails, payeeName } from '../review-details';
import { PayeeFields } from './payee-fields';
import { RequirementsNotice } from './requirements-notice';
import { SELECT_LOOK, type ResolverContext } from './select-look';
import { TemplatePicker, templateDetailsOf } from './templates';
import { TransferSummary } from './transfer-summary';

const REQUEST_SCHEMAS = {
  wire: transferWireRequestSchema,
  eft: transferEftRequestSchema,
  oct: transferOctRequestSchema,
  crypto_eft: transferCryptoEftRequestSchema,
  instant_payment: transferInstantPaymentRequestSchema,
  interac: transferInteracRequestSchema,
} as const;

/** Stands in for the attempt's key while checking a request: the real key is made at submit. */
const CHECK_KEY = '00000000-0000-4000-8000-000000000000';

/** The form's fields that a contract issue may name; others (e.g. a fixed country) go to the form-level message. */
type FieldName = Exclude<keyof ExternalFormValues, 'extra'>;

/**
 * Checks the form as the server will: the request is built as it will be sent and validated with
 * the type's contract schema; the extra parameters with their own rules (required, pattern, length).
 */
function externalResolver(
  type: ExternalTransferType,
): Resolver<ExternalFormValues, ResolverContext> {
  return (values, maybeContext) => {
    const context = maybeContext ?? { currency: '', extraParams: [], blockedBins: [] };
    const request = buildRequest(type, values, context);
    const parsed = REQUEST_SCHEMAS[type].safeParse({ ...request, idempotencyKey: CHECK_KEY });
    const errors: Record<string, unknown> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'root');
        // The currency is the account's: a wrong one is said at the amount.
        const name =
          field === 'currency' ? 'amount' : field in values && field !== 'extra' ? field : 'root';
        if (!errors[name]) errors[name] = { type: 'validation', message: issue.message };
      }
    }
    // The browser's own check of the currency's minor units (the server refuses them too, issue 12).
    if (
      !errors.amount &&
      context.currency !== '' &&
      !hasValidMinorUnits(request.amount, context.currency)
    ) {
      errors.amount = { type: 'minorUnits', message: 'validation.amountMinorUnits' };
    }
    if (
      type === 'oct' &&
      !errors.cardNumber &&
      isBinBlocked(values.cardNumber, context.blockedBins)
    ) {
      errors.cardNumber = { type: 'blocked', message: 'validation.binBlocked' };
    }
    const extra: Record<string, { type: string; message: string }> = {};
    for (const param of visibleExtraParams(context.extraParams, values.extra)) {
      const problem = extraParamProblem(param, values.extra[param.name]);
      if (problem) extra[param.name] = { type: 'validation', message: problem };
    }
    if (Object.keys(extra).length > 0) errors.extra = extra;
    if (Object.keys(errors).length > 0)
      return { values: {}, errors: errors as FieldErrors<ExternalFormValues> };
    return { values, errors: {} };
  };
}

function accountLabel(
  t: TFunction,
  money: (amount: string, currency: string) => string,
  account: Account,
): string {
  return t('externalTransfer.accountOption', {
    name: accountName(t, account),
    balance: money(account.balance, account.currencyCode),
  });
}

/**
 * The form field a server message names: a field of the form, or an extra parameter
 * ('extraParams.purposeOfPayment' is answered in the field `extra.purposeOfPayment`); null otherwise.
 */
function formFieldOf(
  field: string,
  values: ExternalFormValues,
): FieldName | `extra.${string}` | null {
  if (field.startsWith('extraParams.')) return `extra.${field.slice('extraParams.'.length)}`;
  if (field === 'currency') return 'amount';
  return field in values && field !== 'extra' ? (field as FieldName) : null;
}

/** A positive decimal the lookups can use (spec 2 §5: the fee needs a positive amount). */
function positiveAmount(value: string): string | null {
  const text = String(value).trim().replace(',', '.');
  // eslint-disable-next-line security/detect-unsafe-regex -- anchored, bounded and unambiguous: linear on any input
  return /^\d{1,18}(\.\d{1,8})?$/.test(text) && /[1-9]/.test(text) ? text : null;
}

/** One type's form: source, country, payee, amount, extra parameters, what it costs, then the confirmation. */
export function ExternalTransferForm({
  type,
  permissions,
}: {
  type: ExternalTransferType;
  permissions: Readonly<Record<string, boolean>>;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const accounts = useSourceAccounts();
  const countries = useCountries();
  const schemes = usePaymentSchemeCountries();
  const saveTemplate = useSavePaymentTemplate();
  const [templateName, setTemplateName] = useState<string | null>(null);

  const [resolver] = useState(() => externalResolver(type));
  const [context, setContext] = useState<ResolverContext>({
    currency: '',
    extraParams: [],
    blockedBins: [],
  });
  const form = useForm<ExternalFormValues, ResolverContext>({
    // With the own-account flag alone, the transfer can only go to the customer's own account elsewhere.
    defaultValues: {
      ...emptyValues(),
      countryCode: FIXED_COUNTRY[type] ?? '',
      toOwnAccount: groupAllows(permissions, type, true) && !groupAllows(permissions, type, false),
    },
    mode: 'onTouched',
    resolver,
    // The checks depend on the account's currency and the country's extra parameters.
    context,
  });
  const { register, control, setValue, setError, handleSubmit, formState } = form;

  // The server's field messages land on the fields (and the review gives way to them).
  const placeOnFields = useCallback(
    (error: unknown) => {
      if (!isApiError(error) || !error.validationErrors) return false;
      let placed = false;
      for (const [field, message] of Object.entries(error.validationErrors)) {
        const target = formFieldOf(field, form.getValues());
        if (target) {
          setError(target, { type: 'server', message });
          placed = true;
        }
      }
      return placed;
    },
    [form, setError],
  );
  const flow = useMoneyMovingSubmit<Omit<SubmitRequest, 'idempotencyKey'>, ConfirmationSummary>({
    submit: useSubmitExternalCall(type),
    settlesBy: 'rail',
    onFieldErrors: placeOnFields,
  });
  const [fromAccount, countryCode, amount, scheme, toOwnAccount] = useWatch({
    control,
    name: ['fromAccount', 'countryCode', 'amount', 'scheme', 'toOwnAccount'],
  });

  const sources = useMemo(
    () =>
      (accounts.data ?? []).filter(
        (account) =>
          FIXED_CURRENCY[type] === undefined || account.currencyCode === FIXED_CURRENCY[type],
      ),
    [accounts.data, type],
  );
  const source = sources.find((account) => String(account.accountId) === fromAccount);
  const currency = source?.currencyCode ?? '';

  // The first account is preselected once the list arrives: most customers hold one.
  useEffect(() => {
    if (fromAccount === '' && sources[0]) setValue('fromAccount', String(sources[0].accountId));
  }, [fromAccount, sources, setValue]);

  // A wire travels by the scheme the country and currency allow; the domestic one is preferred.
  const wireSchemes = useMemo(
    () => wireSchemesFor(schemes.data, countryCode, currency),
    [schemes.data, countryCode, currency],
  );
  // The scheme lists the lookups were last aligned with: until the scheme follows a new country,
  // the wire's fee and maximum wait rather than ask for the old scheme.
  const schemesKey = wireSchemes.join();
  const [alignedSchemes, setAlignedSchemes] = useState('');
  useEffect(() => {
    // A new country or currency starts from its preferred scheme; the customer may then pick SWIFT.
    if (type === 'wire') setValue('scheme', wireSchemes[0] ?? 'swift');
    setAlignedSchemes(wireSchemes.join());
  }, [type, wireSchemes, setValue]);

  // A wire's parameters depend on its scheme too: asked once the scheme follows the country.
  const schemeAligned = type !== 'wire' || alignedSchemes === schemesKey;
  const extraParamsQuery = useExtraParams(
    countryCode && currency && schemeAligned
      ? {
          type,
          countryCode,
          currency,
          ...(type === 'wire' && scheme ? { scheme: scheme as WireScheme } : {}),
        }
      : null,
  );
  const extraParams = useMemo(() => extraParamsQuery.data ?? [], [extraParamsQuery.data]);
  const bins = useBlockedBins(type === 'oct');
  useEffect(
    () => setContext({ currency, extraParams, blockedBins: bins.data ?? [] }),
    [currency, extraParams, bins.data],
  );

  const lookupBase =
    source && countryCode && schemeAligned
      ? { type, fromAccount: source.accountId, countryCode }
      : null;
  const wireScheme = type === 'wire' && scheme ? { scheme: scheme as WireScheme } : {};
  const positive = positiveAmount(amount);
  // The same cached lookup as the summary's: the review shows the fee of the amount it sends.
  const fee = useExternalFee(
    lookupBase && currency && positive
      ? { ...lookupBase, currency, ...wireScheme, amount: positive }
      : null,
  );
  const mayOwn = groupAllows(permissions, type, true);
  const mayOther = groupAllows(permissions, type, false);

  const onSubmit = handleSubmit((values) => {
    if (!source) return;
    const request = buildRequest(type, values, { currency, extraParams });
    const name = payeeName(request);
    const details = payeeDetails(type, request);
    const where = details[0]?.value ?? '';
    const template =
      templateName !== null && templateName.trim() !== '' && (type === 'wire' || type === 'eft')
        ? templateDetailsOf(type, values, currency)
        : null;
    const templateLabel = templateName?.trim() ?? '';
    flow.openReview(
      request,
      {
        amount: money(request.amount, currency),
        payee: [name, where].filter((part) => part !== '').join(' · '),
      },
      template ? { onSent: () => saveTemplate.mutate({ ...template, name: templateLabel }) } : {},
    );
  });

  const onConfirmationClosed = (outcome: ConfirmationOutcome) => {
    // After money moved the next transfer is a new one, even with the same details.
    flow.finish(outcome);
    if (outcome === 'settled' || outcome === 'approvalCreated') {
      setTemplateName(null);
      form.reset({
        ...emptyValues(),
        fromAccount,
        countryCode: FIXED_COUNTRY[type] ?? countryCode,
        scheme,
        toOwnAccount,
      });
    }
  };

  const reviewed = flow.review;
  const feeData = reviewed && positive === reviewed.request.amount ? fee.data : undefined;
  const reviewRows: ReviewRow[] = reviewed
    ? [
        ...(source
          ? [
              {
                id: 'from',
                label: t('externalTransfer.fromAccount'),
                value: accountName(t, source),
              },
            ]
          : []),
        ...(payeeName(reviewed.request)
          ? [
              {
                id: 'payee',
                label: t('transfers.facts.payee'),
                value: payeeName(reviewed.request),
              },
            ]
          : []),
        ...payeeDetails(type, reviewed.request).map((detail) => ({
          id: detail.id,
          label: t(detail.labelKey),
          value: detail.value,
        })),
        {
          id: 'country',
          label: t('externalTransfer.country'),
          value:
            countries.data?.find((item) => item.code === reviewed.request.countryCode)?.name ??
            reviewed.request.countryCode,
        },
        ...(type === 'wire' && scheme
          ? [
              {
                id: 'scheme',
                label: t('externalTransfer.scheme'),
                value: t(`externalTransfer.schemes.${scheme}`),
              },
            ]
          : []),
        ...(reviewed.request.description
          ? [
              {
                id: 'reference',
                label: t('transfers.review.reference'),
                value: reviewed.request.description,
              },
            ]
          : []),
        {
          id: 'fee',
          label: t('externalTransfer.summary.fee'),
          value: feeData
            ? money(String(feeData.fee), feeData.currency)
            : fee.isError
              ? null
              : undefined,
        },
        {
          id: 'when',
          label: t('transfers.review.when'),
          value: t(`transfers.review.arrival.${externalArrival(type, scheme)}`),
        },
        {
          id: 'total',
          label: t('externalTransfer.summary.total'),
          value: feeData
            ? money(sumMoney([reviewed.request.amount, String(feeData.fee)]), feeData.currency)
            : fee.isError
              ? null
              : undefined,
          total: true,
        },
      ]
    : [];
  const rootMessage = externalMessage(t, formState.errors.root?.message);

  if (accounts.isPending) {
    return (
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} aria-busy="true">
        <Stack gap="md">
          <Skeleton height={24} width="40%" />
          <Skeleton height={42} />
          <Skeleton height={42} />
          <Skeleton height={42} />
        </Stack>
      </Paper>
    );
  }
  if (sources.length === 0) {
    return (
      <Alert color="blue" variant="light" title={t('externalTransfer.noAccountsTitle')}>
        {FIXED_CURRENCY[type]
          ? t('externalTransfer.noAccountsIn', { currency: FIXED_CURRENCY[type] })
          : t('externalTransfer.noAccounts')}
      </Alert>
    );
  }

  const countryData = [
    { value: '', label: t('externalTransfer.chooseCountry') },
    ...(countries.data ?? []).map((country) => ({ value: country.code, label: country.name })),
  ];
  const fixedCountry = FIXED_COUNTRY[type];

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-busy={flow.isPending}
        aria-label={t(`externalTransfer.types.${type}.name`)}
      >
        <fieldset disabled={flow.isPending} className={classes.fieldset}>
          <Stack gap="lg">
            <Title order={2} fz="lg">
              {t(`externalTransfer.types.${type}.title`)}
            </Title>

            <Stack gap="sm">
              <NativeSelect
                {...SELECT_LOOK}
                label={t('externalTransfer.fromAccount')}
                data={sources.map((account) => ({
                  value: String(account.accountId),
                  label: accountLabel(t, money, account),
                }))}
                error={externalMessage(t, formState.errors.fromAccount?.message)}
                {...register('fromAccount')}
              />
              <NativeSelect
                {...SELECT_LOOK}
                label={t('externalTransfer.country')}
                description={
                  fixedCountry
                    ? t(`externalTransfer.types.${type}.countryNote`)
                    : t('externalTransfer.countryHint')
                }
                data={countryData}
                disabled={fixedCountry !== undefined}
                error={externalMessage(t, formState.errors.countryCode?.message)}
                {...register('countryCode')}
              />
              {type === 'wire' && countryCode !== '' && (
                <SchemeChoice
                  schemes={wireSchemes}
                  register={register}
                  country={
                    countries.data?.find((item) => item.code === countryCode)?.name ?? countryCode
                  }
                  currency={currency}
                />
              )}
              {mayOwn && mayOther && (
                <Checkbox
                  label={t('externalTransfer.toOwnAccount')}
                  description={t('externalTransfer.toOwnAccountHint')}
                  {...register('toOwnAccount')}
                />
              )}
              {mayOwn && !mayOther && (
                <Text size="sm" c="dimmed">
                  {t('externalTransfer.ownOnly')}
                </Text>
              )}
            </Stack>

            {(type === 'wire' || type === 'eft') && <TemplatePicker type={type} form={form} />}

            <fieldset className={classes.fieldset}>
              <legend className={classes.legend}>{t('externalTransfer.payee')}</legend>
              <PayeeFields type={type} form={form} countryCode={countryCode} />
            </fieldset>

            <fieldset className={classes.fieldset}>
              <legend className={classes.legend}>{t('externalTransfer.amountSection')}</legend>
              <Stack gap="sm">
                <TextInput
                  label={t('externalTransfer.amount')}
                  inputMode="decimal"
                  autoComplete="off"
                  rightSection={
                    <Text size="sm" c="dimmed">
                      {currency}
                    </Text>
                  }
                  rightSectionWidth={56}
                  error={externalMessage(t, formState.errors.amount?.message)}
                  {...register('amount')}
                />
                <TextInput
                  label={t('externalTransfer.description')}
                  maxLength={140}
                  autoComplete="off"
                  error={externalMessage(t, formState.errors.description?.message)}
                  {...register('description')}
                />
              </Stack>
            </fieldset>

            {extraParams.length > 0 && (
              <fieldset className={classes.fieldset}>
                <legend className={classes.legend}>{t('externalTransfer.extraParams')}</legend>
                <ExtraParamsFields params={extraParams} form={form} />
              </fieldset>
            )}

            {lookupBase && <RequirementsNotice request={lookupBase} />}

            <TransferSummary
              base={lookupBase && currency ? { ...lookupBase, currency, ...wireScheme } : null}
              amount={positive}
              // The maximum may arrive as a number (the client's number coercion): the field holds text.
              onUseMax={(max) => setValue('amount', String(max), { shouldValidate: true })}
            />

            {(type === 'wire' || type === 'eft') && (
              <Stack gap="xs">
                <Checkbox
                  label={t('externalTransfer.templates.saveAfter')}
                  checked={templateName !== null}
                  onChange={(event) => setTemplateName(event.currentTarget.checked ? '' : null)}
                />
                {templateName !== null && (
                  <TextInput
                    label={t('externalTransfer.templates.name')}
                    value={templateName}
                    maxLength={64}
                    onChange={(event) => setTemplateName(event.currentTarget.value)}
                  />
                )}
              </Stack>
            )}

            {rootMessage && (
              <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
                {rootMessage}
              </Alert>
            )}

            <Button type="submit" size="md">
              {t('transfers.review.open')}
            </Button>
          </Stack>
        </fieldset>
      </form>
      <ErrorPopup
        error={saveTemplate.error ? localizedApiError(t, saveTemplate.error) : null}
        onClose={() => saveTemplate.reset()}
      />
      <TransferReview
        opened={reviewed !== null}
        amountLabel={t('transfers.review.youSend')}
        amount={reviewed?.details.amount ?? ''}
        payee={
          reviewed
            ? payeeName(reviewed.request) || (payeeDetails(type, reviewed.request)[0]?.value ?? '')
            : ''
        }
        rows={reviewRows}
        actionLabel={t('transfers.review.actionSend', { amount: reviewed?.details.amount ?? '' })}
        isPending={flow.isPending}
        errorText={flow.error ? describeApiError(t, localizedApiError(t, flow.error)) : null}
        onBack={flow.backToForm}
        onConfirm={flow.confirm}
      />
      <TransferConfirmation
        result={flow.result}
        summary={flow.sent ?? { amount: '', payee: '' }}
        settledState={flow.settledState}
        onClose={onConfirmationClosed}
      />
    </Paper>
  );
}

function SchemeChoice({
  schemes,
  register,
  country,
  currency,
}: {
  schemes: readonly string[];
  register: UseFormRegister<ExternalFormValues>;
  /** The country's name in the page's language. */
  country: string;
  currency: string;
}) {
  const { t } = useTranslation();
  const domestic = schemes.find((scheme) => scheme !== 'swift');
  return (
    <NativeSelect
      {...SELECT_LOOK}
      label={t('externalTransfer.scheme')}
      description={
        domestic
          ? t('externalTransfer.schemeHint', {
              scheme: t(`externalTransfer.schemes.${domestic}`),
              country,
              currency,
            })
          : t('externalTransfer.schemeSwiftOnly', { country, currency })
      }
      data={schemes.map((scheme) => ({
        value: scheme,
        label: t(`externalTransfer.schemes.${scheme}`),
      }))}
      {...register('scheme')}
    />
  );
}
