import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ThemeIcon.css';
import { useTranslation } from 'react-i18next';
import { AlertIcon, ShieldIcon } from '@/ui/icons';
import type { EmailConfirmationResult } from './email-confirmation';

export function EmailConfirmationModal({ result, onClose }: { result: EmailConfirmationResult; onClose: () => void }) {
  const { t } = useTranslation();
  const isSuccess = result === 'success';
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('emailConfirmation.title')}
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': t('emailConfirmation.close') }}
      styles={{ title: { fontWeight: 700, letterSpacing: '0.04em' } }}
    >
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="xl" variant="light" color={isSuccess ? 'brand' : 'red'}>
            {isSuccess ? <ShieldIcon size={22} /> : <AlertIcon size={22} />}
          </ThemeIcon>
          <Text pt={8}>{isSuccess ? t('emailConfirmation.success') : t('emailConfirmation.fail')}</Text>
        </Group>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('emailConfirmation.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
