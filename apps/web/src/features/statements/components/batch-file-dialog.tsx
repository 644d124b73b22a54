import { Button, Group, Stack, Text } from '@mantine/core';
import { parseCsv } from '@ledgerline/domain/csv';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/ui/data-table';
import { Dialog } from '@/ui/dialog';
import { LoadFailed } from '@/ui/load-failed';
import type { BatchTransfer } from '@ledgerline/contract';
import { useBatchTransferFile } from '../api/batch-transfers';
import { saveTextFile } from '../save-file';
import { ListSkeleton } from '@/ui/list-skeleton';
import classes from './statements.module.css';

/** A batch's uploaded file: its CSV read as a table (first line as the header), and the raw file to download. */
export function BatchFileDialog({
  batch,
  onClose,
}: {
  batch: BatchTransfer | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const file = useBatchTransferFile(batch?.batchId ?? null);
  const rows = file.data ? parseCsv(file.data.content) : [];
  const [header = [], ...lines] = rows;
  const width = Math.max(header.length, ...lines.map((line) => line.length));
  return (
    <Dialog
      opened={batch !== null}
      onClose={onClose}
      title={batch ? t('statements.batches.file.title', { name: batch.name }) : ''}
      closeLabel={t('statements.close')}
      size={1000}
    >
      <Stack gap="md">
        {file.isPending && <ListSkeleton rows={4} label={t('statements.batches.file.loading')} />}
        {file.isError && (
          <LoadFailed
            title={t('statements.batches.file.loadFailed')}
            error={file.error}
            onRetry={() => void file.refetch()}
            retrying={file.isFetching}
          />
        )}
        {file.isSuccess && (
          <>
            <Text size="sm" c="dimmed">
              {t('statements.batches.file.summary', {
                fileName: file.data.fileName,
                count: lines.length,
              })}
            </Text>
            {rows.length === 0 ? (
              <Text size="sm">{t('statements.batches.file.empty')}</Text>
            ) : (
              <div
                className={classes.fileTable}
                tabIndex={0}
                role="region"
                aria-label={t('statements.batches.file.tableLabel', {
                  fileName: file.data.fileName,
                })}
              >
                <DataTable
                  rows={lines}
                  rowKey={(_line, index) => index}
                  columns={Array.from({ length: width }, (_, column) => ({
                    id: String(column),
                    header: header[column] ?? '',
                    className: classes.nowrap,
                    headerClassName: classes.nowrap,
                    cell: (line: string[]) => line[column] ?? '',
                  }))}
                  caption={file.data.fileName}
                  tableProps={{
                    verticalSpacing: 6,
                    fz: 'sm',
                    striped: true,
                    withTableBorder: true,
                  }}
                />
              </div>
            )}
          </>
        )}
        <Group justify="flex-end" gap="xs">
          {file.isSuccess && (
            <Button
              variant="light"
              onClick={() =>
                saveTextFile(file.data.content, file.data.fileName, file.data.contentType)
              }
            >
              {t('statements.batches.file.download')}
            </Button>
          )}
          <Button variant="default" onClick={onClose}>
            {t('statements.close')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
