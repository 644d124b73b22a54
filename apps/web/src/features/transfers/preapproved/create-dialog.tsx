import { Alert, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PREAPPROVAL_FREQUENCIES,
  preapprovalCreateRequestSchema,
  type Account,
  type Preapproval,
  type PreapprovalFrequency,
} from '@ledgerline/contract';
import { ACCOUNT_TYPES } from '@ledgerline/domain/accounts';
import { isApiError } from '@/lib/api-error';
import { DateField } from '@/ui/date-field';
import { Dialog } from '@/ui/dialog';
import { describeApiError, fieldMessage } from '@/ui/field-message';
import { AlertIcon, InfoIcon } from '@/ui/icons';
import { OneTimeCodeField } from '@/ui/one-time-code-field';
import frame from '@/ui/page-frame.module.css';
import { useAccountLabel } from '../format';
import { useConfirmPreapproval, useCreatePreapproval } from './api';

const FACTOR_PUSH = 1;

function issuesOf(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }) {
  const out: Record<string, string> = {};
  for (const issue of error.issues) out[String(issue.path[0] ?? '')] ??= issue.message;
  return out;
}

interface Started {
  preapproval: Preapproval;
  approveType: number;
  approvalSentTo: string | null;
}

/**
 * "New pre-approval": the merchant's e-mail, the account it may take from, the most one payment
 * may be, how often, and an optional last day and total. Then the customer's transfer second
 * factor (a code, or the phone app) makes it active.
 */
export function CreatePreapprovalDialog({
  accounts,
  opened,
  onClose,
}: {
  accounts: readonly Account[];
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const accountLabel = useAccountLabel();
  const create = useCreatePreapproval();
  const confirm = useConfirmPreapproval();
  const payable = accounts.filter((account) => account.type === ACCOUNT_TYPES.payment);
  const [email, setEmail] = useState('');
  const [fromAccount, setFromAccount] = useState('');
  const [amount, setAmount] = useState('');
  const [frequency, setFrequency] = useState<PreapprovalFrequency>('monthly');
  const [endDate, setEndDate] = useState('');
  const [totalAmount, setTotalAmount] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [started, setStarted] = useState<Started | null>(null);
  const done =
    confirm.data?.preapproval.status === 'active' || started?.preapproval.status === 'active';

  const close = () => {
    create.reset();
    confirm.reset();
    setEmail('');
    setFromAccount('');
    setAmount('');
    setFrequency('monthly');
    setEndDate('');
    setTotalAmount('');
    setCode('');
    setErrors({});
    setStarted(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = {
      beneficiaryEmail: email.trim(),
      fromAccount: Number(fromAccount) || 0,
      amount: amount.trim(),
      frequency,
      ...(endDate ? { endDate } : {}),
      ...(totalAmount.trim() ? { totalAmount: totalAmount.trim() } : {}),
    };
    const parsed = preapprovalCreateRequestSchema.safeParse(request);
    if (!parsed.success) {
      const issues = issuesOf(parsed.error);
      if (fromAccount === '') issues.fromAccount = 'validation.required';
      setErrors(issues);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (answer) => setStarted(answer),
      onError: (error) => {
        if (isApiError(error) && error.validationErrors) setErrors(error.validationErrors);
      },
    });
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!started) return;
    const push = started.approveType === FACTOR_PUSH;
    if (!push && !/^\d{6}$/.test(code.replace(/[\s-]/g, ''))) {
      setErrors({ code: 'validation.sixDigitCode' });
      return;
    }
    setErrors({});
    confirm.mutate(
      { id: started.preapproval.id, ...(push ? {} : { code: code.replace(/[\s-]/g, '') }) },
      {
        onError: (error) => {
          if (isApiError(error) && error.validationErrors) setErrors(error.validationErrors);
        },
      },
    );
  };

  const message = (field: string) => fieldMessage(t, errors[field]);

  let body;
  if (done) {
    body = (
      <Stack gap="md">
        <Alert color="teal" variant="light" icon={<InfoIcon />} role="status">
          {t('preapproved.create.done')}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={close} data-autofocus>
            {t('preapproved.close')}
          </Button>
        </Group>
      </Stack>
    );
  } else if (started) {
    const push = started.approveType === FACTOR_PUSH;
    body = (
      <form onSubmit={submitCode} noValidate>
        <fieldset className={frame.fieldset} disabled={confirm.isPending}>
          <Stack gap="md">
            <Text size="sm">
              {push
                ? t('preapproved.confirm.push')
                : started.approvalSentTo
                  ? t('preapproved.confirm.sentTo', { to: started.approvalSentTo })
                  : t('preapproved.confirm.app')}
            </Text>
            {!push && (
              <OneTimeCodeField
                label={t('preapproved.confirm.code')}
                value={code}
                onChange={(event) => setCode(event.currentTarget.value)}
                error={errors.code}
                data-autofocus
              />
            )}
            {confirm.isError && !(isApiError(confirm.error) && confirm.error.validationErrors) && (
              <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
                {describeApiError(t, confirm.error)}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('preapproved.cancelButton')}
              </Button>
              <Button type="submit" loading={confirm.isPending}>
                {push ? t('preapproved.confirm.checkPush') : t('preapproved.confirm.submit')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    );
  } else {
    body = (
      <form onSubmit={submit} noValidate>
        <fieldset className={frame.fieldset} disabled={create.isPending}>
          <Stack gap="md">
            <TextInput
              type="email"
              label={t('preapproved.create.email')}
              description={t('preapproved.create.emailHint')}
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={message('beneficiaryEmail')}
              maxLength={254}
              required
              data-autofocus
            />
            <NativeSelect
              label={t('preapproved.create.account')}
              value={fromAccount}
              onChange={(event) => setFromAccount(event.currentTarget.value)}
              error={message('fromAccount')}
              required
              data={[
                { value: '', label: t('preapproved.create.chooseAccount') },
                ...payable.map((account) => ({
                  value: String(account.accountId),
                  label: accountLabel(account),
                })),
              ]}
            />
            <Group grow align="flex-start" gap="md" wrap="wrap">
              <TextInput
                label={t('preapproved.create.amount')}
                description={t('preapproved.create.amountHint')}
                inputMode="decimal"
                value={amount}
                onChange={(event) => setAmount(event.currentTarget.value)}
                error={message('amount')}
                required
              />
              <NativeSelect
                label={t('preapproved.create.frequency')}
                value={frequency}
                onChange={(event) =>
                  setFrequency(event.currentTarget.value as PreapprovalFrequency)
                }
                data={PREAPPROVAL_FREQUENCIES.map((value) => ({
                  value,
                  label: t(`preapproved.frequency.${value}`),
                }))}
              />
            </Group>
            <Group grow align="flex-start" gap="md" wrap="wrap">
              <DateField
                label={t('preapproved.create.endDate')}
                value={endDate}
                onChange={setEndDate}
                minDate={new Date().toISOString().slice(0, 10)}
                error={message('endDate')}
              />
              <TextInput
                label={t('preapproved.create.total')}
                inputMode="decimal"
                value={totalAmount}
                onChange={(event) => setTotalAmount(event.currentTarget.value)}
                error={message('totalAmount')}
              />
            </Group>
            {create.isError && !(isApiError(create.error) && create.error.validationErrors) && (
              <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
                {describeApiError(t, create.error)}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('preapproved.cancelButton')}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t('preapproved.create.submit')}
              </Button>
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
      title={t('preapproved.create.title')}
      closeLabel={t('preapproved.close')}
      size="lg"
    >
      {body}
    </Dialog>
  );
}
