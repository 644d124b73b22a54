import { Alert, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { merchantTrustMethods } from '@ledgerline/contract';
import { isApiError } from '@/lib/api-error';
import { useAccountName } from '@/lib/account-name';
import { Dialog } from '@/ui/dialog';
import { describeApiError, fieldMessage } from '@/ui/field-message';
import { AlertIcon } from '@/ui/icons';
import frame from '@/ui/page-frame.module.css';
import { useCreateIdentityRequest, useFeeAccounts, useIdentityFee } from '../api/trust';
import { fieldIssues } from './form-issues';
import { useFormatMoney } from './trust-format';

const requestSchema = merchantTrustMethods.createIdentityVerificationRequest.request;

interface Draft {
  name: string;
  email: string;
  accountId: string;
  reference: string;
}

const EMPTY: Draft = { name: '', email: '', accountId: '', reference: '' };

/**
 * "Ask for identity verification" (issue 18): who to ask and the account the fee is paid from;
 * then the fee as the server states it, and only on confirming is it charged and the e-mail sent.
 * One idempotency key per confirmation, so a retry never charges twice.
 */
export function IdentityRequestDialog({
  customerId,
  opened,
  onClose,
}: {
  customerId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const accountName = useAccountName();
  const money = useFormatMoney();
  const accounts = useFeeAccounts(customerId);
  const create = useCreateIdentityRequest(customerId);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const accountId = step === 'confirm' && draft.accountId ? Number(draft.accountId) : null;
  const fee = useIdentityFee(customerId, accountId);
  const created = create.data;

  const close = () => {
    create.reset();
    setDraft(EMPTY);
    setStep('form');
    setErrors({});
    setIdempotencyKey(crypto.randomUUID());
    onClose();
  };

  const input = () => ({
    name: draft.name,
    email: draft.email,
    accountId: Number(draft.accountId),
    ...(draft.reference.trim() ? { reference: draft.reference } : {}),
    fee: fee.data ? String(fee.data.amount) : '1',
    idempotencyKey,
  });

  const next = (event: FormEvent) => {
    event.preventDefault();
    const parsed = requestSchema.safeParse({ ...input(), accountId: Number(draft.accountId) || 0 });
    if (!parsed.success) {
      setErrors(fieldIssues(parsed.error));
      return;
    }
    setErrors({});
    setStep('confirm');
  };

  const confirm = () => {
    if (!fee.data) return;
    // Main-API answers carry number-looking strings as numbers (contract coerceNumbers): the fee
    // goes back as the exact text the server stated.
    create.mutate(
      { ...input(), fee: String(fee.data.amount) },
      {
        onError: (error) => {
          if (isApiError(error) && error.validationErrors) {
            setErrors(error.validationErrors);
            setStep('form');
            setIdempotencyKey(crypto.randomUUID());
          }
        },
      },
    );
  };

  const set = (field: keyof Draft) => (value: string) =>
    setDraft((current) => ({ ...current, [field]: value }));
  const message = (field: string) => fieldMessage(t, errors[field]);
  const account = accounts.data?.find((item) => String(item.accountId) === draft.accountId);

  let body;
  if (created) {
    body = (
      <Stack gap="md">
        <Alert color="teal" variant="light" role="status">
          {t('merchantTrust.create.sent', { email: created.email })}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={close} data-autofocus>
            {t('merchantTrust.create.done')}
          </Button>
        </Group>
      </Stack>
    );
  } else if (step === 'confirm') {
    body = (
      <Stack gap="md">
        {fee.isPending && <Text size="sm">{t('merchantTrust.create.feeLoading')}</Text>}
        {fee.isError && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
            {describeApiError(t, fee.error)}
          </Alert>
        )}
        {fee.isSuccess && (
          <Text>
            {t('merchantTrust.create.feeText', {
              fee: money(fee.data.amount, fee.data.currencyCode),
              account: account ? accountName(account) : '',
              email: draft.email.trim(),
            })}
          </Text>
        )}
        {create.isError && !(isApiError(create.error) && create.error.validationErrors) && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
            {describeApiError(t, create.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setStep('form')} disabled={create.isPending}>
            {t('merchantTrust.create.back')}
          </Button>
          <Button
            onClick={confirm}
            loading={create.isPending}
            disabled={!fee.isSuccess}
            data-autofocus
          >
            {fee.isSuccess
              ? t('merchantTrust.create.confirm', {
                  fee: money(fee.data.amount, fee.data.currencyCode),
                })
              : t('merchantTrust.create.confirmPlain')}
          </Button>
        </Group>
      </Stack>
    );
  } else {
    body = (
      <form onSubmit={next} noValidate>
        <fieldset className={frame.fieldset}>
          <Stack gap="md">
            <TextInput
              label={t('merchantTrust.create.name')}
              value={draft.name}
              onChange={(event) => set('name')(event.currentTarget.value)}
              maxLength={128}
              error={message('name')}
              required
              data-autofocus
            />
            <TextInput
              type="email"
              label={t('merchantTrust.create.email')}
              description={t('merchantTrust.create.emailHint')}
              value={draft.email}
              onChange={(event) => set('email')(event.currentTarget.value)}
              maxLength={254}
              error={message('email')}
              required
            />
            <NativeSelect
              label={t('merchantTrust.create.account')}
              description={t('merchantTrust.create.accountHint')}
              data={[
                {
                  value: '',
                  label:
                    accounts.isSuccess && accounts.data.length === 0
                      ? t('merchantTrust.create.noAccounts')
                      : t('merchantTrust.create.chooseAccount'),
                  disabled: true,
                },
                ...(accounts.data ?? []).map((item) => ({
                  value: String(item.accountId),
                  label: `${accountName(item)} · ${money(item.balance, item.currencyCode)}`,
                })),
              ]}
              value={draft.accountId}
              onChange={(event) => set('accountId')(event.currentTarget.value)}
              error={
                message('accountId') ??
                (accounts.isError ? describeApiError(t, accounts.error) : undefined)
              }
              required
            />
            <TextInput
              label={t('merchantTrust.create.reference')}
              description={t('merchantTrust.create.referenceHint')}
              value={draft.reference}
              onChange={(event) => set('reference')(event.currentTarget.value)}
              maxLength={64}
              error={message('reference') ?? message('fee') ?? message('idempotencyKey')}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('merchantTrust.cancel')}
              </Button>
              <Button type="submit">{t('merchantTrust.create.next')}</Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    );
  }

  return (
    <Dialog
      opened={opened}
      onClose={close}
      title={
        step === 'confirm' && !created
          ? t('merchantTrust.create.confirmTitle')
          : t('merchantTrust.create.title')
      }
      closeLabel={t('merchantTrust.close')}
    >
      {body}
    </Dialog>
  );
}
