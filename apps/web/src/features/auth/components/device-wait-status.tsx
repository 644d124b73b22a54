import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n';
import { AlertIcon } from '@/ui/icons';
import { authErrorReason, authErrorText } from '../auth-errors';
import type { useDeviceApproval } from '../realtime/use-device-approval';

/** What the customer sees while the phone decides: waiting, declined, connection lost, failure. */
export function DeviceWaitStatus({
  approval,
  waitingText,
  onRestart,
}: {
  approval: ReturnType<typeof useDeviceApproval>;
  waitingText: string;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { decision, exchange, stillPending } = approval;

  if (decision.status === 'decided' && !decision.approved) {
    return (
      <Stack gap="md">
        <Alert
          color="red"
          variant="light"
          icon={<AlertIcon />}
          title={t('signInFlow.device.declinedTitle')}
          role="alert"
        >
          {t('signInFlow.device.declinedBody')}
        </Alert>
        <Button size="md" onClick={onRestart}>
          {t('signInFlow.startAgain')}
        </Button>
      </Stack>
    );
  }

  const failed = exchange.isError && authErrorReason(exchange.error) !== 'pending';
  if (failed) {
    return (
      <Stack gap="md">
        <Alert
          color="red"
          variant="light"
          icon={<AlertIcon />}
          title={t('signIn.failedTitle')}
          role="alert"
        >
          {authErrorText(t, exchange.error, language)}
        </Alert>
        <Button size="md" onClick={onRestart}>
          {t('signInFlow.startAgain')}
        </Button>
      </Stack>
    );
  }

  if (decision.status === 'lost' && !exchange.isPending) {
    return (
      <Alert
        color="brand"
        variant="light"
        icon={<AlertIcon />}
        title={t('signInFlow.device.lostTitle')}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('signInFlow.device.lostBody')}</Text>
          <Button size="xs" variant="default" onClick={approval.checkAgain}>
            {t('signInFlow.device.checkAgain')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  const approved = decision.status === 'decided' && decision.approved;
  return (
    <Group gap="sm" wrap="nowrap" role="status" aria-live="polite">
      <Loader size="sm" aria-hidden="true" />
      <Text>
        {approved || exchange.isPending
          ? t('signInFlow.device.approved')
          : stillPending
            ? t('signInFlow.device.notYet')
            : waitingText}
      </Text>
    </Group>
  );
}
