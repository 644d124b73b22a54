import {
  Alert,
  Button,
  Container,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import {
  PAYMENT_DESCRIPTION_MAX,
  buttonPublicIdSchema,
  payNameHandleSchema,
} from '@ledgerline/contract/pay/routes';
import { positiveAmountSchema, type PayButtonPage, type PayNamePage } from '@ledgerline/contract';
import { ExactDecimal } from '@ledgerline/domain/exact-decimal';
import { hasValidMinorUnits } from '@ledgerline/domain/money';
import { normalizeAmountInput } from '@ledgerline/domain/transfers';
import { useMemo, useState, type ReactNode } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { isApiError } from '@/lib/api-error';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { describeApiError, fieldMessage } from '@/ui/field-message';
import { AlertIcon, ChevronDownIcon } from '@/ui/icons';
import { LoadFailed } from '@/ui/load-failed';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useFormatMoney } from '../../format';
import {
  useButtonPayPage,
  useNamePayPage,
  useStartButtonPayment,
  useStartNamePayment,
} from '../api';
import classes from './hosted-pay-page.module.css';
import { InvalidLink } from './invalid-link';
import { MerchantLogo } from './merchant-logo';

/*
 * A saved button's page (/pay/button/:publicId) and a pay-by-name page (/pay/name/:handle), open
 * to everyone (issue 18): who receives, its logo, what for; the amount when the payer chooses it
 * (and the currency, by name). "Continue" makes the merchant's payment request and opens its pay
 * page, /pay/<token>, where the payer signs in and pays.
 */

const FIELDS = ['amount', 'currency', 'description'] as const;
type Field = (typeof FIELDS)[number];

interface FormInput {
  amount: string;
  currency: string;
  description: string;
}

const decimal = (value: string) => new ExactDecimal(value);

/** The form's schema: the amount when the payer types one (its bounds and the currency's decimals). */
function formSchema(options: {
  amountOpen: boolean;
  min: string | null;
  max: string | null;
  fixedCurrency: string | null;
}) {
  return z
    .object({
      amount: options.amountOpen
        ? z
            .string()
            .transform(normalizeAmountInput)
            .pipe(z.string().min(1, 'validation.required').pipe(positiveAmountSchema))
        : z.string(),
      currency: z.string().min(1, 'validation.required'),
      description: z
        .string()
        .trim()
        .max(PAYMENT_DESCRIPTION_MAX, 'validation.tooLong')
        // eslint-disable-next-line no-control-regex -- refusing control characters is the point
        .refine((text) => !/[\u0000-\u001f\u007f]/.test(text), 'validation.invalidValue'),
    })
    .superRefine((value, ctx) => {
      if (!options.amountOpen) return;
      const currency = options.fixedCurrency ?? value.currency;
      const issue = (message: string) =>
        ctx.addIssue({ code: 'custom', path: ['amount'], message });
      if (currency && !hasValidMinorUnits(value.amount, currency))
        issue('validation.amountMinorUnits');
      else if (options.min !== null && decimal(value.amount).lt(decimal(options.min)))
        issue('validation.amountBelowMin');
      else if (options.max !== null && decimal(value.amount).gt(decimal(options.max)))
        issue('validation.amountAboveMax');
    });
}

type FormValues = z.output<ReturnType<typeof formSchema>>;

/** The shell every state of both pages shares: the public layout's narrow card. */
function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(t('pay.pageTitle'));
  return (
    <Container size="sm" py={{ base: 'lg', sm: 48 }} w="100%">
      {children}
    </Container>
  );
}

function Loading() {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      className={classes.card}
      aria-busy="true"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed" role="status">
          {t('pay.loading')}
        </Text>
        <Skeleton height={28} width="70%" radius="sm" />
        <Skeleton height={40} width="45%" radius="sm" />
      </Stack>
    </Paper>
  );
}

/** Loading, "not valid" (unknown, disabled, switched off, malformed) or the load failed. */
function PageState<T>({
  query,
  children,
}: {
  query: {
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    error: unknown;
    data: T | undefined;
    refetch: () => unknown;
  };
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <Loading />;
  if (query.isError || query.data === undefined) {
    if (isApiError(query.error) && (query.error.status === 404 || query.error.status === 400))
      return <InvalidLink />;
    return (
      <div className={classes.card}>
        <LoadFailed
          title={t('pay.loadFailed')}
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </div>
    );
  }
  return <>{children(query.data)}</>;
}

/** /pay/button/:publicId — a merchant's saved payment button. */
export function ButtonPayPage() {
  const { publicId = '' } = useParams();
  const isValid = buttonPublicIdSchema.safeParse(publicId).success;
  return <Shell>{isValid ? <ButtonCard publicId={publicId} /> : <InvalidLink />}</Shell>;
}

function ButtonCard({ publicId }: { publicId: string }) {
  const page = useButtonPayPage(publicId);
  const start = useStartButtonPayment(publicId);
  return (
    <PageState query={page}>
      {(button: PayButtonPage) => (
        <StartCard
          merchantName={button.merchantName}
          logoUrl={button.logoUrl}
          description={button.description}
          fixedAmount={button.amount}
          min={button.minAmount}
          max={button.maxAmount}
          currencies={[button.currency]}
          pending={start.isPending}
          onStart={(values, done) =>
            start.mutate(button.amount === null ? { amount: values.amount } : {}, done)
          }
        />
      )}
    </PageState>
  );
}

/** /pay/name/:handle — pay a business by its pay-by-name handle. */
export function NamePayPage() {
  const { handle = '' } = useParams();
  const isValid = payNameHandleSchema.safeParse(handle).success;
  return <Shell>{isValid ? <NameCard handle={handle} /> : <InvalidLink />}</Shell>;
}

function NameCard({ handle }: { handle: string }) {
  const page = useNamePayPage(handle);
  const start = useStartNamePayment(handle);
  return (
    <PageState query={page}>
      {(payee: PayNamePage) => (
        <StartCard
          merchantName={payee.merchantName}
          logoUrl={payee.logoUrl}
          description={null}
          fixedAmount={null}
          min={null}
          max={null}
          currencies={payee.currencies}
          pending={start.isPending}
          onStart={(values, done) =>
            start.mutate(
              {
                amount: values.amount,
                currency: values.currency,
                ...(values.description ? { description: values.description } : {}),
              },
              done,
            )
          }
        />
      )}
    </PageState>
  );
}

interface StartCardProps {
  merchantName: string;
  logoUrl: string | null;
  /** A button's description; null on a pay-by-name page, where the payer may write one. */
  description: string | null;
  fixedAmount: string | null;
  min: string | null;
  max: string | null;
  /** One for a button; the payee's for pay-by-name (a choice when more than one). */
  currencies: string[];
  pending: boolean;
  onStart: (
    values: FormValues,
    done: { onSuccess: (token: string) => void; onError: (error: unknown) => void },
  ) => void;
}

function StartCard(props: StartCardProps) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<unknown>(null);
  const { fixedAmount, min, max, currencies } = props;
  const byName = props.description === null;
  const onlyCurrency = currencies.length === 1 ? (currencies[0] ?? '') : null;
  const resolver = useMemo(
    () =>
      schemaResolver(
        formSchema({ amountOpen: fixedAmount === null, min, max, fixedCurrency: onlyCurrency }),
      ),
    [fixedAmount, min, max, onlyCurrency],
  );
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<FormInput, unknown, FormValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: { amount: '', currency: onlyCurrency ?? '', description: '' },
  });
  const currency = onlyCurrency ?? watch('currency');

  // The server's field messages land on the fields; anything else shows above the button.
  const placeOnFields = (error: unknown): boolean => {
    if (!isApiError(error) || !error.validationErrors) return false;
    let placed = false;
    for (const [wire, message] of Object.entries(error.validationErrors)) {
      if (message && (FIELDS as readonly string[]).includes(wire)) {
        setError(wire as FieldPath<FormInput>, { type: 'server', message });
        placed = true;
      }
    }
    return placed;
  };
  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    props.onStart(values, {
      onSuccess: (token) => void navigate(`/pay/${token}`),
      onError: (error) => {
        if (!placeOnFields(error)) setFailure(error);
      },
    });
  });
  const err = (field: Field) => fieldMessage(t, errors[field]?.message);
  const bounds =
    min !== null && max !== null
      ? t('pay.link.between', { min: money(min, currency), max: money(max, currency) })
      : min !== null
        ? t('pay.link.atLeast', { min: money(min, currency) })
        : max !== null
          ? t('pay.link.atMost', { max: money(max, currency) })
          : undefined;

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} className={classes.card}>
      <form onSubmit={onSubmit} noValidate aria-busy={props.pending}>
        <fieldset
          disabled={props.pending}
          style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
        >
          <Stack gap="lg">
            <Stack gap={6}>
              <MerchantLogo url={props.logoUrl} name={props.merchantName} />
              <Text size="sm" c="dimmed">
                {t(byName ? 'pay.link.byNameLabel' : 'pay.link.buttonLabel')}
              </Text>
              <Title order={1} fz={{ base: 22, sm: 26 }}>
                {t('pay.link.payTo', { name: props.merchantName })}
              </Title>
            </Stack>
            {fixedAmount !== null && onlyCurrency !== null && (
              <span className={classes.amount} data-testid="pay-amount">
                {money(fixedAmount, onlyCurrency)}
              </span>
            )}
            {props.description !== null && (
              <dl className={classes.facts}>
                <div>
                  <dt>{t('pay.for')}</dt>
                  <dd>{props.description}</dd>
                </div>
              </dl>
            )}
            {fixedAmount === null && (
              <TextInput
                label={
                  onlyCurrency
                    ? t('pay.link.amountIn', { currency: onlyCurrency })
                    : t('pay.amount')
                }
                description={bounds}
                inputMode="decimal"
                autoComplete="off"
                error={err('amount')}
                {...register('amount')}
              />
            )}
            {onlyCurrency === null && (
              <NativeSelect
                label={t('pay.link.currency')}
                data={[
                  { value: '', label: t('pay.link.chooseCurrency') },
                  ...currencies.map((code) => ({ value: code, label: code })),
                ]}
                error={err('currency')}
                rightSection={<ChevronDownIcon size={16} />}
                rightSectionPointerEvents="none"
                {...register('currency')}
              />
            )}
            {byName && (
              <TextInput
                label={t('pay.link.whatFor')}
                description={t('pay.link.whatForHint')}
                maxLength={PAYMENT_DESCRIPTION_MAX}
                autoComplete="off"
                error={err('description')}
                {...register('description')}
              />
            )}
            {failure !== null && (
              <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
                {describeApiError(t, failure)}
              </Alert>
            )}
            <Button type="submit" size="md" loading={props.pending}>
              {t('pay.link.continue')}
            </Button>
            <Text size="xs" c="dimmed">
              {t('pay.link.next')}
            </Text>
          </Stack>
        </fieldset>
      </form>
    </Paper>
  );
}
