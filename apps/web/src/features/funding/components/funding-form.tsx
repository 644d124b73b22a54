import { Alert, Button, NativeSelect, Paper, Stack, TextInput, Title } from '@mantine/core';
import type { Account, FundingInvoice } from '@ledgerline/contract';
import { positiveAmountSchema } from '@ledgerline/contract';
import { hasValidMinorUnits } from '@ledgerline/domain/money';
import { normalizeAmountInput } from '@ledgerline/domain/transfers';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useAccountName } from '@/lib/account-name';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { createAttemptKeys } from '@/lib/idempotency-key';
import { describeApiError, fieldMessage } from '@/ui/field-message';
import { AlertIcon } from '@/ui/icons';
import { useCreateFundingInvoice } from '../api/funding-invoices';

const fundingSchema = z.object({
  account: z.string().min(1, 'validation.required'),
  amount: z
    .string()
    .transform(normalizeAmountInput)
    .pipe(z.string().min(1, 'validation.required').pipe(positiveAmountSchema)),
});
type FundingInput = z.input<typeof fundingSchema>;

/**
 * Choose the account and the amount; the server answers the funding invoice with its reference
 * and bank details. One idempotency key per attempt: a retry after a lost answer gets the same
 * invoice, not a second one (STYLE.md "Money").
 */
export function FundingForm({
  accounts,
  onCreated,
}: {
  accounts: readonly Account[];
  onCreated: (invoice: FundingInvoice) => void;
}) {
  const { t } = useTranslation();
  const accountName = useAccountName();
  const [keys] = useState(createAttemptKeys);
  const create = useCreateFundingInvoice();
  const { register, handleSubmit, control, setError, formState, resetField } = useForm({
    resolver: schemaResolver(fundingSchema),
    defaultValues: {
      account: accounts[0] ? String(accounts[0].accountId) : '',
      amount: '',
    } satisfies FundingInput,
  });
  const chosen = useWatch({ control, name: 'account' });
  const account = accounts.find((item) => String(item.accountId) === chosen);

  const onSubmit = handleSubmit((values) => {
    if (!account) return;
    if (!hasValidMinorUnits(values.amount, account.currencyCode)) {
      setError('amount', { message: 'validation.amountMinorUnits' }, { shouldFocus: true });
      return;
    }
    const request = { accountId: account.accountId, amount: values.amount };
    create.mutate(
      { ...request, idempotencyKey: keys.keyFor(request) },
      {
        onSuccess: (invoice) => {
          keys.renew();
          resetField('amount');
          onCreated(invoice);
        },
      },
    );
  });
  const err = (field: keyof FundingInput) => fieldMessage(t, formState.errors[field]?.message);

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="funding-form-title"
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="lg" id="funding-form-title">
            {t('funding.form.title')}
          </Title>
          <NativeSelect
            label={t('funding.form.account')}
            data={accounts.map((item) => ({
              value: String(item.accountId),
              label: accountName(item),
            }))}
            disabled={create.isPending}
            error={err('account')}
            {...register('account')}
          />
          <TextInput
            label={t('funding.form.amount')}
            description={
              account ? t('funding.form.amountHint', { currency: account.currencyCode }) : undefined
            }
            inputMode="decimal"
            autoComplete="off"
            rightSection={account?.currencyCode}
            rightSectionWidth={52}
            disabled={create.isPending}
            error={err('amount')}
            {...register('amount')}
          />
          {create.isError && (
            <Alert
              color="red"
              variant="light"
              icon={<AlertIcon />}
              title={t('funding.form.failed')}
              role="alert"
            >
              {describeApiError(t, create.error)}
            </Alert>
          )}
          <Button type="submit" loading={create.isPending} w={{ base: '100%', sm: 'fit-content' }}>
            {t('funding.form.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
