import { Alert, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  recoveryPasswordFormSchema,
  type RecoveryPasswordForm,
} from '@ledgerline/domain/registration';
import { useSessionStore } from '@/app/session';
import { isApiError } from '@/lib/api-error';
import { AlertIcon } from '@/ui/icons';
import { describeApiError, fieldMessage } from '@/ui/field-message';
import { useChangePassword } from '../api/change-password';
import { useRecovery } from '../recovery-state';
import { RequireRecovery } from './recovery-layout';
import classes from './account-recovery.module.css';

function PasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSessionStore();
  const queryClient = useQueryClient();
  const { state, update } = useRecovery();
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RecoveryPasswordForm>({
    resolver: schemaResolver(recoveryPasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ password }) => {
    change.mutate(
      { email: state.email ?? '', code: state.code ?? '', password },
      {
        onSuccess: async (answer) => {
          // Every session of the account has ended on the server; this tab's too.
          if (session.getState().isAuthed) {
            session.end('logout');
            queryClient.clear();
          }
          update({
            code: undefined,
            verificationStatus: answer.verificationStatus,
            rejectReason: undefined,
          });
          await navigate('/account-recovery/success', { replace: true });
        },
        onError: async (error) => {
          const problems = isApiError(error) ? error.validationErrors : undefined;
          if (problems?.code) {
            // The code ran out (expired or too many wrong attempts): back to the status step.
            update({
              code: undefined,
              verificationStatus: 'rejected',
              rejectReason: 'codeInvalid',
              isRetryable: true,
            });
            await navigate('/account-recovery/status', { replace: true });
            return;
          }
          if (problems?.password)
            setError('password', { type: 'server', message: problems.password });
        },
      },
    );
  });

  const showAlert = change.isError && !(isApiError(change.error) && change.error.validationErrors);
  return (
    <Stack gap="md">
      <Title order={1} className={classes.title}>
        {t('recovery.password.title')}
      </Title>
      <Text c="dimmed">{t('recovery.password.body')}</Text>
      <form onSubmit={onSubmit} noValidate aria-busy={change.isPending}>
        <fieldset disabled={change.isPending} className={classes.fieldset}>
          <Stack gap="md">
            {showAlert && (
              <Alert
                color="red"
                variant="light"
                icon={<AlertIcon />}
                title={t('recovery.failedTitle')}
              >
                {describeApiError(t, change.error)}
              </Alert>
            )}
            <PasswordInput
              label={t('recovery.password.label')}
              description={errors.password ? undefined : t('recovery.password.hint')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              autoComplete="new-password"
              size="md"
              visibilityToggleButtonProps={{ 'aria-label': t('recovery.password.show') }}
              error={fieldMessage(t, errors.password?.message)}
              {...register('password')}
            />
            <PasswordInput
              label={t('recovery.password.confirm')}
              autoComplete="new-password"
              size="md"
              visibilityToggleButtonProps={{ 'aria-label': t('recovery.password.showRepeated') }}
              error={fieldMessage(t, errors.confirmPassword?.message)}
              {...register('confirmPassword')}
            />
            <Button type="submit" size="md" fullWidth loading={change.isPending}>
              {t('recovery.password.submit')}
            </Button>
          </Stack>
        </fieldset>
      </form>
    </Stack>
  );
}

/** Step 4: the new password (the same rule as registration). */
export function RecoveryPasswordStep() {
  return (
    <RequireRecovery has="code">
      <PasswordForm />
    </RequireRecovery>
  );
}
