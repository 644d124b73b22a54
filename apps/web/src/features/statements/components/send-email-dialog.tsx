import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { useQuery } from '@tanstack/react-query';
import type { ExportItem } from '@ledgerline/contract';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { customerInfoQueryOptions, useApiClient, useSessionState } from '@/app/session';
import { isApiError } from '@/lib/api-error';
import { Dialog } from '@/ui/dialog';
import { describeApiError, fieldMessage } from '@/ui/field-message';
import { AlertIcon, CheckCircleIcon } from '@/ui/icons';
import { useSendExportToEmail } from '../api/exports';
import frame from '@/ui/page-frame.module.css';

const emailSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(254, 'validation.tooLong')
    .pipe(z.email('validation.email')),
});
type EmailValues = z.infer<typeof emailSchema>;

/** The customer's own address to offer: the login, when it is an e-mail address. */
function loginEmail(login: string | undefined): string {
  return login && z.email().safeParse(login).success ? login : '';
}

/** "Send to e-mail": a ready file's link goes to the address given (the customer's own, offered first). */
export function SendEmailDialog({
  item,
  onClose,
}: {
  item: ExportItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const send = useSendExportToEmail();
  const close = () => {
    send.reset();
    onClose();
  };
  return (
    <Dialog
      opened={item !== null}
      onClose={close}
      title={t('statements.email.title')}
      closeLabel={t('statements.close')}
    >
      {item &&
        (send.isSuccess ? (
          <Sent email={send.variables.email} onClose={close} />
        ) : (
          <EmailForm item={item} send={send} onCancel={close} />
        ))}
    </Dialog>
  );
}

function Sent({ email, onClose }: { email: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Group gap="xs" wrap="nowrap" align="flex-start" role="status">
        <CheckCircleIcon aria-hidden="true" color="var(--mantine-color-teal-8)" />
        <Text size="sm">{t('statements.email.sent', { email })}</Text>
      </Group>
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          {t('statements.close')}
        </Button>
      </Group>
    </Stack>
  );
}

function EmailForm({
  item,
  send,
  onCancel,
}: {
  item: ExportItem;
  send: ReturnType<typeof useSendExportToEmail>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const client = useApiClient();
  const { customerId } = useSessionState();
  const customer = useQuery(customerInfoQueryOptions(client, customerId));
  const ownEmail = loginEmail(customer.data?.customer.login);
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<EmailValues>({
    resolver: schemaResolver(emailSchema),
    defaultValues: { email: ownEmail },
  });
  // Customer info may arrive after the dialog opened: offer the address unless something was typed.
  useEffect(() => {
    if (ownEmail && getValues('email') === '') setValue('email', ownEmail);
  }, [ownEmail, getValues, setValue]);

  const submit = handleSubmit((values) =>
    send.mutate(
      { exportId: item.exportId, email: values.email },
      {
        onError: (error) => {
          const message = isApiError(error) ? error.validationErrors?.email : undefined;
          if (message) setError('email', { message });
        },
      },
    ),
  );
  const otherError =
    send.isError && !(isApiError(send.error) && send.error.validationErrors?.email);

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <fieldset className={frame.fieldset} disabled={send.isPending}>
        <Stack gap="md">
          <Text size="sm">{t('statements.email.intro', { fileName: item.fileName })}</Text>
          <TextInput
            type="email"
            label={t('statements.email.address')}
            autoComplete="email"
            data-autofocus
            error={fieldMessage(t, errors.email?.message)}
            {...register('email')}
          />
          {otherError && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
              {describeApiError(t, send.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onCancel}>
              {t('statements.cancel')}
            </Button>
            <Button type="submit" loading={send.isPending}>
              {t('statements.email.submit')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}
