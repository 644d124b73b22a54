import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Code.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpnMessage } from '@ledgerline/contract';
import type { DataColumn } from '@/ui/data-table';
import { Dialog } from '@/ui/dialog';
import { describeApiError } from '@/ui/field-message';
import { AlertIcon } from '@/ui/icons';
import { ListSkeleton } from '@/ui/list-skeleton';
import { LoadFailed } from '@/ui/load-failed';
import { StatusBadge, type BadgeTone } from '@/ui/status-badge';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useConfirmIpn, useIpn, useIpnList } from '../api/ipn';
import { useFormatWhen } from './format';
import { useMerchantCompany } from './merchant-layout';
import classes from './merchant.module.css';
import { LoadMore, MerchantTable, actionsColumn } from './merchant-table';
import { Panel } from './panel';
import { QueryState } from './query-state';
import { RowActions } from './row-actions';

const DELIVERY_TONE: Record<IpnMessage['deliveryStatus'], BadgeTone> = {
  pending: 'orange',
  delivered: 'teal',
  failed: 'red',
};

/** One notification as the server has it now (getIpn), with its body and the confirm button. */
function IpnDialog({
  customerId,
  id,
  onConfirm,
  confirming,
  confirmError,
  onClose,
}: {
  customerId: number;
  id: number | null;
  onConfirm: (id: number) => void;
  confirming: boolean;
  confirmError: unknown;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const when = useFormatWhen();
  const message = useIpn(customerId, id);
  return (
    <Dialog
      opened={id !== null}
      onClose={onClose}
      size="lg"
      title={t('merchantHooks.ipn.detailTitle', { id: id ?? '' })}
      closeLabel={t('merchant.close')}
    >
      {message.isPending && <ListSkeleton rows={4} label={t('merchantHooks.ipn.loadingOne')} />}
      {message.isError && (
        <LoadFailed
          title={t('merchantHooks.ipn.oneFailed')}
          error={message.error}
          onRetry={() => void message.refetch()}
          retrying={message.isFetching}
        />
      )}
      {message.isSuccess && (
        <Stack gap="md">
          <dl className={classes.facts}>
            <dt>{t('merchantHooks.log.at')}</dt>
            <dd>{when(message.data.createdAt)}</dd>
            <dt>{t('merchantHooks.log.event')}</dt>
            <dd className={classes.mono}>{message.data.eventType}</dd>
            <dt>{t('merchantHooks.log.messageId')}</dt>
            <dd className={classes.mono}>{message.data.messageId}</dd>
            <dt>{t('merchantHooks.log.delivery')}</dt>
            <dd>{t(`merchantHooks.delivery.${message.data.deliveryStatus}`)}</dd>
            <dt>{t('merchantHooks.ipn.attempts')}</dt>
            <dd>{message.data.attempts}</dd>
            <dt>{t('merchantHooks.ipn.confirmed')}</dt>
            <dd>
              {message.data.confirmedAt
                ? when(message.data.confirmedAt)
                : t('merchantHooks.ipn.notConfirmed')}
            </dd>
          </dl>
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('merchantHooks.log.requestBody')}
            </Text>
            <Code
              block
              className={classes.body}
              tabIndex={0}
              aria-label={t('merchantHooks.log.requestBody')}
            >
              {message.data.body}
            </Code>
          </Stack>
          {confirmError !== null && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
              {describeApiError(t, confirmError)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('merchant.close')}
            </Button>
            {!message.data.confirmed && (
              <Button loading={confirming} onClick={() => onConfirm(message.data.id)}>
                {t('merchantHooks.ipn.confirm')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Dialog>
  );
}

/**
 * /merchant/ipn/history (spec 2 §4 IPN list, §7 get and confirm, §9 25 a page): the company's
 * notifications, newest first; pages append while pageSize × pageNumber ≤ total.
 */
export function IpnHistoryPage() {
  const { t } = useTranslation();
  const { customerId } = useMerchantCompany();
  const when = useFormatWhen();
  const list = useIpnList(customerId);
  const confirm = useConfirmIpn(customerId);
  const [opened, setOpened] = useState<number | null>(null);
  useDocumentTitle(t('merchantHooks.ipn.historyTitle'));
  const rows = list.data?.pages.flatMap((page) => page.ipnMessages) ?? [];
  const total = list.data?.pages.at(-1)?.total ?? 0;

  const delivery = (message: IpnMessage) => (
    <StatusBadge tone={DELIVERY_TONE[message.deliveryStatus]} size="sm">
      {t(`merchantHooks.delivery.${message.deliveryStatus}`)}
    </StatusBadge>
  );
  const confirmed = (message: IpnMessage) =>
    message.confirmed ? t('merchantHooks.ipn.yes') : t('merchantHooks.ipn.no');
  const actions = (message: IpnMessage) => (
    <RowActions
      actions={[
        {
          label: t('merchantHooks.log.open'),
          name: t('merchantHooks.ipn.openNamed', { id: message.id }),
          onClick: () => setOpened(message.id),
        },
        ...(message.confirmed
          ? []
          : [
              {
                label: t('merchantHooks.ipn.confirm'),
                name: t('merchantHooks.ipn.confirmNamed', { id: message.id }),
                loading: confirm.isPending && confirm.variables === message.id,
                onClick: () => confirm.mutate(message.id),
              },
            ]),
      ]}
    />
  );
  const columns: DataColumn<IpnMessage>[] = [
    {
      id: 'id',
      header: t('merchantHooks.ipn.id'),
      rowHeader: true,
      cell: (message) => message.id,
    },
    {
      id: 'at',
      header: t('merchantHooks.log.at'),
      className: classes.nowrap,
      cell: (message) => when(message.createdAt),
    },
    {
      id: 'event',
      header: t('merchantHooks.log.event'),
      className: `${classes.mono} ${classes.nowrap}`,
      cell: (message) => message.eventType,
    },
    {
      id: 'delivery',
      header: t('merchantHooks.log.delivery'),
      className: classes.statusCell,
      cell: delivery,
    },
    { id: 'confirmed', header: t('merchantHooks.ipn.confirmed'), cell: confirmed },
    actionsColumn(t('merchant.actions'), actions),
  ];

  return (
    <Panel title={t('merchantHooks.ipn.historyTitle')} intro={t('merchantHooks.ipn.historyIntro')}>
      {confirm.isError && opened === null && (
        <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
          {describeApiError(t, confirm.error)}
        </Alert>
      )}
      <QueryState
        query={list}
        rows={rows}
        dense
        skeletonRows={5}
        loadingLabel={t('merchantHooks.ipn.loading')}
        failedTitle={t('merchantHooks.ipn.loadFailed')}
        empty={{ title: t('merchantHooks.ipn.emptyTitle'), text: t('merchantHooks.ipn.emptyText') }}
      >
        {(shown) => (
          <>
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('merchantHooks.ipn.shown', { shown: shown.length, total })}
            </Text>
            <MerchantTable
              rows={shown}
              rowKey={(message) => message.id}
              columns={columns}
              caption={t('merchantHooks.ipn.caption')}
              minWidth={720}
              scrollable
              card={{
                title: (message) => message.eventType,
                monoTitle: true,
                badge: delivery,
                facts: (message) => [
                  [t('merchantHooks.ipn.id'), message.id],
                  [t('merchantHooks.log.at'), when(message.createdAt)],
                  [t('merchantHooks.ipn.confirmed'), confirmed(message)],
                ],
                actions,
              }}
            />
            <LoadMore
              hasMore={list.hasNextPage}
              loading={list.isFetchingNextPage}
              onLoad={() => void list.fetchNextPage()}
            />
          </>
        )}
      </QueryState>
      <IpnDialog
        customerId={customerId}
        id={opened}
        confirming={confirm.isPending}
        confirmError={opened === null ? null : confirm.error}
        onConfirm={(id) => confirm.mutate(id)}
        onClose={() => {
          confirm.reset();
          setOpened(null);
        }}
      />
    </Panel>
  );
}
