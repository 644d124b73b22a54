import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/ui/dialog';
import { describeApiError } from '@/ui/field-message';
import { AlertIcon } from '@/ui/icons';

/** "Delete …?" with what it means, the call's error if it fails, and the (red) button. */
export function ConfirmDialog({
  opened,
  title,
  text,
  confirmLabel,
  confirmColor = 'red.8',
  isPending,
  error,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  /** Red by default (deleting); another colour for a change that destroys nothing. */
  confirmColor?: string;
  isPending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog opened={opened} onClose={onClose} title={title} closeLabel={t('merchant.close')}>
      <Stack gap="md">
        <Text size="sm">{text}</Text>
        {error !== null && error !== undefined && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
            {describeApiError(t, error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('merchant.cancel')}
          </Button>
          <Button color={confirmColor} onClick={onConfirm} loading={isPending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
