import { Anchor, CloseButton, Group, Paper, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApiClient, useRealtimeEvent } from '@/app/session';
import { AlertIcon } from '@/ui/icons';
import { massConfirmPath } from '../paths';
import classes from './batch-notice.module.css';

/** A notification toast stays 10 s (spec 2 §9). */
export const BATCH_NOTICE_MS = 10_000;

interface Notice {
  batchId: number;
  name: string | null;
  path: string;
}

/**
 * The batchPartially notification (issue 17; spec 2 §2 "Partial batch goes to batch transfers"):
 * a batch ended with some rows failed or returned. A toast names it and opens it; it goes by
 * itself after 10 s or when dismissed. Mounted once in the signed-in frame.
 */
export function BatchPartiallyNotice() {
  const { t } = useTranslation();
  const client = useApiClient();
  const [notice, setNotice] = useState<Notice | null>(null);

  useRealtimeEvent('BatchPartially', (event) => {
    const { batchId } = event.payload;
    // The batch's name and kind (its page differs for P2P); the event alone still opens the list.
    client.main('getMassBatch', { batchId, pageSize: 1 }).then(
      ({ batch }) =>
        setNotice({ batchId, name: batch.name, path: massConfirmPath(batch.type, batchId) }),
      () => setNotice({ batchId, name: null, path: '/history/batch-transfers' }),
    );
  });

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), BATCH_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  return (
    <div className={classes.noticeRegion} role="status" aria-live="polite">
      {notice && (
        <Paper withBorder shadow="md" radius="md" p="md" className={classes.notice}>
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <AlertIcon size={20} />
            <div className={classes.noticeBody}>
              <Text fw={600} size="sm">
                {t('massTransfers.notice.title')}
              </Text>
              <Text size="sm">
                {notice.name
                  ? t('massTransfers.notice.text', { name: notice.name })
                  : t('massTransfers.notice.textUnnamed')}
              </Text>
              <Anchor component={Link} to={notice.path} size="sm" onClick={() => setNotice(null)}>
                {t('massTransfers.notice.open')}
              </Anchor>
            </div>
            <CloseButton
              size="sm"
              aria-label={t('massTransfers.notice.dismiss')}
              onClick={() => setNotice(null)}
            />
          </Group>
        </Paper>
      )}
    </div>
  );
}
