import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PlusIcon } from '@/ui/icons';
import { useDocumentTitle } from '@/ui/use-document-title';
import { SUMMARY_PATH } from '../paths';
import { BatchView } from './batch-view';
import { NewBatchForm } from './new-batch-form';

/** The batch open on the screen: ?batch=<id>, so a reload or a link from the summary keeps it. */
function batchOf(params: URLSearchParams): number | null {
  const value = params.get('batch');
  return value && /^\d{1,12}$/.test(value) ? Number(value) : null;
}

/**
 * /transfer/mass/global — global payouts (issue 17; spec 2 §4 "Global-pay batch"): a new batch,
 * typed in or uploaded, or the batch named in the address, with its payments.
 */
export function GlobalBatchPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('globalPayouts.batch.pageTitle'));
  const [params, setParams] = useSearchParams();
  const batchId = batchOf(params);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline" gap="sm">
        <Stack gap={2}>
          <Title order={2} fz={{ base: 20, sm: 22 }}>
            {t('globalPayouts.batch.heading')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('globalPayouts.batch.intro')}
          </Text>
        </Stack>
        <Group gap="md">
          <Anchor component={Link} to={SUMMARY_PATH} size="sm">
            {t('globalPayouts.summary.link')}
          </Anchor>
          {batchId !== null && (
            <Button
              size="sm"
              variant="default"
              leftSection={<PlusIcon size={16} />}
              onClick={() => setParams({})}
            >
              {t('globalPayouts.batch.newBatch')}
            </Button>
          )}
        </Group>
      </Group>
      {batchId === null ? (
        <NewBatchForm onCreated={(id) => setParams({ batch: String(id) })} />
      ) : (
        <BatchView key={batchId} batchId={batchId} onClose={() => setParams({})} />
      )}
    </Stack>
  );
}
