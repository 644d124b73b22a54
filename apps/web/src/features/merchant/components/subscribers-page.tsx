import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Instalment, PreapprovalStatus, Subscriber } from '@ledgerline/contract';
import { DataTable, type DataColumn } from '@/ui/data-table';
import { Dialog } from '@/ui/dialog';
import { ListSkeleton } from '@/ui/list-skeleton';
import { LoadFailed } from '@/ui/load-failed';
import frame from '@/ui/page-frame.module.css';
import { StatusBadge, type BadgeTone } from '@/ui/status-badge';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useCancelSubscription, useInstalments, useSubscribers } from '../api/subscribers';
import { ConfirmDialog } from './confirm-dialog';
import { useFormatWhen } from './format';
import { useMerchantCompany } from './merchant-layout';
import classes from './merchant.module.css';

const TONES: Record<PreapprovalStatus, BadgeTone> = {
  pending: 'orange',
  active: 'teal',
  completed: 'blue',
  cancelled: 'gray',
  rejected: 'red',
};

function useMoney() {
  const { i18n } = useTranslation();
  return (amount: string, currency: string) => {
    try {
      return new Intl.NumberFormat(i18n.language, {
        style: 'currency',
        currency,
        maximumFractionDigits: 8,
      }).format(Number(amount));
    } catch {
      return `${amount} ${currency}`;
    }
  };
}

function Pager({
  pageNumber,
  total,
  pageSize,
  onPage,
}: {
  pageNumber: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <Group justify="center" gap="sm">
      <Button
        variant="default"
        size="xs"
        disabled={pageNumber <= 1}
        onClick={() => onPage(pageNumber - 1)}
      >
        {t('merchantSubscribers.previous')}
      </Button>
      <Text size="sm">{t('merchantSubscribers.page', { page: pageNumber, pages })}</Text>
      <Button
        variant="default"
        size="xs"
        disabled={pageNumber >= pages}
        onClick={() => onPage(pageNumber + 1)}
      >
        {t('merchantSubscribers.next')}
      </Button>
    </Group>
  );
}

/** The instalments (pulls) of one subscription, 50 a page, newest first. */
function InstalmentsDialog({
  customerId,
  subscriber,
  onClose,
}: {
  customerId: number;
  subscriber: Subscriber | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const when = useFormatWhen();
  const money = useMoney();
  const [pageNumber, setPageNumber] = useState(1);
  const list = useInstalments(customerId, subscriber?.subscriptionId ?? null, pageNumber);
  const rows = list.data?.instalments ?? [];
  const columns: DataColumn<Instalment>[] = [
    { id: 'at', header: t('merchantSubscribers.at'), cell: (row) => when(row.createdAt) },
    {
      id: 'amount',
      header: t('merchantSubscribers.amount'),
      align: 'right',
      cell: (row) => money(row.amount, row.currency),
    },
    {
      id: 'description',
      header: t('merchantSubscribers.description'),
      cell: (row) => row.description ?? '—',
    },
  ];
  return (
    <Dialog
      opened={subscriber !== null}
      onClose={() => {
        setPageNumber(1);
        onClose();
      }}
      title={t('merchantSubscribers.instalmentsTitle', { name: subscriber?.payerName ?? '' })}
      closeLabel={t('merchant.close')}
      size="lg"
    >
      {list.isPending && (
        <ListSkeleton rows={3} size="sm" label={t('merchantSubscribers.loading')} />
      )}
      {list.isError && (
        <LoadFailed
          title={t('merchantSubscribers.instalmentsFailed')}
          error={list.error}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      )}
      {list.isSuccess && rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('merchantSubscribers.noInstalments')}
        </Text>
      )}
      {list.isSuccess && rows.length > 0 && (
        <Stack gap="md">
          <DataTable
            rows={rows}
            rowKey={(row) => row.id}
            columns={columns}
            caption={t('merchantSubscribers.instalmentsCaption')}
          />
          <Pager
            pageNumber={pageNumber}
            total={list.data.total}
            pageSize={list.data.pageSize}
            onPage={setPageNumber}
          />
        </Stack>
      )}
    </Dialog>
  );
}

/**
 * /merchant/accounts/subscribers (issue 18; spec 2 §2, §7, §9 50 a page): the customers who
 * allowed the company to take recurring payments: payer, currency, the most a payment may be, how
 * often, status and when the next payment may be taken; the instalments of one; cancel one.
 */
export function SubscribersPage() {
  const { t } = useTranslation();
  const { customerId } = useMerchantCompany();
  useDocumentTitle(t('merchantSubscribers.title'));
  const when = useFormatWhen();
  const money = useMoney();
  const [pageNumber, setPageNumber] = useState(1);
  const [viewing, setViewing] = useState<Subscriber | null>(null);
  const [cancelling, setCancelling] = useState<Subscriber | null>(null);
  const list = useSubscribers(customerId, pageNumber);
  const cancel = useCancelSubscription(customerId);
  const rows = list.data?.subscribers ?? [];

  const status = (row: Subscriber) => (
    <StatusBadge tone={TONES[row.status]} size="sm">
      {t(`preapproved.status.${row.status}`)}
    </StatusBadge>
  );
  const next = (row: Subscriber) => (row.nextPullFrom ? when(row.nextPullFrom, false) : '—');
  const actions = (row: Subscriber) => (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      <Button
        size="xs"
        variant="default"
        onClick={() => setViewing(row)}
        aria-label={t('merchantSubscribers.instalmentsOf', { name: row.payerName })}
      >
        {t('merchantSubscribers.instalments')}
      </Button>
      {row.status === 'active' && (
        <Button
          size="xs"
          variant="subtle"
          color="dark"
          onClick={() => setCancelling(row)}
          aria-label={t('merchantSubscribers.cancelOf', { name: row.payerName })}
        >
          {t('merchantSubscribers.cancel')}
        </Button>
      )}
    </Group>
  );
  const columns: DataColumn<Subscriber>[] = [
    {
      id: 'payer',
      header: t('merchantSubscribers.payer'),
      rowHeader: true,
      cell: (row) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {row.payerName}
          </Text>
          <Text size="xs" c="dimmed">
            {row.payerEmail}
          </Text>
        </Stack>
      ),
    },
    { id: 'currency', header: t('merchantSubscribers.currency'), cell: (row) => row.currency },
    {
      id: 'cap',
      header: t('merchantSubscribers.cap'),
      align: 'right',
      cell: (row) => money(row.amount, row.currency),
    },
    {
      id: 'frequency',
      header: t('merchantSubscribers.frequency'),
      cell: (row) => t(`preapproved.frequency.${row.frequency}`),
    },
    {
      id: 'status',
      header: t('merchant.status'),
      className: classes.statusCell,
      cell: status,
    },
    { id: 'next', header: t('merchantSubscribers.nextPull'), cell: next },
    { id: 'actions', header: t('merchantSubscribers.actions'), headerHidden: true, cell: actions },
  ];

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} aria-busy={list.isFetching}>
        {list.isPending && (
          <ListSkeleton rows={5} size="sm" label={t('merchantSubscribers.loading')} />
        )}
        {list.isError && (
          <LoadFailed
            title={t('merchantSubscribers.loadFailed')}
            error={list.error}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        )}
        {list.isSuccess && rows.length === 0 && (
          <Stack gap={2}>
            <Text fw={600}>{t('merchantSubscribers.emptyTitle')}</Text>
            <Text size="sm" c="dimmed">
              {t('merchantSubscribers.emptyText')}
            </Text>
          </Stack>
        )}
        {list.isSuccess && rows.length > 0 && (
          <Stack gap="md">
            <DataTable
              rows={rows}
              rowKey={(row) => row.subscriptionId}
              columns={columns}
              caption={t('merchantSubscribers.caption')}
              minWidth={860}
              card={{
                listClassName: classes.list,
                itemClassName: frame.card,
                render: (row) => (
                  <>
                    <Group justify="space-between" gap="xs" wrap="wrap">
                      <Text fw={600} size="sm">
                        {row.payerName}
                      </Text>
                      {status(row)}
                    </Group>
                    <dl>
                      <dt>{t('merchantSubscribers.email')}</dt>
                      <dd>{row.payerEmail}</dd>
                      <dt>{t('merchantSubscribers.cap')}</dt>
                      <dd>{money(row.amount, row.currency)}</dd>
                      <dt>{t('merchantSubscribers.frequency')}</dt>
                      <dd>{t(`preapproved.frequency.${row.frequency}`)}</dd>
                      <dt>{t('merchantSubscribers.nextPull')}</dt>
                      <dd>{next(row)}</dd>
                    </dl>
                    {actions(row)}
                  </>
                ),
              }}
            />
            <Pager
              pageNumber={pageNumber}
              total={list.data.total}
              pageSize={list.data.pageSize}
              onPage={setPageNumber}
            />
          </Stack>
        )}
      </Paper>
      <InstalmentsDialog
        customerId={customerId}
        subscriber={viewing}
        onClose={() => setViewing(null)}
      />
      <ConfirmDialog
        opened={cancelling !== null}
        title={t('merchantSubscribers.cancelTitle')}
        text={t('merchantSubscribers.cancelText', { name: cancelling?.payerName ?? '' })}
        confirmLabel={t('merchantSubscribers.cancelConfirm')}
        isPending={cancel.isPending}
        error={cancel.error}
        onConfirm={() =>
          cancelling &&
          cancel.mutate(cancelling.subscriptionId, { onSuccess: () => setCancelling(null) })
        }
        onClose={() => {
          cancel.reset();
          setCancelling(null);
        }}
      />
    </Stack>
  );
}
