import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { contactCodeSchema } from '@ledgerline/contract';
import { isApiError } from '@/lib/api-error';
import { Dialog } from '@/ui/dialog';
import { describeApiError } from '@/ui/field-message';
import { AlertIcon, CheckCircleIcon } from '@/ui/icons';
import { OneTimeCodeField } from '@/ui/one-time-code-field';
import classes from './profile.module.css';

const codeFormSchema = z.object({ code: contactCodeSchema });
type CodeForm = z.input<typeof codeFormSchema>;

export interface CodeDialogProps {
  opened: boolean;
  title: string;
  /** Where the code went, in words ("We sent a 6-digit code to …"). */
  sentTo: string;
  /** The request's field that carries the code (its validation error lands on the input). */
  codeField: 'confirmationCode' | 'code';
  confirming: boolean;
  confirmError: unknown;
  onConfirm: (code: string) => void;
  resending: boolean;
  resent: boolean;
  resendError: unknown;
  onResend: () => void;
  onClose: () => void;
}

/**
 * Enter the 6-digit code an e-mail or SMS brought (5 minutes, 5 tries); a new one can be sent.
 * A wrong code stays in the field with the server's message under it.
 */
export function CodeDialog(props: CodeDialogProps) {
  const { t } = useTranslation();
  const { opened, confirmError, codeField } = props;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CodeForm, unknown, z.output<typeof codeFormSchema>>({
    resolver: schemaResolver(codeFormSchema),
    defaultValues: { code: '' },
  });

  useEffect(() => {
    if (opened) reset({ code: '' });
  }, [opened, reset]);

  // The server's verdict on the code goes on the field; anything else is said above the buttons.
  const serverFieldMessage = isApiError(confirmError)
    ? confirmError.validationErrors?.[codeField]
    : undefined;
  useEffect(() => {
    if (serverFieldMessage)
      setError('code', { type: 'server', message: serverFieldMessage }, { shouldFocus: true });
  }, [serverFieldMessage, setError]);
  const generalError =
    confirmError && !serverFieldMessage ? describeApiError(t, confirmError) : undefined;

  const submit = handleSubmit((values) => props.onConfirm(values.code));

  return (
    <Dialog
      opened={opened}
      onClose={props.onClose}
      title={props.title}
      closeLabel={t('profile.close')}
      size="sm"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{props.sentTo}</Text>
          <OneTimeCodeField
            label={t('profile.code.label')}
            description={t('profile.code.hint')}
            maxLength={12}
            error={errors.code?.message}
            disabled={props.confirming}
            data-autofocus
            {...register('code')}
          />
          {generalError && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
              {generalError}
            </Alert>
          )}
          <div role="status" aria-live="polite" className={classes.live}>
            {props.resent && !props.resendError && (
              <Text size="sm" c="teal.9" display="flex" style={{ alignItems: 'center', gap: 6 }}>
                <CheckCircleIcon size={16} />
                {t('profile.code.resent')}
              </Text>
            )}
          </div>
          {props.resendError !== null && props.resendError !== undefined && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
              {describeApiError(t, props.resendError)}
            </Alert>
          )}
          <Group justify="space-between" gap="sm">
            <Button
              variant="subtle"
              onClick={props.onResend}
              loading={props.resending}
              disabled={props.confirming}
            >
              {t('profile.code.resend')}
            </Button>
            <Button type="submit" loading={props.confirming}>
              {t('profile.code.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
