import {
  Alert,
  Button,
  Container,
  Group,
  NativeSelect,
  Paper,
  Radio,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/Skeleton.css';
import { useReducer, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { z } from 'zod';
import { sixDigitCodeSchema } from '@ledgerline/domain/validation';
import { useBrand } from '@/brands';
import { isApiError } from '@/lib/api-error';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { Dialog } from '@/ui/dialog';
import { describeGlobalPayError, globalPayMessage } from '../messages';
import { AlertIcon, CheckCircleIcon, ChevronDownIcon, InfoIcon } from '@/ui/icons';
import { LoadFailed } from '@/ui/load-failed';
import { OneTimeCodeField } from '@/ui/one-time-code-field';
import { StatusBadge } from '@/ui/status-badge';
import { useDocumentTitle } from '@/ui/use-document-title';
import {
  isClaimSecret,
  useApproveClaim,
  useClaimCountries,
  useClaimDetails,
  useClaimExtraParams,
  useClaimMeta,
  useClaimMethods,
  useRefuseClaim,
  useResendClaimCode,
  useSubmitClaim,
  type ClaimDetails,
  type ClaimExtraParam,
  type ClaimMethodName,
  type ClaimSubmitRequest,
} from '../api/recipient';
import { useCountryName, useFormatDate, useFormatMoney, useFormatRate } from '../format';
import { CLAIMABLE, PAYMENT_STATUS_TONE } from '../statuses';
import {
  claimReducer,
  currentClaimStep,
  INITIAL_CLAIM,
  type ClaimOperation,
  type ClaimState,
} from './claim-flow';
import { EarlierPayouts } from './earlier-payouts';
import classes from './global-payouts.module.css';

const SELECT_LOOK = {
  size: 'md',
  rightSection: <ChevronDownIcon size={16} />,
  rightSectionPointerEvents: 'none',
} as const;

/**
 * /receive/:id — the page a global payout's e-mailed link opens (spec 2 §2 external layout, no
 * sign-in; §4 "Global payout, recipient flow"). The link's secret is the only credential: who
 * sends how much and why, then country, method, what arrives, the beneficiary's details, the
 * code e-mailed to them, done. Or refuse, and the money goes back to the sender. Every error of
 * these calls is shown here, on the step it belongs to (spec 2 §8: no generic popup).
 */
export function ReceivePaymentPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('globalPayouts.receive.pageTitle'));
  const { id = '' } = useParams();
  return (
    <Container size="sm" py={{ base: 'lg', sm: 48 }} w="100%">
      {isClaimSecret(id) ? <ClaimLoader secret={id} /> : <UnknownLink />}
    </Container>
  );
}

function Card({ children, busy }: { children: ReactNode; busy?: boolean }) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      className={classes.publicCard}
      aria-busy={busy ? 'true' : undefined}
    >
      {children}
    </Paper>
  );
}

function UnknownLink() {
  const { t } = useTranslation();
  return (
    <Card>
      <Stack gap="md" align="flex-start">
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          {t('globalPayouts.receive.unknownTitle')}
        </Title>
        <Text size="sm">{t('globalPayouts.receive.unknownText')}</Text>
      </Stack>
    </Card>
  );
}

function ClaimLoader({ secret }: { secret: string }) {
  const { t } = useTranslation();
  const details = useClaimDetails(secret);
  if (details.isPending)
    return (
      <Card busy>
        <Stack gap="md">
          <Text size="sm" c="dimmed" role="status">
            {t('globalPayouts.receive.loading')}
          </Text>
          <Skeleton height={28} width="70%" radius="sm" />
          <Skeleton height={40} width="45%" radius="sm" />
          <Skeleton height={96} radius="md" />
        </Stack>
      </Card>
    );
  if (details.isError) {
    if (isApiError(details.error) && details.error.status === 404) return <UnknownLink />;
    return (
      <div className={classes.publicCard}>
        <LoadFailed
          title={t('globalPayouts.receive.loadFailed')}
          error={details.error}
          onRetry={() => void details.refetch()}
          retrying={details.isFetching}
        />
      </div>
    );
  }
  return (
    <Stack gap="lg">
      <ClaimCard secret={secret} payment={details.data} />
      <EarlierPayouts secret={secret} paymentId={details.data.paymentId} />
    </Stack>
  );
}

function PaymentFacts({ payment }: { payment: ClaimDetails }) {
  const { t } = useTranslation();
  const day = useFormatDate();
  const money = useFormatMoney();
  return (
    <dl className={classes.facts}>
      {payment.description && (
        <div>
          <dt>{t('globalPayouts.receive.why')}</dt>
          <dd className={classes.note}>{payment.description}</dd>
        </div>
      )}
      <div>
        <dt>{t('globalPayouts.receive.to')}</dt>
        <dd>{payment.beneficiaryName}</dd>
      </div>
      {payment.submittedDate && (
        <div>
          <dt>{t('globalPayouts.receive.sent')}</dt>
          <dd>{day(payment.submittedDate)}</dd>
        </div>
      )}
      <div>
        <dt>{t('globalPayouts.receive.fees')}</dt>
        <dd>
          {t(
            payment.feeIsBen
              ? 'globalPayouts.receive.feeIsBen'
              : 'globalPayouts.receive.feeIsSender',
          )}
        </dd>
      </div>
      {payment.paidAmount && payment.paidCurrencyCode && payment.paidMethod && (
        <div>
          <dt>{t('globalPayouts.receive.paidOut')}</dt>
          <dd>
            {t('globalPayouts.table.paidAs', {
              amount: money(payment.paidAmount, payment.paidCurrencyCode),
              method: t(`globalPayouts.method.${payment.paidMethod}`),
            })}
          </dd>
        </div>
      )}
      <div>
        <dt>{t('globalPayouts.receive.status')}</dt>
        <dd>
          <StatusBadge tone={PAYMENT_STATUS_TONE[payment.status]}>
            {t(`globalPayouts.status.${payment.status}`)}
          </StatusBadge>
        </dd>
      </div>
    </dl>
  );
}

function ClaimCard({ secret, payment }: { secret: string; payment: ClaimDetails }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const money = useFormatMoney();
  const day = useFormatDate();
  const [state, dispatch] = useReducer(claimReducer, INITIAL_CLAIM);
  const step = currentClaimStep(state);
  const isClaimable = CLAIMABLE.includes(payment.status) && step !== 'done';
  return (
    <Card>
      <Stack gap="lg">
        <Stack gap={6}>
          <Text size="sm" c="dimmed">
            {t('globalPayouts.receive.label', { brand: brand.projectName })}
          </Text>
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            {t('globalPayouts.receive.sends', { name: payment.senderName })}
          </Title>
        </Stack>
        <div className={classes.hero}>
          <span className={classes.heroAmount} data-testid="receive-amount">
            {money(payment.amount, payment.currencyCode)}
          </span>
          {isClaimable && (
            <Text size="sm" c="dimmed">
              {t('globalPayouts.receive.expiresOn', { date: day(payment.expiresAt) })}
            </Text>
          )}
        </div>
        <PaymentFacts payment={payment} />
        {step === 'done' ? (
          <DoneNotice />
        ) : isClaimable ? (
          <ClaimSteps secret={secret} payment={payment} state={state} dispatch={dispatch} />
        ) : (
          <ClosedNotice status={payment.status} />
        )}
        <Text size="xs" c="dimmed" display="flex" style={{ gap: 6, alignItems: 'flex-start' }}>
          <AlertIcon size={14} aria-hidden="true" style={{ flex: 'none', marginTop: 2 }} />
          {t('globalPayouts.receive.safety', { brand: brand.projectName })}
        </Text>
      </Stack>
    </Card>
  );
}

/** A payment that can no longer be claimed says why, calmly, and nothing else. */
function ClosedNotice({ status }: { status: ClaimDetails['status'] }) {
  const { t } = useTranslation();
  return (
    <Alert color="blue" variant="light" icon={<InfoIcon />} role="status">
      {t(`globalPayouts.receive.closed.${status}`)}
    </Alert>
  );
}

function DoneNotice() {
  const { t } = useTranslation();
  return (
    <Alert
      color="teal"
      variant="light"
      icon={<CheckCircleIcon />}
      title={t('globalPayouts.receive.doneTitle')}
      role="status"
    >
      {t('globalPayouts.receive.doneText')}
    </Alert>
  );
}

function StepFrame({
  number,
  title,
  done,
  children,
}: {
  number: number;
  title: string;
  done: boolean;
  children?: ReactNode;
}) {
  return (
    <section className={classes.step} aria-label={title}>
      <span className={`${classes.stepNumber} ${done ? classes.stepDone : ''}`} aria-hidden="true">
        {number}
      </span>
      <Stack gap="sm">
        <Title order={2} fz="md">
          {title}
        </Title>
        {children}
      </Stack>
    </section>
  );
}

type Dispatch = (action: Parameters<typeof claimReducer>[1]) => void;

function ClaimSteps({
  secret,
  payment,
  state,
  dispatch,
}: {
  secret: string;
  payment: ClaimDetails;
  state: ClaimState;
  dispatch: Dispatch;
}) {
  const { t } = useTranslation();
  const step = currentClaimStep(state);
  const isLocked = state.operation !== null;
  const hasChoices = state.countryCode !== null;
  return (
    <Stack gap="lg">
      <StepFrame
        number={1}
        title={t('globalPayouts.receive.countryStep')}
        done={state.countryCode !== null}
      >
        <CountryChoice
          secret={secret}
          value={state.countryCode}
          disabled={isLocked}
          onChange={(countryCode) => dispatch({ type: 'country', countryCode })}
        />
      </StepFrame>
      <StepFrame
        number={2}
        title={t('globalPayouts.receive.methodStep')}
        done={step === 'details' || step === 'code'}
      >
        {state.countryCode && (
          <MethodChoice
            secret={secret}
            payment={payment}
            state={state}
            disabled={isLocked}
            dispatch={dispatch}
          />
        )}
      </StepFrame>
      <StepFrame number={3} title={t('globalPayouts.receive.detailsStep')} done={step === 'code'}>
        {(step === 'details' || step === 'code') &&
          state.countryCode &&
          state.method &&
          state.currencyCode && (
            <BeneficiaryForm
              secret={secret}
              countryCode={state.countryCode}
              method={state.method}
              currencyCode={state.currencyCode}
              disabled={isLocked}
              onSubmitted={(operation) => dispatch({ type: 'submitted', operation })}
            />
          )}
      </StepFrame>
      <StepFrame number={4} title={t('globalPayouts.receive.codeStep')} done={false}>
        {state.operation && (
          <CodeForm
            secret={secret}
            operation={state.operation}
            onApproved={() => dispatch({ type: 'approved' })}
          />
        )}
      </StepFrame>
      <Group justify="space-between" gap="sm">
        <RefuseButton secret={secret} disabled={isLocked} />
        {hasChoices && (
          <Button variant="subtle" onClick={() => dispatch({ type: 'reset' })}>
            {t('globalPayouts.receive.startAgain')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function CountryChoice({
  secret,
  value,
  disabled,
  onChange,
}: {
  secret: string;
  value: string | null;
  disabled: boolean;
  onChange: (countryCode: string | null) => void;
}) {
  const { t } = useTranslation();
  const countryName = useCountryName();
  const countries = useClaimCountries(secret);
  if (countries.isError)
    return (
      <LoadFailed
        title={t('globalPayouts.receive.countriesFailed')}
        error={countries.error}
        onRetry={() => void countries.refetch()}
        retrying={countries.isFetching}
      />
    );
  const options = (countries.data ?? [])
    .map((code) => ({ value: code, label: countryName(code) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return (
    <NativeSelect
      {...SELECT_LOOK}
      label={t('globalPayouts.receive.country')}
      description={t('globalPayouts.receive.countryHint')}
      disabled={disabled || countries.isPending}
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value || null)}
      data={[
        {
          value: '',
          label: countries.isPending
            ? t('globalPayouts.receive.loadingCountries')
            : t('globalPayouts.receive.chooseCountry'),
        },
        ...options,
      ]}
    />
  );
}

function MethodChoice({
  secret,
  payment,
  state,
  disabled,
  dispatch,
}: {
  secret: string;
  payment: ClaimDetails;
  state: ClaimState;
  disabled: boolean;
  dispatch: Dispatch;
}) {
  const { t } = useTranslation();
  const methods = useClaimMethods(secret, state.countryCode ?? '');
  if (methods.isPending)
    return (
      <Skeleton height={72} radius="md" aria-label={t('globalPayouts.receive.loadingMethods')} />
    );
  if (methods.isError)
    return (
      <LoadFailed
        title={t('globalPayouts.receive.methodsFailed')}
        error={methods.error}
        onRetry={() => void methods.refetch()}
        retrying={methods.isFetching}
      />
    );
  if (methods.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('globalPayouts.receive.noMethods')}
      </Text>
    );
  const chosen = methods.data.find((method) => method.name === state.method);
  return (
    <Stack gap="sm">
      <Radio.Group
        label={t('globalPayouts.receive.method')}
        value={state.method ?? ''}
        onChange={(name) => {
          const method = methods.data.find((candidate) => candidate.name === name);
          if (!method) return;
          // The payment's own currency first when the method pays in it: no exchange needed.
          const currencyCode =
            method.currencies.find((code) => code === payment.currencyCode) ??
            method.currencies[0] ??
            null;
          dispatch({ type: 'method', method: method.name, currencyCode });
        }}
      >
        <Stack gap="xs" mt="xs">
          {methods.data.map((method) => (
            <Radio.Card
              key={method.name}
              value={method.name}
              className={classes.method}
              disabled={disabled}
            >
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator />
                <div>
                  <Text fw={600} size="sm">
                    {t(`globalPayouts.method.${method.name}`)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('globalPayouts.receive.paysIn', {
                      currencies: method.currencies.join(', '),
                    })}
                  </Text>
                </div>
              </Group>
            </Radio.Card>
          ))}
        </Stack>
      </Radio.Group>
      {chosen && chosen.currencies.length > 1 && (
        <NativeSelect
          {...SELECT_LOOK}
          label={t('globalPayouts.receive.currency')}
          disabled={disabled}
          value={state.currencyCode ?? ''}
          onChange={(event) =>
            dispatch({ type: 'currency', currencyCode: event.currentTarget.value || null })
          }
          data={chosen.currencies}
        />
      )}
      {state.method && state.currencyCode && state.countryCode && (
        <MetaFacts
          secret={secret}
          payment={payment}
          method={state.method}
          currencyCode={state.currencyCode}
          countryCode={state.countryCode}
        />
      )}
    </Stack>
  );
}

/** What arrives: the rate, the amount in the chosen currency and the fee (spec 2 §3 payment meta). */
function MetaFacts({
  secret,
  payment,
  method,
  currencyCode,
  countryCode,
}: {
  secret: string;
  payment: ClaimDetails;
  method: ClaimMethodName;
  currencyCode: string;
  countryCode: string;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const rate = useFormatRate();
  const meta = useClaimMeta(secret, {
    paymentMethod: method,
    toCurrencyCode: currencyCode,
    countryCode,
  });
  if (meta.isPending)
    return (
      <Stack gap={6} aria-busy="true">
        <Text size="sm" c="dimmed" role="status">
          {t('globalPayouts.receive.loadingMeta')}
        </Text>
        <Skeleton height={60} radius="md" />
      </Stack>
    );
  if (meta.isError)
    return (
      <LoadFailed
        title={t('globalPayouts.receive.metaFailed')}
        error={meta.error}
        onRetry={() => void meta.refetch()}
        retrying={meta.isFetching}
      />
    );
  return (
    <Paper withBorder radius="md" p="md" bg="gray.0">
      <dl className={classes.facts} aria-label={t('globalPayouts.receive.whatArrives')}>
        {currencyCode !== payment.currencyCode && (
          <div>
            <dt>{t('globalPayouts.receive.rate')}</dt>
            <dd>
              {t('globalPayouts.receive.rateValue', {
                from: payment.currencyCode,
                rate: rate(meta.data.exchangeRate),
                to: currencyCode,
              })}
            </dd>
          </div>
        )}
        <div>
          <dt>{t('globalPayouts.receive.fee')}</dt>
          <dd>{money(meta.data.fee, currencyCode)}</dd>
        </div>
        <div>
          <dt>{t('globalPayouts.receive.youGet')}</dt>
          <dd data-testid="receive-to-amount">{money(meta.data.toAmount, currencyCode)}</dd>
        </div>
      </dl>
    </Paper>
  );
}

/** What each field of the beneficiary details is for, to help the browser fill it in. */
const AUTOCOMPLETE: Record<ClaimExtraParam['name'], string> = {
  cardNumber: 'cc-number',
  cardholderName: 'cc-name',
  iban: 'off',
  bic: 'off',
  accountHolderName: 'name',
};

function BeneficiaryForm({
  secret,
  countryCode,
  method,
  currencyCode,
  disabled,
  onSubmitted,
}: {
  secret: string;
  countryCode: string;
  method: ClaimMethodName;
  currencyCode: string;
  disabled: boolean;
  onSubmitted: (operation: ClaimOperation) => void;
}) {
  const { t } = useTranslation();
  const params = useClaimExtraParams(secret, method);
  const submit = useSubmitClaim(secret);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Record<string, string>>({ defaultValues: {} });
  if (params.isPending)
    return (
      <Stack gap="sm" aria-busy="true">
        <Text size="sm" c="dimmed" role="status">
          {t('globalPayouts.receive.loadingDetails')}
        </Text>
        <Skeleton height={100} radius="md" />
      </Stack>
    );
  if (params.isError)
    return (
      <LoadFailed
        title={t('globalPayouts.receive.detailsFailed')}
        error={params.error}
        onRetry={() => void params.refetch()}
        retrying={params.isFetching}
      />
    );
  const fields = params.data;
  const fieldOf = (name: string) =>
    fields.find((param) => `paymentDetails.${param.name}` === name || param.name === name);
  const onSubmit = handleSubmit((values) => {
    const paymentDetails = Object.fromEntries(
      fields.map((param) => [param.name, (values[param.name] ?? '').trim()]),
    ) as ClaimSubmitRequest['paymentDetails'];
    submit.mutate(
      { paymentMethod: method, currencyCode, countryCode, paymentDetails },
      {
        onSuccess: (answer) =>
          onSubmitted({
            operationId: answer.operationId,
            approveType: answer.approveType,
            approvalSentTo: answer.approvalSentTo,
          }),
        onError: (error) => {
          const problems = isApiError(error) ? error.validationErrors : undefined;
          if (!problems) return;
          for (const [name, message] of Object.entries(problems)) {
            const param = fieldOf(name);
            if (param) setError(param.name, { type: 'server', message }, { shouldFocus: true });
          }
        },
      },
    );
  });
  const isOnFields =
    isApiError(submit.error) &&
    Object.keys(submit.error.validationErrors ?? {}).some((name) => fieldOf(name) !== undefined);
  const isBusy = disabled || submit.isPending;
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={submit.isPending}>
      <Stack gap="sm">
        {fields.map((param) => (
          <TextInput
            key={param.name}
            size="md"
            label={t(`globalPayouts.field.${param.name}`)}
            withAsterisk={param.required}
            maxLength={param.maxLength}
            autoComplete={AUTOCOMPLETE[param.name]}
            inputMode={param.name === 'cardNumber' ? 'numeric' : undefined}
            disabled={isBusy}
            error={globalPayMessage(t, errors[param.name]?.message)}
            {...register(param.name, {
              validate: (value) =>
                !param.required || (value ?? '').trim() !== '' || 'validation.required',
            })}
          />
        ))}
        {submit.error !== null && !isOnFields && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
            {describeGlobalPayError(t, submit.error)}
          </Alert>
        )}
        {!disabled && (
          <Group justify="flex-end">
            <Button type="submit" size="md" loading={submit.isPending}>
              {t('globalPayouts.receive.submit')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

const codeFormSchema = z.object({ code: sixDigitCodeSchema });
type CodeFormInput = z.input<typeof codeFormSchema>;
type CodeFormOutput = z.output<typeof codeFormSchema>;

function CodeForm({
  secret,
  operation,
  onApproved,
}: {
  secret: string;
  operation: ClaimOperation;
  onApproved: () => void;
}) {
  const { t } = useTranslation();
  const approve = useApproveClaim(secret);
  const resend = useResendClaimCode(secret);
  const sentTo = resend.data?.approvalSentTo ?? operation.approvalSentTo;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CodeFormInput, unknown, CodeFormOutput>({
    resolver: schemaResolver(codeFormSchema),
    defaultValues: { code: '' },
  });
  const onSubmit = handleSubmit(({ code }) =>
    approve.mutate(
      { operationId: operation.operationId, approvalCode: code },
      {
        onSuccess: onApproved,
        onError: (error) => {
          const message = isApiError(error)
            ? (error.validationErrors?.approvalCode ?? error.validationErrors?.code)
            : undefined;
          if (message) setError('code', { type: 'server', message }, { shouldFocus: true });
        },
      },
    ),
  );
  const onField =
    isApiError(approve.error) &&
    !!(approve.error.validationErrors?.approvalCode ?? approve.error.validationErrors?.code);
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={approve.isPending}>
      <Stack gap="sm">
        <Text size="sm">
          {sentTo
            ? t('globalPayouts.receive.codeSentTo', { sentTo })
            : t('globalPayouts.receive.codeSent')}
        </Text>
        <OneTimeCodeField
          label={t('globalPayouts.receive.code')}
          description={t('globalPayouts.receive.codeHint')}
          maxLength={12}
          size="md"
          error={globalPayMessage(t, errors.code?.message)}
          disabled={approve.isPending}
          // The code step appears after Continue: the keyboard lands where the code goes.
          autoFocus
          {...register('code')}
        />
        {approve.error !== null && !onField && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
            {describeGlobalPayError(t, approve.error)}
          </Alert>
        )}
        <div role="status" aria-live="polite">
          {resend.isSuccess && (
            <Text size="sm" c="teal.9">
              {t('globalPayouts.receive.resent')}
            </Text>
          )}
        </div>
        {resend.error !== null && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
            {describeGlobalPayError(t, resend.error)}
          </Alert>
        )}
        <Group justify="space-between" gap="sm">
          <Button
            variant="subtle"
            onClick={() =>
              resend.mutate({
                operationId: operation.operationId,
                approveType: operation.approveType,
              })
            }
            loading={resend.isPending}
            disabled={approve.isPending}
          >
            {t('globalPayouts.receive.resend')}
          </Button>
          <Button type="submit" size="md" loading={approve.isPending}>
            {t('globalPayouts.receive.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Refusing sends the money back to the sender (spec 2 §4): asked once more before it happens. */
function RefuseButton({ secret, disabled }: { secret: string; disabled: boolean }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const refuse = useRefuseClaim(secret);
  return (
    <>
      <Button variant="default" color="red" onClick={() => setOpen(true)} disabled={disabled}>
        {t('globalPayouts.receive.refuse')}
      </Button>
      <Dialog
        opened={isOpen}
        onClose={() => {
          setOpen(false);
          refuse.reset();
        }}
        title={t('globalPayouts.receive.refuseTitle')}
        closeLabel={t('globalPayouts.receive.close')}
        size="sm"
      >
        <Stack gap="md">
          <Text size="sm">{t('globalPayouts.receive.refuseText')}</Text>
          {refuse.error !== null && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
              {describeGlobalPayError(t, refuse.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setOpen(false)} data-autofocus>
              {t('globalPayouts.receive.keep')}
            </Button>
            <Button
              color="red"
              loading={refuse.isPending}
              onClick={() => refuse.mutate(undefined, { onSuccess: () => setOpen(false) })}
            >
              {t('globalPayouts.receive.refuseConfirm')}
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </>
  );
}
