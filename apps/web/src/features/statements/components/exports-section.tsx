import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { EXPORTS_PAGE_SIZE, type ExportItem } from '@ledgerline/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLanguage } from '@/i18n';
import { DataTable, type DataColumn } from '@/ui/data-table';
import { ErrorPopup } from '@/ui/error-popup';
import { LoadFailed } from '@/ui/load-failed';
import { StatusBadge, type BadgeTone } from '@/ui/status-badge';
import { ExportUnavailableError, useDownloadExport, useStatementExports } from '../api/exports';
import { formatDateTime, formatFileSize, yearMonthHeading } from '../format';
import { ListSkeleton } from '@/ui/list-skeleton';
import { Pager } from './pager';
import { SendEmailDialog } from './send-email-dialog';
import classes from './statements.module.css';
import frame from '@/ui/page-frame.module.css';

const TONE: Record<ExportItem['status'], BadgeTone> = {
  queued: 'gray',
  running: 'blue',
  ready: 'teal',
  failed: 'red',
};

function ExportStatus({ item }: { item: ExportItem }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tone={TONE[item.status]}>
      {item.status === 'running'
        ? t('statements.exports.status.runningPercent', { progress: item.progress })
        : t(`statements.exports.status.${item.status}`)}
    </StatusBadge>
  );
}

function Actions({
  item,
  onDownload,
  onSend,
  downloading,
}: {
  item: ExportItem;
  onDownload: () => void;
  onSend: () => void;
  downloading: boolean;
}) {
  const { t } = useTranslation();
  if (item.status !== 'ready') return null;
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        variant="default"
        onClick={onDownload}
        loading={downloading}
        aria-label={t('statements.exports.downloadFile', { fileName: item.fileName })}
      >
        {t('statements.exports.download')}
      </Button>
      <Button
        size="xs"
        variant="default"
        onClick={onSend}
        aria-label={t('statements.exports.sendFile', { fileName: item.fileName })}
      >
        {t('statements.exports.send')}
      </Button>
    </Group>
  );
}

/** "Your exports": the account's statement files, newest first, 12 a page; a ready one downloads again or goes by e-mail. */
export function ExportsSection({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('exportsPage'))) || 1);
  const exports = useStatementExports(accountId, page);
  const download = useDownloadExport();
  const [sending, setSending] = useState<ExportItem | null>(null);

  const showPage = (next: number) => {
    const updated = new URLSearchParams(params);
    if (next > 1) updated.set('exportsPage', String(next));
    else updated.delete('exportsPage');
    setParams(updated, { replace: true });
  };
  const items = exports.data?.exports ?? [];
  const size = (item: ExportItem) =>
    item.size === null ? '—' : formatFileSize(item.size, language);
  const month = (item: ExportItem) =>
    item.yearMonth ? yearMonthHeading(item.yearMonth, language) : '—';
  const actions = (item: ExportItem) => (
    <Actions
      item={item}
      downloading={download.isPending && download.variables === item.exportId}
      onDownload={() => download.mutate(item.exportId)}
      onSend={() => setSending(item)}
    />
  );

  const columns: DataColumn<ExportItem>[] = [
    {
      id: 'file',
      header: t('statements.exports.file'),
      className: classes.fileName,
      cell: (item) => item.fileName,
    },
    {
      id: 'month',
      header: t('statements.exports.month'),
      className: classes.nowrap,
      cell: month,
    },
    {
      id: 'format',
      header: t('statements.exports.format'),
      cell: (item) => t(`statements.formats.${item.format}`),
    },
    {
      id: 'status',
      header: t('statements.exports.status.label'),
      className: classes.badgeCell,
      cell: (item) => <ExportStatus item={item} />,
    },
    { id: 'size', header: t('statements.exports.size'), className: classes.nowrap, cell: size },
    {
      id: 'created',
      header: t('statements.exports.created'),
      className: classes.nowrap,
      cell: (item) => formatDateTime(item.createdAt, language),
    },
    { id: 'actions', header: t('statements.exports.actions'), headerHidden: true, cell: actions },
  ];

  return (
    <Paper
      component="section"
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      aria-labelledby="exports-heading"
      aria-busy={exports.isFetching}
    >
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="lg" id="exports-heading">
            {t('statements.exports.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('statements.exports.intro')}
          </Text>
        </Stack>
        {exports.isPending && <ListSkeleton rows={3} label={t('statements.exports.loading')} />}
        {exports.isError && (
          <LoadFailed
            title={t('statements.exports.loadFailed')}
            error={exports.error}
            onRetry={() => void exports.refetch()}
            retrying={exports.isFetching}
          />
        )}
        {exports.isSuccess && exports.data.total === 0 && (
          <Text size="sm" c="dimmed">
            {t('statements.exports.empty')}
          </Text>
        )}
        {exports.isSuccess && items.length > 0 && (
          <DataTable
            rows={items}
            rowKey={(item) => item.exportId}
            columns={columns}
            caption={t('statements.exports.title')}
            minWidth={760}
            card={{
              itemClassName: `${frame.card} ${frame.cardWithActions}`,
              render: (item) => (
                <>
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Text size="sm" className={classes.fileName}>
                      {item.fileName}
                    </Text>
                    <ExportStatus item={item} />
                  </Group>
                  <dl>
                    <dt>{t('statements.exports.month')}</dt>
                    <dd>{month(item)}</dd>
                    <dt>{t('statements.exports.format')}</dt>
                    <dd>{t(`statements.formats.${item.format}`)}</dd>
                    <dt>{t('statements.exports.size')}</dt>
                    <dd>{size(item)}</dd>
                    <dt>{t('statements.exports.created')}</dt>
                    <dd>{formatDateTime(item.createdAt, language)}</dd>
                  </dl>
                  {actions(item)}
                </>
              ),
            }}
          />
        )}
        {exports.isSuccess && exports.data.total > 0 && (
          <Pager
            page={page}
            total={exports.data.total}
            pageSize={EXPORTS_PAGE_SIZE}
            onPage={showPage}
            label={t('statements.exports.pagination')}
          />
        )}
      </Stack>
      <SendEmailDialog item={sending} onClose={() => setSending(null)} />
      <ErrorPopup
        error={
          download.error instanceof ExportUnavailableError
            ? new Error(t('statements.exports.unavailable'))
            : download.error
        }
        onClose={() => download.reset()}
      />
    </Paper>
  );
}
