import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PREAPPROVAL_FREQUENCIES,
  positiveAmountSchema,
  type Preapproval,
  type PreapprovalFrequency,
  type PreapprovalStatus,
} from '@ledgerline/contract';
import { DataTable, type DataColumn } from '@/ui/data-table';
import { Dialog } from '@/ui/dialog';
import { describeApiError } from '@/ui/field-message';
import { AlertIcon } from '@/ui/icons';
import { ListSkeleton } from '@/ui/list-skeleton';
import { LoadFailed } from '@/ui/load-failed';
import frame from '@/ui/page-frame.module.css';
import { StatusBadge, type BadgeTone } from '@/ui/status-badge';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useTransferAccounts } from '../api/accounts';
import { useFormatMoney } from '../format';
import { useCancelPreapproval, usePreapprovals } from './api';
import { CreatePreapprovalDialog } from './create-dialog';

export const STATUS_TONES: Record<PreapprovalStatus, BadgeTone> = {
  pending: 'orange',
  active: 'teal',
  completed: 'blue',
  cancelled: 'gray',
  rejected: 'red',
};

/** A date or a moment as the customer's locale writes a day. */
function useFormatDay() {
  const { i18n } = useTranslation();
  return (value: string) => {
    const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
    if (Number.isNaN(date.getTime())) return value;
    return new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
      date,
    );
  };
}

function amountFilter(text: string): { value?: string; error?: string } {
  const trimmed = text.trim();
  if (trimmed === '') return {};
  const parsed = positiveAmountSchema.safeParse(trimmed);
  return parsed.success ? { value: parsed.data } : { error: 'validation.amount' };
}

/**
 * /transfer/preapproved-payments (issue 18; spec 2 §3 "Pre-approved payments", §7 profile
 * "pre-approved list and cancel"): the merchants the customer allowed to take payments, filtered
 * by the merchant's e-mail, the frequency (type) and the amount; a new one, confirmed with the
 * transfer's second factor; cancel, which takes effect at once.
 */
export function PreapprovedPaymentsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('preapproved.title'));
  const formatMoney = useFormatMoney();
  const formatDay = useFormatDay();
  const accounts = useTransferAccounts();
  const [email, setEmail] = useState('');
  const [type, setType] = useState<'' | PreapprovalFrequency>('');
  const [fromText, setFromText] = useState('');
  const [toText, setToText] = useState('');
  const [pageNumber, setPageNumber] = useState(1);
  const [creating, setCreating] = useState(false);
  const [cancelling, setCancelling] = useState<Preapproval | null>(null);
  const cancel = useCancelPreapproval();

  const from = amountFilter(fromText);
  const to = amountFilter(toText);
  const filtersValid = from.error === undefined && to.error === undefined;
  const list = usePreapprovals(
    filtersValid
      ? {
          pageNumber,
          ...(email.trim() ? { beneficiaryEmail: email.trim() } : {}),
          ...(type ? { type } : {}),
          ...(from.value ? { fromAmount: from.value } : {}),
          ...(to.value ? { toAmount: to.value } : {}),
        }
      : null,
  );
  const rows = list.data?.preapprovals ?? [];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  const filtered = email.trim() !== '' || type !== '' || fromText !== '' || toText !== '';

  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPageNumber(1);
    };

  const status = (row: Preapproval) => (
    <StatusBadge tone={STATUS_TONES[row.status]} size="sm">
      {t(`preapproved.status.${row.status}`)}
    </StatusBadge>
  );
  const cap = (row: Preapproval) => formatMoney(row.amount, row.currency);
  const next = (row: Preapproval) => (row.nextPullFrom ? formatDay(row.nextPullFrom) : '—');
  const total = (row: Preapproval) =>
    row.totalAmount
      ? t('preapproved.pulledOf', {
          pulled: formatMoney(row.pulledTotal, row.currency),
          total: formatMoney(row.totalAmount, row.currency),
        })
      : formatMoney(row.pulledTotal, row.currency);
  const action = (row: Preapproval) =>
    row.status === 'active' || row.status === 'pending' ? (
      <Button
        size="xs"
        variant="default"
        onClick={() => setCancelling(row)}
        aria-label={t('preapproved.cancelFor', { name: row.beneficiaryName })}
      >
        {t('preapproved.cancel')}
      </Button>
    ) : null;

  const columns: DataColumn<Preapproval>[] = [
    {
      id: 'merchant',
      header: t('preapproved.merchant'),
      rowHeader: true,
      cell: (row) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {row.beneficiaryName}
          </Text>
          <Text size="xs" c="dimmed">
            {row.beneficiaryEmail}
          </Text>
        </Stack>
      ),
    },
    { id: 'amount', header: t('preapproved.amount'), align: 'right', cell: cap },
    {
      id: 'frequency',
      header: t('preapproved.type'),
      cell: (row) => t(`preapproved.frequency.${row.frequency}`),
    },
    { id: 'pulled', header: t('preapproved.pulled'), align: 'right', cell: total },
    {
      id: 'end',
      header: t('preapproved.endDate'),
      cell: (row) => (row.endDate ? formatDay(row.endDate) : t('preapproved.noEnd')),
    },
    { id: 'next', header: t('preapproved.nextPull'), cell: next },
    { id: 'status', header: t('preapproved.statusLabel'), cell: status },
    { id: 'action', header: t('preapproved.actions'), headerHidden: true, cell: action },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap">
        <Text c="dimmed" size="sm" maw={560}>
          {t('preapproved.intro')}
        </Text>
        <Button onClick={() => setCreating(true)} disabled={!accounts.isSuccess}>
          {t('preapproved.new')}
        </Button>
      </Group>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Group align="flex-start" gap="md" wrap="wrap">
          <TextInput
            label={t('preapproved.filters.email')}
            value={email}
            onChange={(event) => filter(setEmail)(event.currentTarget.value)}
            maxLength={254}
            miw={220}
          />
          <NativeSelect
            label={t('preapproved.filters.type')}
            value={type}
            onChange={(event) =>
              filter(setType)(event.currentTarget.value as '' | PreapprovalFrequency)
            }
            data={[
              { value: '', label: t('preapproved.filters.anyType') },
              ...PREAPPROVAL_FREQUENCIES.map((value) => ({
                value,
                label: t(`preapproved.frequency.${value}`),
              })),
            ]}
          />
          <TextInput
            label={t('preapproved.filters.fromAmount')}
            inputMode="decimal"
            value={fromText}
            onChange={(event) => filter(setFromText)(event.currentTarget.value)}
            error={from.error ? t(from.error) : undefined}
            w={140}
          />
          <TextInput
            label={t('preapproved.filters.toAmount')}
            inputMode="decimal"
            value={toText}
            onChange={(event) => filter(setToText)(event.currentTarget.value)}
            error={to.error ? t(to.error) : undefined}
            w={140}
          />
        </Group>
      </Paper>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} aria-busy={list.isFetching}>
        {list.isPending && filtersValid && (
          <ListSkeleton rows={4} size="sm" label={t('preapproved.loading')} />
        )}
        {list.isError && (
          <LoadFailed
            title={t('preapproved.loadFailed')}
            error={list.error}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        )}
        {list.isSuccess && rows.length === 0 && (
          <Stack gap={2}>
            <Text fw={600}>
              {filtered ? t('preapproved.noneFound') : t('preapproved.emptyTitle')}
            </Text>
            <Text size="sm" c="dimmed">
              {filtered ? t('preapproved.noneFoundText') : t('preapproved.emptyText')}
            </Text>
          </Stack>
        )}
        {list.isSuccess && rows.length > 0 && (
          <Stack gap="md">
            <DataTable
              rows={rows}
              rowKey={(row) => row.id}
              columns={columns}
              caption={t('preapproved.caption')}
              minWidth={880}
              card={{
                itemClassName: frame.card,
                render: (row) => (
                  <>
                    <Group justify="space-between" gap="xs" wrap="wrap">
                      <Text fw={600} size="sm">
                        {row.beneficiaryName}
                      </Text>
                      {status(row)}
                    </Group>
                    <dl>
                      <dt>{t('preapproved.merchantEmail')}</dt>
                      <dd>{row.beneficiaryEmail}</dd>
                      <dt>{t('preapproved.amount')}</dt>
                      <dd>{cap(row)}</dd>
                      <dt>{t('preapproved.type')}</dt>
                      <dd>{t(`preapproved.frequency.${row.frequency}`)}</dd>
                      <dt>{t('preapproved.pulled')}</dt>
                      <dd>{total(row)}</dd>
                      <dt>{t('preapproved.nextPull')}</dt>
                      <dd>{next(row)}</dd>
                    </dl>
                    {action(row)}
                  </>
                ),
              }}
            />
            {pages > 1 && (
              <Group justify="center" gap="sm">
                <Button
                  variant="default"
                  size="xs"
                  disabled={pageNumber <= 1}
                  onClick={() => setPageNumber(pageNumber - 1)}
                >
                  {t('preapproved.previous')}
                </Button>
                <Text size="sm">{t('preapproved.page', { page: pageNumber, pages })}</Text>
                <Button
                  variant="default"
                  size="xs"
                  disabled={pageNumber >= pages}
                  onClick={() => setPageNumber(pageNumber + 1)}
                >
                  {t('preapproved.next')}
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Paper>
      <CreatePreapprovalDialog
        accounts={accounts.data ?? []}
        opened={creating}
        onClose={() => setCreating(false)}
      />
      <Dialog
        opened={cancelling !== null}
        onClose={() => {
          cancel.reset();
          setCancelling(null);
        }}
        title={t('preapproved.cancelTitle')}
        closeLabel={t('preapproved.close')}
      >
        <Stack gap="md">
          <Text size="sm">
            {t('preapproved.cancelText', { name: cancelling?.beneficiaryName ?? '' })}
          </Text>
          {cancel.isError && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
              {describeApiError(t, cancel.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => {
                cancel.reset();
                setCancelling(null);
              }}
              data-autofocus
            >
              {t('preapproved.keep')}
            </Button>
            <Button
              color="red.8"
              loading={cancel.isPending}
              onClick={() =>
                cancelling && cancel.mutate(cancelling.id, { onSuccess: () => setCancelling(null) })
              }
            >
              {t('preapproved.cancelConfirm')}
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </Stack>
  );
}
