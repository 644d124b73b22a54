import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { MassUploadResult } from '@ledgerline/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { intlLocale, useLanguage } from '@/i18n';
import { Dialog } from '@/ui/dialog';
import { massConfirmPath } from '../paths';

/**
 * The upload answered 92 (spec 2 §8 "92 on batch upload means confirm"): the same batch was
 * uploaded before, on its date. Nothing was created; the customer opens that batch, or sends this
 * one again with ignoreIdenticalBatch.
 */
export function IdenticalBatchDialog({
  answer,
  kind,
  sending,
  onConfirm,
  onClose,
}: {
  answer: MassUploadResult | null;
  kind: string;
  sending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const date = answer
    ? new Intl.DateTimeFormat(intlLocale(language), {
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(new Date(answer.date))
    : '';
  return (
    <Dialog
      opened={answer !== null}
      onClose={onClose}
      title={t('massTransfers.identical.title')}
      closeLabel={t('massTransfers.close')}
    >
      <Stack gap="md">
        <Text size="sm">{t('massTransfers.identical.text', { date })}</Text>
        {answer && (
          <Anchor component={Link} to={massConfirmPath(kind, answer.batchId)} size="sm">
            {t('massTransfers.identical.open')}
          </Anchor>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('massTransfers.identical.cancel')}
          </Button>
          <Button onClick={onConfirm} loading={sending}>
            {t('massTransfers.identical.confirm')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
