import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/ui/dialog';

const MAX_REASON = 256;

/** Declining asks why: the initiator sees the reason (on the request and in the e-mail). */
export function ReasonDialog({
  count,
  pending,
  onSubmit,
  onClose,
}: {
  count: number;
  pending: boolean;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog
      opened
      onClose={onClose}
      title={t('businessApprovals.reason.title', { count })}
      closeLabel={t('transfers.confirm.close')}
      size="sm"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason.trim()) {
            setError(t('businessApprovals.reason.required'));
            return;
          }
          onSubmit(reason.trim());
        }}
      >
        <Stack gap="md">
          <Text size="sm">{t('businessApprovals.reason.text')}</Text>
          <Textarea
            label={t('businessApprovals.reason.label')}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(null);
            }}
            maxLength={MAX_REASON}
            rows={3}
            error={error}
            disabled={pending}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {t('businessApprovals.reason.cancel')}
            </Button>
            <Button type="submit" color="red.8" loading={pending}>
              {t('businessApprovals.reason.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
