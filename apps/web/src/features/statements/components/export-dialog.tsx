import { Stack, Text } from '@mantine/core';
import type { ExportItem } from '@ledgerline/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApiClient, useSessionManager, useSessionState } from '@/app/session';
import { Dialog } from '@/ui/dialog';
import { ExportProgress } from '@/ui/export-progress';
import { statementKeys } from '../keys';

/** A statement file being written: its progress until it is ready, then its download. */
export function ExportDialog({
  started,
  onClose,
}: {
  started: { exportId: number; fileLabel: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useApiClient();
  const { baseUrl } = useSessionManager();
  const { customerId } = useSessionState();
  const queryClient = useQueryClient();
  // The list below shows the file's new status (and size) once it is done.
  const onDone = (_item: ExportItem) =>
    void queryClient.invalidateQueries({ queryKey: statementKeys.exportsAll(customerId) });
  return (
    <Dialog
      opened={started !== null}
      onClose={onClose}
      title={t('statements.export.title')}
      closeLabel={t('statements.close')}
    >
      {started && (
        <Stack gap="md">
          <Text size="sm">{started.fileLabel}</Text>
          <ExportProgress
            key={started.exportId}
            exportId={started.exportId}
            client={client}
            baseUrl={baseUrl}
            onDone={onDone}
          />
        </Stack>
      )}
    </Dialog>
  );
}
