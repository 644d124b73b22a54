import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/ui/dialog';
import { ErrorPopup } from '@/ui/error-popup';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  danger?: boolean;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
  onErrorClose: () => void;
}

/** "Are you sure?" before a change that cannot be undone from here; Cancel takes the focus. */
export function ConfirmDialog({
  opened,
  title,
  text,
  confirmLabel,
  danger = false,
  pending,
  error,
  onConfirm,
  onClose,
  onErrorClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={title}
      closeLabel={t('profile.close')}
      size="sm"
    >
      <Stack gap="md">
        <Text size="sm">{text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('profile.cancel')}
          </Button>
          <Button color={danger ? 'red.9' : undefined} loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
      <ErrorPopup error={error} onClose={onErrorClose} />
    </Dialog>
  );
}
