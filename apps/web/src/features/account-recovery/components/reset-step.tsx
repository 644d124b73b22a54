import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  PASSWORD_RESET_CODE_LENGTH,
  recoveryCodeFormSchema,
  type RecoveryCodeForm,
} from '@ledgerline/domain/registration';
import { isApiError } from '@/lib/api-error';
import { AlertIcon } from '@/ui/icons';
import { describeApiError } from '@/ui/field-message';
import { OneTimeCodeField } from '@/ui/one-time-code-field';
import { useCheckResetCode } from '../api/check-reset-code';
import { useRecovery } from '../recovery-state';
import { RequireRecovery } from './recovery-layout';
import classes from './account-recovery.module.css';

function ResetForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state, update } = useRecovery();
  const check = useCheckResetCode();
  const email = state.email ?? '';
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RecoveryCodeForm>({
    resolver: schemaResolver(recoveryCodeFormSchema),
    mode: 'onTouched',
    defaultValues: { code: '' },
  });

  const onSubmit = handleSubmit(({ code }) => {
    const typed = code.replace(/\s+/g, '');
    check.mutate(
      { email, code: typed },
      {
        onSuccess: async (answer) => {
          update({
            code: typed,
            verificationStatus: answer.verificationStatus,
            rejectReason: undefined,
          });
          await navigate('/account-recovery/password');
        },
        onError: (error) => {
          const message = isApiError(error) ? error.validationErrors?.code : undefined;
          if (message) setError('code', { type: 'server', message });
        },
      },
    );
  });

  const showAlert =
    check.isError && !(isApiError(check.error) && check.error.validationErrors?.code);
  return (
    <Stack gap="md">
      <Title order={1} className={classes.title}>
        {t('recovery.reset.title')}
      </Title>
      <Text c="dimmed" className={classes.breakable}>
        {t('recovery.reset.body', { email, attempts: state.maxAttempts ?? 5 })}
      </Text>
      <form onSubmit={onSubmit} noValidate aria-busy={check.isPending}>
        <fieldset disabled={check.isPending} className={classes.fieldset}>
          <Stack gap="md">
            {showAlert && (
              <Alert
                color="red"
                variant="light"
                icon={<AlertIcon />}
                title={t('recovery.failedTitle')}
              >
                {describeApiError(t, check.error)}
              </Alert>
            )}
            <OneTimeCodeField
              label={t('recovery.reset.label')}
              maxLength={PASSWORD_RESET_CODE_LENGTH + 2}
              size="md"
              className={classes.code}
              error={errors.code?.message}
              {...register('code')}
            />
            <Button type="submit" size="md" fullWidth loading={check.isPending}>
              {t('recovery.reset.submit')}
            </Button>
          </Stack>
        </fieldset>
      </form>
      <Anchor component={Link} to="/account-recovery/status" ta="center" fz="sm">
        {t('recovery.reset.noCode')}
      </Anchor>
    </Stack>
  );
}

/** Step 3: the code from the e-mail. */
export function RecoveryResetStep() {
  return (
    <RequireRecovery has="email">
      <ResetForm />
    </RequireRecovery>
  );
}
