import { Alert, Button, Code, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import '@mantine/core/styles/Code.css';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebhookAttempt } from '@ledgerline/contract';
import type { DataColumn } from '@/ui/data-table';
import { Dialog } from '@/ui/dialog';
import { CheckCircleIcon } from '@/ui/icons';
import { StatusBadge, type BadgeTone } from '@/ui/status-badge';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useRedeliver, useWebhookLog } from '../api/webhooks';
import { ConfirmMutation } from './confirm-dialog';
import { DateRangeFields, isDateOrderWrong } from './date-range';
import { useFormatWhen } from './format';
import { useMerchantCompany } from './merchant-layout';
import classes from './merchant.module.css';
import { LoadMore, MerchantTable, actionsColumn, statusColumn } from './merchant-table';
import { QueryState } from './query-state';
import { WebhooksPanel } from './webhooks-panel';

function attemptTone(attempt: WebhookAttempt): BadgeTone {
  if (attempt.succeeded) return 'teal';
  if (attempt.statusCode === null || attempt.statusCode >= 500) return 'red';
  return 'orange';
}

/** A request or response body, whole, in a scrollable monospace block. */
function Body({ label, text }: { label: string; text: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {text === '' ? (
        <Text size="sm" c="dimmed">
          {t('merchantHooks.log.emptyBody')}
        </Text>
      ) : (
        <Code block className={classes.body} tabIndex={0} aria-label={label}>
          {text}
        </Code>
      )}
    </Stack>
  );
}

/** One attempt: what was sent, what came back, and the hand redelivery of its message. */
function AttemptDialog({
  attempt,
  onRedeliver,
  onClose,
}: {
  attempt: WebhookAttempt | null;
  onRedeliver: (attempt: WebhookAttempt) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const when = useFormatWhen();
  return (
    <Dialog
      opened={attempt !== null}
      onClose={onClose}
      size="lg"
      title={attempt ? t('merchantHooks.log.detailTitle', { event: attempt.eventType }) : ''}
      closeLabel={t('merchant.close')}
    >
      {attempt && (
        <Stack gap="md">
          <dl className={classes.facts}>
            <dt>{t('merchantHooks.log.at')}</dt>
            <dd>{when(attempt.createdAt)}</dd>
            <dt>{t('merchantHooks.log.endpoint')}</dt>
            <dd className={classes.mono}>{attempt.url}</dd>
            <dt>{t('merchantHooks.log.messageId')}</dt>
            <dd className={classes.mono}>{attempt.messageId}</dd>
            <dt>{t('merchantHooks.log.attempt')}</dt>
            <dd>
              {attempt.manual
                ? t('merchantHooks.log.attemptManual', { attempt: attempt.attempt })
                : attempt.attempt}
            </dd>
            <dt>{t('merchant.status')}</dt>
            <dd>
              {attempt.statusCode ?? t('merchantHooks.log.noAnswer')}
              {attempt.error ? ` — ${attempt.error}` : ''}
            </dd>
            <dt>{t('merchantHooks.log.latency')}</dt>
            <dd>{t('merchant.log.ms', { duration: attempt.latencyMs })}</dd>
            <dt>{t('merchantHooks.log.delivery')}</dt>
            <dd>{t(`merchantHooks.delivery.${attempt.messageStatus}`)}</dd>
          </dl>
          <Body label={t('merchantHooks.log.requestBody')} text={attempt.requestBody} />
          <Body label={t('merchantHooks.log.responseBody')} text={attempt.responseBody} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('merchant.close')}
            </Button>
            <Button onClick={() => onRedeliver(attempt)}>{t('merchantHooks.log.redeliver')}</Button>
          </Group>
        </Stack>
      )}
    </Dialog>
  );
}

/**
 * /merchant/internal/webhook_log (spec 2 §2, §6 full access, §7 public-api/webhook and
 * webhookRequest): the company's endpoints, then every delivery attempt, newest first, 20 a page
 * by cursor; an attempt opens with its bodies and can be sent again by hand.
 */
export function WebhookLogPage() {
  const { t } = useTranslation();
  const { customerId } = useMerchantCompany();
  const when = useFormatWhen();
  const [words, setWords] = useState('');
  const [fromDate, setFromDate] = useState('');
  const [toDate, setToDate] = useState('');
  const [opened, setOpened] = useState<WebhookAttempt | null>(null);
  const [redelivering, setRedelivering] = useState<WebhookAttempt | null>(null);
  const [redelivered, setRedelivered] = useState<string | null>(null);
  const redeliver = useRedeliver(customerId);
  useDocumentTitle(t('merchantHooks.title'));
  // The words are asked for once typing pauses, not at every key.
  const [settledWords] = useDebouncedValue(words.trim(), 300);
  const isOrderWrong = isDateOrderWrong(fromDate, toDate);
  const log = useWebhookLog(
    customerId,
    isOrderWrong
      ? null
      : {
          ...(settledWords ? { query: settledWords } : {}),
          ...(fromDate ? { fromDate } : {}),
          ...(toDate ? { toDate } : {}),
        },
  );

  const status = (attempt: WebhookAttempt) => (
    <StatusBadge tone={attemptTone(attempt)} size="sm">
      {attempt.statusCode ?? t('merchantHooks.log.noAnswer')}
    </StatusBadge>
  );
  const latency = (attempt: WebhookAttempt) =>
    t('merchant.log.ms', { duration: attempt.latencyMs });
  const open = (attempt: WebhookAttempt) => (
    <Button
      size="compact-sm"
      variant="subtle"
      onClick={() => setOpened(attempt)}
      aria-label={t('merchantHooks.log.openNamed', {
        event: attempt.eventType,
        at: when(attempt.createdAt),
      })}
    >
      {t('merchantHooks.log.open')}
    </Button>
  );
  const columns: DataColumn<WebhookAttempt>[] = [
    {
      id: 'at',
      header: t('merchantHooks.log.at'),
      className: classes.nowrap,
      cell: (attempt) => when(attempt.createdAt),
    },
    {
      id: 'event',
      header: t('merchantHooks.log.event'),
      rowHeader: true,
      className: `${classes.mono} ${classes.nowrap}`,
      cell: (attempt) => attempt.eventType,
    },
    {
      id: 'endpoint',
      header: t('merchantHooks.log.endpoint'),
      className: classes.mono,
      cell: (attempt) => attempt.url,
    },
    statusColumn(t('merchant.status'), status),
    { id: 'latency', header: t('merchantHooks.log.latency'), align: 'right', cell: latency },
    actionsColumn(t('merchant.actions'), open),
  ];

  return (
    <Stack gap="lg">
      <WebhooksPanel customerId={customerId} />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} aria-busy={log.isFetching}>
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} fz="lg">
              {t('merchantHooks.log.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('merchantHooks.log.intro')}
            </Text>
          </Stack>
          <Group align="flex-start" gap="md" wrap="wrap">
            <TextInput
              type="search"
              label={t('merchantHooks.log.query')}
              description={t('merchantHooks.log.queryHint')}
              value={words}
              onChange={(event) => setWords(event.currentTarget.value)}
              maxLength={100}
              miw={220}
            />
            <DateRangeFields
              fromDate={fromDate}
              toDate={toDate}
              onFromDate={setFromDate}
              onToDate={setToDate}
            />
          </Group>
          {redelivered && (
            <Alert
              role="status"
              color="teal"
              variant="light"
              icon={<CheckCircleIcon />}
              withCloseButton
              closeButtonLabel={t('merchant.close')}
              onClose={() => setRedelivered(null)}
            >
              {t('merchantHooks.log.redelivered', { messageId: redelivered })}
            </Alert>
          )}
          <QueryState
            query={log}
            rows={log.data?.pages.flatMap((page) => page.requests)}
            dense
            skeletonRows={5}
            loadingLabel={t('merchantHooks.log.loading')}
            failedTitle={t('merchantHooks.log.loadFailed')}
            empty={{
              title: t('merchantHooks.log.emptyTitle'),
              text: t('merchantHooks.log.emptyText'),
            }}
          >
            {(rows) => (
              <>
                <MerchantTable
                  rows={rows}
                  rowKey={(attempt) => attempt.id}
                  columns={columns}
                  caption={t('merchantHooks.log.caption')}
                  minWidth={760}
                  scrollable
                  card={{
                    title: (attempt) => attempt.eventType,
                    monoTitle: true,
                    badge: status,
                    facts: (attempt) => [
                      [t('merchantHooks.log.at'), when(attempt.createdAt)],
                      [t('merchantHooks.log.endpoint'), attempt.url, true],
                      [t('merchantHooks.log.latency'), latency(attempt)],
                    ],
                    actions: open,
                  }}
                />
                <LoadMore
                  hasMore={log.hasNextPage}
                  loading={log.isFetchingNextPage}
                  onLoad={() => void log.fetchNextPage()}
                />
              </>
            )}
          </QueryState>
        </Stack>
      </Paper>
      <AttemptDialog
        attempt={opened}
        onClose={() => setOpened(null)}
        onRedeliver={(attempt) => {
          setOpened(null);
          setRedelivering(attempt);
        }}
      />
      <ConfirmMutation
        target={redelivering}
        mutation={redeliver}
        variables={(attempt) => attempt.messageId}
        title={() => t('merchantHooks.log.redeliverTitle')}
        text={t('merchantHooks.log.redeliverText', { event: redelivering?.eventType ?? '' })}
        confirmLabel={t('merchantHooks.log.redeliver')}
        confirmColor="blue"
        onSuccess={(answer) => setRedelivered(answer.messageId)}
        onClose={() => setRedelivering(null)}
      />
    </Stack>
  );
}
