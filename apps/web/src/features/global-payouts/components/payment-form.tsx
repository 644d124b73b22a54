import {
  Alert,
  Button,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import '@mantine/core/styles/SimpleGrid.css';
import { useMemo } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  positiveAmountSchema,
  type GlobalPayment,
  type GlobalPaymentInput,
} from '@ledgerline/contract';
import {
  GLOBAL_PAY_BENEFICIARY_TYPES,
  GLOBAL_PAY_COUNTRY_CODES,
  GLOBAL_PAY_FEE_SHARES,
} from '@ledgerline/domain/global-pay';
import { normalizeAmountInput } from '@ledgerline/domain/transfers';
import { isApiError } from '@/lib/api-error';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { AlertIcon, ChevronDownIcon } from '@/ui/icons';
import { useCountryMethods } from '../api/sender';
import { useCountryName } from '../format';
import { describeGlobalPayError, globalPayMessage } from '../messages';

const SELECT_LOOK = {
  rightSection: <ChevronDownIcon size={16} />,
  rightSectionPointerEvents: 'none',
} as const;

/** One payment as the sender types it; the amount in the batch's currency, as people write it. */
export const paymentFormSchema = z.object({
  beneficiaryName: z.string().trim().min(1, 'validation.required').max(140, 'validation.tooLong'),
  beneficiaryEmail: z
    .string()
    .trim()
    .pipe(z.email('validation.email').max(254, 'validation.tooLong')),
  beneficiaryCountryCode: z.string().regex(/^[A-Z]{2}$/, 'validation.required'),
  amount: z.string().transform(normalizeAmountInput).pipe(positiveAmountSchema),
  description: z.string().trim().max(140, 'validation.tooLong'),
  beneficiaryType: z.enum(GLOBAL_PAY_BENEFICIARY_TYPES),
  feeShare: z.enum(GLOBAL_PAY_FEE_SHARES),
});
export type PaymentFormInput = z.input<typeof paymentFormSchema>;
export type PaymentFormOutput = z.output<typeof paymentFormSchema> & GlobalPaymentInput;

export const EMPTY_PAYMENT: PaymentFormInput = {
  beneficiaryName: '',
  beneficiaryEmail: '',
  beneficiaryCountryCode: '',
  amount: '',
  description: '',
  beneficiaryType: 'individual',
  feeShare: 'sender',
};

/** A payment of the batch as the form edits it. */
export function paymentFormValues(payment: GlobalPayment): PaymentFormInput {
  return {
    beneficiaryName: payment.beneficiaryName,
    beneficiaryEmail: payment.beneficiaryEmail,
    beneficiaryCountryCode: payment.beneficiaryCountryCode,
    amount: payment.amount,
    description: payment.description,
    beneficiaryType: payment.beneficiaryType,
    feeShare: payment.feeShare,
  };
}

export type PaymentForm = UseFormReturn<PaymentFormInput, unknown, PaymentFormOutput>;

export function usePaymentForm(defaultValues: PaymentFormInput): PaymentForm {
  const resolver = useMemo(() => schemaResolver(paymentFormSchema), []);
  return useForm<PaymentFormInput, unknown, PaymentFormOutput>({ resolver, defaultValues });
}

const FIELDS = Object.keys(EMPTY_PAYMENT) as (keyof PaymentFormInput)[];

/**
 * Puts a refused call's reasons on the payment's fields (the server names them as the request
 * did: `payments.0.amount`, `add.0.amount`, `update.0.payment.amount` or just `amount`); answers
 * whether any landed there.
 */
export function showPaymentErrors(form: PaymentForm, error: unknown): boolean {
  if (!isApiError(error) || !error.validationErrors) return false;
  let shown = false;
  for (const [path, message] of Object.entries(error.validationErrors)) {
    const field = FIELDS.find((name) => path === name || path.endsWith(`.${name}`));
    if (field) {
      form.setError(field, { type: 'server', message }, { shouldFocus: !shown });
      shown = true;
    }
  }
  return shown;
}

/** Which payout methods the chosen country offers, in words: what the recipient may choose. */
export function CountryMethodsHint({ countryCode }: { countryCode: string }) {
  const { t } = useTranslation();
  const methods = useCountryMethods(countryCode);
  if (!countryCode) return null;
  if (methods.isPending)
    return (
      <Text size="xs" c="dimmed" role="status">
        {t('globalPayouts.batch.loadingMethods')}
      </Text>
    );
  if (methods.isError)
    return (
      <Text size="xs" c="red.8" role="alert">
        {describeGlobalPayError(t, methods.error)}
      </Text>
    );
  const allowed = methods.data.filter((method) => !method.forbidden);
  return (
    <Text size="xs" c="dimmed" data-testid="country-methods">
      {allowed.length === 0
        ? t('globalPayouts.batch.noMethods')
        : t('globalPayouts.batch.methodsHint', {
            methods: allowed
              .map((method) =>
                t('globalPayouts.batch.methodWithCurrencies', {
                  method: t(`globalPayouts.method.${method.name}`),
                  currencies: method.currencies.join(', '),
                }),
              )
              .join(' · '),
          })}
    </Text>
  );
}

/** The fields of one payment: who, where, how much, why, who pays the fee. */
export function PaymentFields({
  form,
  currencyCode,
  disabled,
}: {
  form: PaymentForm;
  currencyCode: string | null;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const countryName = useCountryName();
  const {
    register,
    formState: { errors },
  } = form;
  const countryCode = useWatch({ control: form.control, name: 'beneficiaryCountryCode' });
  const countries = useMemo(
    () =>
      GLOBAL_PAY_COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code) })).sort(
        (a, b) => a.label.localeCompare(b.label),
      ),
    [countryName],
  );
  const message = (name: keyof PaymentFormInput) => globalPayMessage(t, errors[name]?.message);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('globalPayouts.field.beneficiaryName')}
          withAsterisk
          maxLength={140}
          autoComplete="off"
          disabled={disabled}
          error={message('beneficiaryName')}
          {...register('beneficiaryName')}
        />
        <TextInput
          label={t('globalPayouts.field.beneficiaryEmail')}
          type="email"
          withAsterisk
          maxLength={254}
          autoComplete="off"
          disabled={disabled}
          error={message('beneficiaryEmail')}
          {...register('beneficiaryEmail')}
        />
        <NativeSelect
          {...SELECT_LOOK}
          label={t('globalPayouts.field.beneficiaryCountryCode')}
          withAsterisk
          disabled={disabled}
          error={message('beneficiaryCountryCode')}
          data={[{ value: '', label: t('globalPayouts.batch.chooseCountry') }, ...countries]}
          {...register('beneficiaryCountryCode')}
        />
        <TextInput
          label={
            currencyCode
              ? t('globalPayouts.field.amountIn', { currency: currencyCode })
              : t('globalPayouts.field.amount')
          }
          withAsterisk
          inputMode="decimal"
          maxLength={24}
          autoComplete="off"
          disabled={disabled}
          error={message('amount')}
          {...register('amount')}
        />
      </SimpleGrid>
      <CountryMethodsHint countryCode={countryCode} />
      <TextInput
        label={t('globalPayouts.field.description')}
        maxLength={140}
        autoComplete="off"
        disabled={disabled}
        error={message('description')}
        {...register('description')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NativeSelect
          {...SELECT_LOOK}
          label={t('globalPayouts.field.beneficiaryType')}
          disabled={disabled}
          data={GLOBAL_PAY_BENEFICIARY_TYPES.map((type) => ({
            value: type,
            label: t(`globalPayouts.beneficiaryType.${type}`),
          }))}
          {...register('beneficiaryType')}
        />
        <NativeSelect
          {...SELECT_LOOK}
          label={t('globalPayouts.field.feeShare')}
          disabled={disabled}
          data={GLOBAL_PAY_FEE_SHARES.map((share) => ({
            value: share,
            label: t(`globalPayouts.feeShare.${share}`),
          }))}
          {...register('feeShare')}
        />
      </SimpleGrid>
    </Stack>
  );
}

/** A refusal that named no field of the form: said under the fields. */
export function FormError({ error, isOnFields }: { error: unknown; isOnFields: boolean }) {
  const { t } = useTranslation();
  if (error === null || error === undefined || isOnFields) return null;
  return (
    <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
      {describeGlobalPayError(t, error)}
    </Alert>
  );
}

export function FormButtons({
  submitLabel,
  isPending,
  onCancel,
  cancelLabel,
}: {
  submitLabel: string;
  isPending: boolean;
  onCancel?: () => void;
  cancelLabel?: string;
}) {
  return (
    <Group justify="flex-end" gap="sm">
      {onCancel && (
        <Button variant="default" onClick={onCancel} disabled={isPending}>
          {cancelLabel}
        </Button>
      )}
      <Button type="submit" loading={isPending}>
        {submitLabel}
      </Button>
    </Group>
  );
}
