import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Progress.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiClient, ExportItem, MainResponse } from '@ledgerline/contract';
import { translateErrorMessage } from '@/i18n';
import { apiLink, downloadFile } from '@/lib/download-file';
import { AlertIcon, CheckCircleIcon } from './icons';

/** How often a queued or running export is asked about (the server writes in passes of ~250 ms). */
export const EXPORT_POLL_INTERVAL_MS = 700;

type ExportStatusAnswer = MainResponse<'getExportStatus'>;

export interface ExportProgressProps {
  /** The export to watch (exportHistory / exportStatement answered it). */
  exportId: number;
  /** The session's API client (ui/ cannot reach app/session: the screen passes useApiClient()). */
  client: ApiClient;
  /** The API's origin the download links are relative to (useSessionManager().baseUrl). */
  baseUrl: string;
  /** Called once when the export ends, ready or failed. */
  onDone?: (item: ExportItem) => void;
  /** Start the download as soon as the file is ready (default true). */
  autoDownload?: boolean;
}

/**
 * Watches an export until its file is ready: a progress bar with the percentage while it is
 * queued or running, then the file's download (started at once, and a button for another copy:
 * every link is single-use, so each download asks for a fresh one). A failed export or a failed
 * status call says so. Polling stops when the component leaves the screen.
 */
export function ExportProgress({
  exportId,
  client,
  baseUrl,
  onDone,
  autoDownload = true,
}: ExportProgressProps) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<ExportStatusAnswer | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  // The latest callback without restarting the polling when the parent renders again.
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  const autoDownloadRef = useRef(autoDownload);
  autoDownloadRef.current = autoDownload;

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const next = await client.main(
          'getExportStatus',
          { exportId },
          { signal: controller.signal },
        );
        if (controller.signal.aborted) return;
        setAnswer(next);
        setError(null);
        if (next.status === 'queued' || next.status === 'running') {
          timer = setTimeout(() => void poll(), EXPORT_POLL_INTERVAL_MS);
          return;
        }
        if (next.status === 'ready' && next.redirectLink && autoDownloadRef.current)
          downloadFile(apiLink(baseUrl, next.redirectLink));
        onDoneRef.current?.(next.export);
      } catch (caught) {
        if (!controller.signal.aborted) setError(caught);
      }
    };
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [client, baseUrl, exportId, attempt]);

  const downloadAgain = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      const fresh = await client.main('getExportStatus', { exportId });
      if (!fresh.redirectLink) throw new Error(t('exportProgress.failed'));
      downloadFile(apiLink(baseUrl, fresh.redirectLink));
    } catch (caught) {
      setDownloadError(caught);
    } finally {
      setDownloading(false);
    }
  };

  if (error) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<AlertIcon />}
        title={t('exportProgress.statusFailed')}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{translateErrorMessage(t, error)}</Text>
          <Button size="xs" variant="default" onClick={() => setAttempt((value) => value + 1)}>
            {t('app.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  const status = answer?.status ?? 'queued';
  const progress = status === 'ready' ? 100 : (answer?.progress ?? 0);
  if (status === 'failed') {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<AlertIcon />}
        title={t('exportProgress.failedTitle')}
        role="alert"
      >
        <Text size="sm">{t('exportProgress.failed')}</Text>
      </Alert>
    );
  }
  if (status === 'ready' && answer) {
    return (
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap" role="status">
          <CheckCircleIcon aria-hidden="true" color="var(--mantine-color-teal-8)" />
          <Text size="sm" fw={600}>
            {t('exportProgress.ready', { fileName: answer.export.fileName })}
          </Text>
        </Group>
        {answer.export.rows !== null && (
          <Text size="sm" c="dimmed">
            {t('exportProgress.rows', { count: answer.export.rows })}
          </Text>
        )}
        <Group gap="xs">
          <Button
            size="sm"
            variant="light"
            onClick={() => void downloadAgain()}
            loading={downloading}
          >
            {t('exportProgress.download')}
          </Button>
        </Group>
        {downloadError !== null && (
          <Text size="sm" c="red.8" role="alert">
            {translateErrorMessage(t, downloadError)}
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {status === 'queued' ? t('exportProgress.queued') : t('exportProgress.running')}
        </Text>
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('exportProgress.percent', { progress })}
        </Text>
      </Group>
      <Progress
        value={progress}
        size="md"
        radius="xl"
        animated
        striped
        aria-label={t('exportProgress.label')}
      />
    </Stack>
  );
}
