import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlertIcon, CheckCircleIcon, MailIcon } from '@/ui/icons';
import { describeApiError } from '@/ui/field-message';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { useRecovery } from '../recovery-state';
import { RequireRecovery } from './recovery-layout';
import classes from './account-recovery.module.css';

function StatusContent() {
  const { t } = useTranslation();
  const { state, update } = useRecovery();
  const request = useRequestPasswordReset();
  const email = state.email ?? '';
  const rejected = state.verificationStatus === 'rejected';

  const sendAgain = () =>
    request.mutate(email, {
      onSuccess: (answer) =>
        update({
          taskId: answer.taskId,
          verificationStatus: answer.verificationStatus,
          rejectReason: undefined,
          isRetryable: answer.isRetryable,
          codeExpiresInSeconds: answer.codeExpiresInSeconds,
          maxAttempts: answer.maxAttempts,
        }),
    });

  return (
    <Stack gap="md">
      <span className={classes.icon}>
        <MailIcon size={24} />
      </span>
      <Title order={1} className={classes.title}>
        {t('recovery.status.title')}
      </Title>
      {rejected ? (
        <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
          {t(`recovery.status.rejected.${state.rejectReason ?? 'codeInvalid'}`)}
        </Alert>
      ) : (
        <Text className={classes.breakable}>
          {t('recovery.status.body', {
            email,
            minutes: Math.round((state.codeExpiresInSeconds ?? 300) / 60),
          })}
        </Text>
      )}
      <div role="status" aria-live="polite">
        {request.isSuccess && (
          <Alert color="teal" variant="light" icon={<CheckCircleIcon />}>
            {t('recovery.status.resent')}
          </Alert>
        )}
      </div>
      {request.isError && (
        <Alert color="red" variant="light" icon={<AlertIcon />}>
          {describeApiError(t, request.error)}
        </Alert>
      )}
      {!rejected && (
        <Button component={Link} to="/account-recovery/reset" size="md">
          {t('recovery.status.enterCode')}
        </Button>
      )}
      {state.isRetryable && (
        <Button
          variant={rejected ? 'filled' : 'light'}
          size="md"
          loading={request.isPending}
          onClick={sendAgain}
        >
          {t('recovery.status.resend')}
        </Button>
      )}
      <Button component={Link} to="/account-recovery/email" variant="subtle" size="sm">
        {t('recovery.status.otherEmail')}
      </Button>
    </Stack>
  );
}

/** Step 2: where the recovery stands (verificationStatus, rejectReason, isRetryable). */
export function RecoveryStatusStep() {
  return (
    <RequireRecovery has="email">
      <StatusContent />
    </RequireRecovery>
  );
}
