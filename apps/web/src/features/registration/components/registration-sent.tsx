import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlertIcon, CheckCircleIcon, MailIcon } from '@/ui/icons';
import { describeApiError } from '@/ui/field-message';
import { useResendActivation } from '../api/resend-activation';
import classes from './registration.module.css';

/** After registering: where the activation link went, how long it lasts, and a resend. */
export function RegistrationSent({
  email,
  expiresInSeconds,
}: {
  email: string;
  expiresInSeconds: number;
}) {
  const { t } = useTranslation();
  const resend = useResendActivation();
  return (
    <Stack gap="md">
      <span className={classes.choiceIcon}>
        <MailIcon size={24} />
      </span>
      <Title order={1} className={classes.title} tabIndex={-1} data-autofocus>
        {t('registration.sent.title')}
      </Title>
      <Text className={classes.breakable}>
        {t('registration.sent.body', { email, hours: Math.round(expiresInSeconds / 3600) })}
      </Text>
      <Text c="dimmed">{t('registration.sent.spam')}</Text>
      <div role="status" aria-live="polite">
        {resend.isSuccess && (
          <Alert color="teal" variant="light" icon={<CheckCircleIcon />}>
            {t('registration.sent.resent')}
          </Alert>
        )}
      </div>
      {resend.isError && (
        <Alert color="red" variant="light" icon={<AlertIcon />}>
          {describeApiError(t, resend.error)}
        </Alert>
      )}
      <Button
        variant="light"
        size="md"
        loading={resend.isPending}
        onClick={() => resend.mutate(email)}
      >
        {t('registration.sent.resend')}
      </Button>
      <Anchor component={Link} to="/login" ta="center" fw={500}>
        {t('registration.sent.backToSignIn')}
      </Anchor>
    </Stack>
  );
}
