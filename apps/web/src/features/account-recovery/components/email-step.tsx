import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { recoveryEmailFormSchema, type RecoveryEmailForm } from '@ledgerline/domain/registration';
import { isApiError } from '@/lib/api-error';
import { AlertIcon } from '@/ui/icons';
import { describeApiError, fieldMessage } from '@/ui/field-message';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { useRecovery } from '../recovery-state';
import classes from './account-recovery.module.css';

/** Step 1: the address to send a code to. */
export function RecoveryEmailStep() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state, update } = useRecovery();
  const request = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RecoveryEmailForm>({
    resolver: schemaResolver(recoveryEmailFormSchema),
    mode: 'onTouched',
    defaultValues: { email: state.email ?? '' },
  });

  const onSubmit = handleSubmit(({ email }) => {
    request.mutate(email, {
      onSuccess: async (answer) => {
        update({
          email,
          code: undefined,
          taskId: answer.taskId,
          verificationStatus: answer.verificationStatus,
          rejectReason: undefined,
          isRetryable: answer.isRetryable,
          codeExpiresInSeconds: answer.codeExpiresInSeconds,
          maxAttempts: answer.maxAttempts,
        });
        await navigate('/account-recovery/status');
      },
      onError: (error) => {
        const message = isApiError(error) ? error.validationErrors?.email : undefined;
        if (message) setError('email', { type: 'server', message });
      },
    });
  });

  const showAlert =
    request.isError && !(isApiError(request.error) && request.error.validationErrors?.email);
  return (
    <Stack gap="md">
      <Title order={1} className={classes.title}>
        {t('recovery.email.title')}
      </Title>
      <Text c="dimmed">{t('recovery.email.body')}</Text>
      <form onSubmit={onSubmit} noValidate aria-busy={request.isPending}>
        <fieldset disabled={request.isPending} className={classes.fieldset}>
          <Stack gap="md">
            {showAlert && (
              <Alert
                color="red"
                variant="light"
                icon={<AlertIcon />}
                title={t('recovery.failedTitle')}
              >
                {describeApiError(t, request.error)}
              </Alert>
            )}
            <TextInput
              label={t('recovery.email.label')}
              type="email"
              inputMode="email"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              size="md"
              error={fieldMessage(t, errors.email?.message)}
              {...register('email')}
            />
            <Button type="submit" size="md" fullWidth loading={request.isPending}>
              {t('recovery.email.submit')}
            </Button>
          </Stack>
        </fieldset>
      </form>
    </Stack>
  );
}
