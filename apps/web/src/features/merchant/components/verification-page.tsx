import {
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { IdentityRequest } from '@ledgerline/contract';
import { IDENTITY_REQUEST_STATUSES } from '@ledgerline/domain/merchant-trust';
import { DataTable, type DataColumn } from '@/ui/data-table';
import { PlusIcon } from '@/ui/icons';
import { ListSkeleton } from '@/ui/list-skeleton';
import { LoadFailed } from '@/ui/load-failed';
import frame from '@/ui/page-frame.module.css';
import { StatusBadge } from '@/ui/status-badge';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useIdentities } from '../api/trust';
import { MERCHANT_PATHS } from '../paths';
import { useFormatWhen } from './format';
import { IdentityRequestDialog } from './identity-request-dialog';
import { useMerchantCompany } from './merchant-layout';
import classes from './merchant.module.css';
import { IDENTITY_STATUS_TONE, useFormatMoney } from './trust-format';

/**
 * /merchant/security/verification (issue 18; spec 2 §3 "Identity verification: list 'identities'"):
 * the company's requests with their status, filtered by status and text, and a new request.
 */
export function VerificationPage() {
  const { t } = useTranslation();
  const { customerId } = useMerchantCompany();
  const [status, setStatus] = useState('');
  const [query, setQuery] = useState('');
  const [isCreating, setCreating] = useState(false);
  const list = useIdentities(customerId, { status, query });
  const when = useFormatWhen();
  const money = useFormatMoney();
  useDocumentTitle(t('merchantTrust.verification.title'));

  const badge = (row: IdentityRequest) => (
    <StatusBadge tone={IDENTITY_STATUS_TONE[row.status]} size="sm">
      {t(`merchantTrust.status.${row.status}`)}
    </StatusBadge>
  );
  const historyLink = (row: IdentityRequest) => (
    <Anchor
      component={Link}
      to={`${MERCHANT_PATHS.verificationHistory}?id=${row.id}`}
      size="sm"
      aria-label={t('merchantTrust.verification.historyOf', { name: row.name })}
    >
      {t('merchantTrust.verification.history')}
    </Anchor>
  );
  const columns: DataColumn<IdentityRequest>[] = [
    {
      id: 'name',
      header: t('merchantTrust.verification.name'),
      rowHeader: true,
      cell: (row) => row.name,
    },
    {
      id: 'email',
      header: t('merchantTrust.verification.email'),
      className: classes.mono,
      cell: (row) => row.email,
    },
    {
      id: 'reference',
      header: t('merchantTrust.verification.reference'),
      cell: (row) => row.reference ?? '—',
    },
    {
      id: 'status',
      header: t('merchantTrust.verification.status'),
      className: classes.statusCell,
      cell: badge,
    },
    {
      id: 'fee',
      header: t('merchantTrust.verification.fee'),
      className: classes.nowrap,
      cell: (row) => money(row.fee.amount, row.fee.currencyCode),
    },
    {
      id: 'created',
      header: t('merchantTrust.verification.created'),
      cell: (row) => when(row.createdAt),
    },
    {
      id: 'actions',
      header: t('merchantTrust.verification.actions'),
      headerHidden: true,
      align: 'right',
      cell: historyLink,
    },
  ];
  const rows = list.data?.identities ?? [];

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <div className={frame.sectionHeader}>
            <Stack gap={2}>
              <Title order={2} fz="lg">
                {t('merchantTrust.verification.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('merchantTrust.verification.intro')}
              </Text>
            </Stack>
            <Button leftSection={<PlusIcon size={16} />} onClick={() => setCreating(true)}>
              {t('merchantTrust.verification.create')}
            </Button>
          </div>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <NativeSelect
              label={t('merchantTrust.verification.status')}
              value={status}
              onChange={(event) => setStatus(event.currentTarget.value)}
              data={[
                { value: '', label: t('merchantTrust.verification.anyStatus') },
                ...IDENTITY_REQUEST_STATUSES.map((value) => ({
                  value,
                  label: t(`merchantTrust.status.${value}`),
                })),
              ]}
            />
            <TextInput
              type="search"
              label={t('merchantTrust.verification.search')}
              value={query}
              onChange={(event) => setQuery(event.currentTarget.value)}
              maxLength={254}
            />
          </Group>
          {list.isPending && (
            <ListSkeleton rows={3} label={t('merchantTrust.verification.loading')} />
          )}
          {list.isError && (
            <LoadFailed
              title={t('merchantTrust.verification.loadFailed')}
              error={list.error}
              onRetry={() => void list.refetch()}
              retrying={list.isFetching}
            />
          )}
          {list.isSuccess && rows.length === 0 && (
            <Stack gap={2}>
              <Text fw={600}>
                {list.data.filterEmpty
                  ? t('merchantTrust.verification.emptyTitle')
                  : t('merchantTrust.verification.noMatchTitle')}
              </Text>
              <Text size="sm" c="dimmed">
                {list.data.filterEmpty
                  ? t('merchantTrust.verification.emptyText')
                  : t('merchantTrust.verification.noMatchText')}
              </Text>
            </Stack>
          )}
          {list.isSuccess && rows.length > 0 && (
            <DataTable
              rows={rows}
              rowKey={(row) => row.id}
              columns={columns}
              caption={t('merchantTrust.verification.caption')}
              minWidth={900}
              card={{
                listClassName: classes.list,
                itemClassName: `${frame.card} ${frame.cardWithActions}`,
                render: (row) => (
                  <>
                    <Group justify="space-between" gap="xs" wrap="wrap">
                      <Text fw={600} size="sm">
                        {row.name}
                      </Text>
                      {badge(row)}
                    </Group>
                    <dl>
                      <dt>{t('merchantTrust.verification.email')}</dt>
                      <dd className={classes.mono}>{row.email}</dd>
                      <dt>{t('merchantTrust.verification.reference')}</dt>
                      <dd>{row.reference ?? '—'}</dd>
                      <dt>{t('merchantTrust.verification.fee')}</dt>
                      <dd>{money(row.fee.amount, row.fee.currencyCode)}</dd>
                      <dt>{t('merchantTrust.verification.created')}</dt>
                      <dd>{when(row.createdAt)}</dd>
                    </dl>
                    {historyLink(row)}
                  </>
                ),
              }}
            />
          )}
        </Stack>
      </Paper>
      <IdentityRequestDialog
        customerId={customerId}
        opened={isCreating}
        onClose={() => setCreating(false)}
      />
    </Stack>
  );
}
