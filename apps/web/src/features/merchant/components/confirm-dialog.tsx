import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
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

/**
 * ConfirmDialog for one call about one row (delete it, rotate its secret, send it again): open
 * while there is a target; the call's error stays in the dialog; it closes once the call succeeds.
 */
export function ConfirmMutation<Target, Data, Vars>({
  target,
  mutation,
  variables,
  title,
  onSuccess,
  onClose,
  ...texts
}: {
  target: Target | null;
  mutation: UseMutationResult<Data, Error, Vars>;
  variables: (target: Target) => Vars;
  title: (target: Target) => string;
  text: string;
  confirmLabel: string;
  confirmColor?: string;
  onSuccess?: (data: Data, target: Target) => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      opened={target !== null}
      title={target === null ? '' : title(target)}
      isPending={mutation.isPending}
      error={mutation.error}
      onConfirm={() => {
        if (target === null) return;
        mutation.mutate(variables(target), {
          onSuccess: (data) => {
            onSuccess?.(data, target);
            onClose();
          },
        });
      }}
      onClose={() => {
        mutation.reset();
        onClose();
      }}
      {...texts}
    />
  );
}
