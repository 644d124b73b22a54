import { Anchor, Button, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AuthDevice } from '@ledgerline/contract/auth';
import { useBrand } from '@/brands';
import { useDeviceApproval } from '../realtime/use-device-approval';
import { DeviceWaitStatus } from './device-wait-status';
import classes from './login-page.module.css';
import { QrCode } from '@/ui/qr-code';

export interface VerifyDeviceStepProps {
  code: string;
  requestKey: string;
  tmpJwt: string;
  /** The deep link the phone app opens to link itself. */
  link: string;
  devices: AuthDevice[];
  onSignedIn: () => void;
  onRestart: () => void;
}

/** verifyDevice (spec 1 §4): link a phone by scanning the code; once it is linked, the sign-in goes on. */
export function VerifyDeviceStep({
  code,
  requestKey,
  tmpJwt,
  link,
  devices,
  onSignedIn,
  onRestart,
}: VerifyDeviceStepProps) {
  const { t } = useTranslation();
  const brand = useBrand();
  const approval = useDeviceApproval({ code, tmpJwt, initialKey: requestKey, onSignedIn });

  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Title order={1} id="sign-in-title" className={classes.title}>
          {t('signInFlow.verifyDevice.title')}
        </Title>
        <Text c="dimmed">{t('signInFlow.verifyDevice.body', { brand: brand.projectName })}</Text>
      </Stack>
      <QrCode
        value={link}
        title={t('signInFlow.verifyDevice.qrTitle', { brand: brand.projectName })}
      />
      {/* Its own line, not a link inside a sentence: readable without relying on colour. */}
      <Stack gap={2} align="center">
        <Text size="sm">{t('signInFlow.verifyDevice.onThisPhone')}</Text>
        <Anchor href={link} size="sm" fw={600}>
          {t('signInFlow.verifyDevice.openApp', { brand: brand.projectName })}
        </Anchor>
      </Stack>
      {devices.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('signInFlow.verifyDevice.yourDevices')}
          </Text>
          <List size="sm" spacing={4}>
            {devices.map((device) => (
              <List.Item key={device.id}>
                {t('signInFlow.verifyDevice.device', {
                  name: device.name,
                  type: device.type === 'ios' ? 'iOS' : 'Android',
                })}
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
      <DeviceWaitStatus
        approval={approval}
        waitingText={t('signInFlow.verifyDevice.waiting')}
        onRestart={onRestart}
      />
      <Button variant="subtle" onClick={onRestart}>
        {t('signInFlow.backToSignIn')}
      </Button>
    </Stack>
  );
}
