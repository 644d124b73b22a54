import { Alert, Button, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AuthDevice } from '@ledgerline/contract/auth';
import { useBrand } from '@/brands';
import { translateErrorMessage } from '@/i18n';
import { AlertIcon } from '@/ui/icons';
import { usePushResend } from '../api/push-resend';
import { useDeviceApproval } from '../realtime/use-device-approval';
import { DeviceWaitStatus } from './device-wait-status';
import classes from './login-page.module.css';

export interface PushStepProps {
  code: string;
  /** The push request's key; the realtime event names it (`key` is React's, hence the name). */
  requestKey: string;
  tmpJwt: string;
  devices: AuthDevice[];
  onSignedIn: () => void;
  onRestart: () => void;
}

/** push (spec 1 §4): a request waits on the customer's phone; approving it signs in here by itself. */
export function PushStep({
  code,
  requestKey,
  tmpJwt,
  devices,
  onSignedIn,
  onRestart,
}: PushStepProps) {
  const { t } = useTranslation();
  const brand = useBrand();
  const approval = useDeviceApproval({ code, tmpJwt, initialKey: requestKey, onSignedIn });
  const resend = usePushResend(tmpJwt);
  const phones = devices.map((device) => device.name).filter(Boolean);
  const waiting =
    approval.decision.status === 'waiting' || approval.decision.status === 'connecting';

  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Title order={1} id="sign-in-title" className={classes.title}>
          {t('signInFlow.push.title')}
        </Title>
        <Text c="dimmed">{t('signInFlow.push.body', { brand: brand.projectName })}</Text>
        {phones.length > 0 && (
          <>
            <Text size="sm" fw={500}>
              {t('signInFlow.push.sentTo')}
            </Text>
            <List size="sm" spacing={4}>
              {phones.map((name) => (
                <List.Item key={name}>{name}</List.Item>
              ))}
            </List>
          </>
        )}
      </Stack>

      <DeviceWaitStatus
        approval={approval}
        waitingText={t('signInFlow.push.waiting')}
        onRestart={onRestart}
      />

      {resend.isSuccess && waiting && (
        <Text size="sm" c="dimmed" role="status">
          {t('signInFlow.push.resent')}
        </Text>
      )}
      {resend.isError && (
        <Alert color="red" variant="light" icon={<AlertIcon />}>
          {translateErrorMessage(t, resend.error)}
        </Alert>
      )}
      {waiting && (
        <Button
          variant="default"
          loading={resend.isPending}
          onClick={() =>
            resend.mutate(undefined, { onSuccess: ({ key }) => approval.waitForKey(key) })
          }
        >
          {t('signInFlow.push.resend')}
        </Button>
      )}
      <Button variant="subtle" onClick={onRestart}>
        {t('signInFlow.backToSignIn')}
      </Button>
    </Stack>
  );
}
