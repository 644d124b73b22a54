import { Button, Group, Stack, Text } from '@mantine/core';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { sixDigitCodeSchema } from '@ledgerline/domain/validation';
import { passwordChangeRequestSchema } from '@ledgerline/contract';
import { useRealtimeEvent } from '@/app/session';
import { Dialog } from '@/ui/dialog';
import { fieldMessage } from '@/ui/field-message';
import { OneTimeCodeField } from '@/ui/one-time-code-field';
import {
  useCancelPasswordChange,
  useChangePassword,
  useConfirmPasswordChange,
} from '../api/change-password';
import {
  ActionError,
  SecretField,
  Section,
  isFieldError,
  setServerFieldErrors,
} from './security-page';
import frame from '@/ui/page-frame.module.css';

type PasswordResult = 'success' | 'canceled';
interface PendingChange {
  requestKey: string;
  sentTo: string;
}

/**
 * Change password (spec 2 §7): the current password and the new one twice, then the code the
 * server e-mails. The outcome is a popup with the success text or 'Confirmation canceled' (spec 2
 * §4 "PasswordChange"), also when the change was confirmed or dropped elsewhere (the realtime event).
 */
export function PasswordSection() {
  const { t } = useTranslation();
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [result, setResult] = useState<PasswordResult | null>(null);
  // The request this screen settled itself: its realtime echo must not open the popup again.
  const settledHere = useRef<string | null>(null);

  useRealtimeEvent('PasswordChange', (event) => {
    if (pending === null && settledHere.current !== null) return;
    setPending(null);
    setResult(event.payload.result);
  });

  const settle = (requestKey: string, outcome: PasswordResult) => {
    settledHere.current = requestKey;
    setPending(null);
    setResult(outcome);
  };

  return (
    <Section title={t('security.password.title')} description={t('security.password.description')}>
      {pending === null ? (
        <PasswordForm
          onCodeSent={(change) => {
            settledHere.current = null;
            setPending(change);
          }}
        />
      ) : (
        <PasswordCodeForm
          pending={pending}
          onSettled={(outcome) => settle(pending.requestKey, outcome)}
        />
      )}
      <Dialog
        opened={result !== null}
        onClose={() => setResult(null)}
        title={t('security.password.title')}
        closeLabel={t('security.close')}
        size="sm"
      >
        <Stack gap="md">
          <Text role="status">
            {result === 'success'
              ? t('security.password.updated')
              : t('security.password.canceled')}
          </Text>
          <Group justify="flex-end">
            <Button onClick={() => setResult(null)} data-autofocus>
              {t('security.ok')}
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </Section>
  );
}

interface PasswordValues {
  password: string;
  passwordNew: string;
  passwordNewRepeat: string;
}
const PASSWORD_FIELDS = ['password', 'passwordNew', 'passwordNewRepeat'] as const;

export function PasswordForm({ onCodeSent }: { onCodeSent: (change: PendingChange) => void }) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PasswordValues>({
    resolver: schemaResolver(passwordChangeRequestSchema),
    mode: 'onTouched',
    defaultValues: { password: '', passwordNew: '', passwordNewRepeat: '' },
  });

  const onSubmit = handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: ({ requestKey, sentTo }) => onCodeSent({ requestKey, sentTo }),
      onError: (error) => setServerFieldErrors(error, PASSWORD_FIELDS, setError),
    }),
  );
  const busy = change.isPending;

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={busy}>
      <fieldset disabled={busy} className={frame.fieldset}>
        <Stack gap="md" maw={440}>
          <SecretField
            label={t('security.password.current')}
            toggleLabel={t('security.password.showCurrent')}
            autoComplete="current-password"
            error={fieldMessage(t, errors.password?.message)}
            {...register('password')}
          />
          <SecretField
            label={t('security.password.new')}
            toggleLabel={t('security.password.showNew')}
            autoComplete="new-password"
            description={t('security.password.rule')}
            error={fieldMessage(t, errors.passwordNew?.message)}
            {...register('passwordNew')}
          />
          <SecretField
            label={t('security.password.repeat')}
            toggleLabel={t('security.password.showRepeat')}
            autoComplete="new-password"
            error={fieldMessage(t, errors.passwordNewRepeat?.message)}
            {...register('passwordNewRepeat')}
          />
          <ActionError error={isFieldError(change.error, PASSWORD_FIELDS) ? null : change.error} />
          <Button type="submit" loading={busy} w="fit-content">
            {t('security.password.submit')}
          </Button>
        </Stack>
      </fieldset>
    </form>
  );
}

export function PasswordCodeForm({
  pending,
  onSettled,
}: {
  pending: PendingChange;
  onSettled: (outcome: PasswordResult) => void;
}) {
  const { t } = useTranslation();
  const confirm = useConfirmPasswordChange();
  const cancel = useCancelPasswordChange();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ code: string }>({
    resolver: schemaResolver(z.object({ code: sixDigitCodeSchema })),
    defaultValues: { code: '' },
  });

  const onSubmit = handleSubmit(({ code }) =>
    confirm.mutate(
      { requestKey: pending.requestKey, code },
      {
        onSuccess: () => onSettled('success'),
        onError: (error) => setServerFieldErrors(error, ['code'], setError),
      },
    ),
  );
  const onCancel = () =>
    cancel.mutate(pending.requestKey, { onSuccess: () => onSettled('canceled') });
  const busy = confirm.isPending || cancel.isPending;
  const failure = cancel.error ?? (isFieldError(confirm.error, ['code']) ? null : confirm.error);

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={busy}>
      <fieldset disabled={busy} className={frame.fieldset}>
        <Stack gap="md" maw={440}>
          <Text size="sm">{t('security.password.codeSent', { to: pending.sentTo })}</Text>
          <OneTimeCodeField
            w={{ base: '100%', xs: 220 }}
            label={t('security.password.code')}
            error={errors.code?.message}
            {...register('code')}
          />
          <ActionError error={failure} />
          <Group gap="sm">
            <Button type="submit" loading={confirm.isPending}>
              {t('security.password.confirm')}
            </Button>
            <Button variant="default" onClick={onCancel} loading={cancel.isPending}>
              {t('security.password.cancel')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}
