import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import '@mantine/core/styles/ThemeIcon.css';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/ui/dialog';
import { AlertIcon, ShieldIcon } from '@/ui/icons';
import type { EmailConfirmationResult } from './email-confirmation';

export function EmailConfirmationModal({
  result,
  onClose,
}: {
  result: EmailConfirmationResult;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isSuccess = result === 'success';
  return (
    <Dialog
      opened
      onClose={onClose}
      title={t('emailConfirmation.title')}
      closeLabel={t('emailConfirmation.close')}
    >
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="xl" variant="light" color={isSuccess ? 'brand' : 'red'}>
            {isSuccess ? <ShieldIcon size={22} /> : <AlertIcon size={22} />}
          </ThemeIcon>
          <Text pt={8}>
            {isSuccess ? t('emailConfirmation.success') : t('emailConfirmation.fail')}
          </Text>
        </Group>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('emailConfirmation.close')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
