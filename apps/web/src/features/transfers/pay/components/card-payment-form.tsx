import { Alert, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import type { CardPayment, PayByCard } from '@ledgerline/contract';
import { payByCardSchema } from '@ledgerline/contract/pay/routes';
import { useState, type ChangeEvent } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { describeApiError, fieldMessage } from '@/ui/field-message';
import { AlertIcon } from '@/ui/icons';
import { usePayByCard } from '../api';

const FIELDS = ['cardNumber', 'expiry', 'cvc', 'holderName'] as const;

/** Digits only, at most 19, in groups of four as printed on the card. */
export function spacedCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** MM/YY as typed: the slash comes by itself after the month. */
export function typedExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/**
 * "Pay by card" on the hosted pay page (issue 18 "card"), signed in or not: the card's number,
 * expiry, security code and name go to the card acquiring simulator. A decline shows its reason
 * above the button and the form stays as typed; the field refusals land on their fields.
 */
export function CardPaymentForm({
  token,
  amount,
  onPaid,
}: {
  token: string;
  amount: string;
  onPaid: (payment: CardPayment) => void;
}) {
  const { t } = useTranslation();
  const pay = usePayByCard(token);
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<PayByCard>({
    resolver: schemaResolver(payByCardSchema),
    mode: 'onTouched',
    defaultValues: { cardNumber: '', expiry: '', cvc: '', holderName: '' },
  });

  // A decline is the card's outcome, not a typing mistake: it shows above the button.
  const placeOnFields = (error: unknown): boolean => {
    if (!isApiError(error) || !error.validationErrors) return false;
    let placed = false;
    for (const [wire, message] of Object.entries(error.validationErrors)) {
      if (message?.startsWith('validation.cardDeclined')) continue;
      if (message && (FIELDS as readonly string[]).includes(wire)) {
        setError(wire as FieldPath<PayByCard>, { type: 'server', message });
        placed = true;
      }
    }
    return placed;
  };
  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    pay.mutate(values, {
      onSuccess: onPaid,
      onError: (error) => {
        if (!placeOnFields(error)) setFailure(error);
      },
    });
  });
  const err = (field: (typeof FIELDS)[number]) => fieldMessage(t, errors[field]?.message);
  const reformat =
    (field: 'cardNumber' | 'expiry', format: (value: string) => string) =>
    (event: ChangeEvent<HTMLInputElement>) =>
      setValue(field, format(event.currentTarget.value), { shouldValidate: !!errors[field] });
  const cardNumber = register('cardNumber');
  const expiry = register('expiry');

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pay.isPending} aria-labelledby="pay-by-card">
      <fieldset disabled={pay.isPending} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        <Stack gap="sm">
          <Title order={2} fz="lg" id="pay-by-card">
            {t('pay.card.title')}
          </Title>
          <TextInput
            label={t('pay.card.number')}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 5678 9012 3456"
            maxLength={23}
            error={err('cardNumber')}
            {...cardNumber}
            onChange={reformat('cardNumber', spacedCardNumber)}
          />
          <Group grow align="flex-start">
            <TextInput
              label={t('pay.card.expiry')}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder={t('pay.card.expiryPlaceholder')}
              maxLength={5}
              error={err('expiry')}
              {...expiry}
              onChange={reformat('expiry', typedExpiry)}
            />
            <TextInput
              label={t('pay.card.cvc')}
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              error={err('cvc')}
              {...register('cvc')}
            />
          </Group>
          <TextInput
            label={t('pay.card.holder')}
            autoComplete="cc-name"
            maxLength={64}
            error={err('holderName')}
            {...register('holderName')}
          />
          {failure !== null && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
              {describeApiError(t, failure)}
            </Alert>
          )}
          <Button type="submit" size="md" loading={pay.isPending}>
            {t('pay.card.submit', { amount })}
          </Button>
        </Stack>
      </fieldset>
    </form>
  );
}
