import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReputationEntry } from '@ledgerline/contract';
import { REPUTATION_PAGE_SIZE } from '@ledgerline/domain/merchant-trust';
import { DataTable, type DataColumn } from '@/ui/data-table';
import { InfoIcon } from '@/ui/icons';
import { ListSkeleton } from '@/ui/list-skeleton';
import { LoadFailed } from '@/ui/load-failed';
import { StatusBadge } from '@/ui/status-badge';
import frame from '@/ui/page-frame.module.css';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useReputation } from '../api/trust';
import { useFormatWhen } from './format';
import { useMerchantCompany } from './merchant-layout';
import classes from './merchant.module.css';
import { useFormatMoney, useFormatMonth } from './trust-format';

/**
 * /merchant/security/reputation (issue 18; spec 2 §3 "Reputation entries, filtered by email", §5
 * "trims the email", §9 100 a page): what the company's own dealings say about a payer. The search
 * is trimmed before it is sent; an address the company never dealt with shows the empty state.
 */
export function ReputationPage() {
  const { t } = useTranslation();
  const { customerId } = useMerchantCompany();
  const [input, setInput] = useState('');
  const [email, setEmail] = useState('');
  const [pageNumber, setPageNumber] = useState(1);
  const result = useReputation(customerId, email, pageNumber);
  const when = useFormatWhen();
  const money = useFormatMoney();
  const month = useFormatMonth();
  useDocumentTitle(t('merchantTrust.reputation.title'));

  const search = (event: FormEvent) => {
    event.preventDefault();
    setEmail(input.trim());
    setPageNumber(1);
  };

  const amount = (entry: ReputationEntry) =>
    entry.amount !== null && entry.currencyCode !== null
      ? money(entry.amount, entry.currencyCode)
      : '—';
  const columns: DataColumn<ReputationEntry>[] = [
    {
      id: 'at',
      header: t('merchantTrust.reputation.at'),
      rowHeader: true,
      className: classes.nowrap,
      cell: (entry) => when(entry.at),
    },
    {
      id: 'kind',
      header: t('merchantTrust.reputation.kind'),
      cell: (entry) => t(`merchantTrust.reputation.kinds.${entry.kind}`),
    },
    {
      id: 'amount',
      header: t('merchantTrust.reputation.amount'),
      className: classes.nowrap,
      align: 'right',
      cell: amount,
    },
  ];
  const data = result.data;
  const hasMore = data !== undefined && data.pageNumber * REPUTATION_PAGE_SIZE < data.total;

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="lg">
            {t('merchantTrust.reputation.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('merchantTrust.reputation.intro')}
          </Text>
        </Stack>
        <form onSubmit={search} role="search" aria-label={t('merchantTrust.reputation.title')}>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              type="search"
              label={t('merchantTrust.reputation.email')}
              value={input}
              onChange={(event) => setInput(event.currentTarget.value)}
              maxLength={254}
              autoComplete="off"
            />
            <Button type="submit" disabled={input.trim() === ''}>
              {t('merchantTrust.reputation.search')}
            </Button>
          </Group>
        </form>
        {email !== '' && result.isPending && (
          <ListSkeleton rows={3} label={t('merchantTrust.reputation.loading')} />
        )}
        {result.isError && (
          <LoadFailed
            title={t('merchantTrust.reputation.loadFailed')}
            error={result.error}
            onRetry={() => void result.refetch()}
            retrying={result.isFetching}
          />
        )}
        {data && data.summary && (
          <Group
            gap="xl"
            wrap="wrap"
            aria-label={t('merchantTrust.reputation.summary')}
            role="group"
          >
            <Stack gap={2}>
              <Text size="sm" c="dimmed">
                {t('merchantTrust.reputation.identity')}
              </Text>
              <StatusBadge tone={data.summary.identityVerified ? 'teal' : 'gray'} size="sm">
                {t(
                  data.summary.identityVerified
                    ? 'merchantTrust.reputation.verified'
                    : 'merchantTrust.reputation.notVerified',
                )}
              </StatusBadge>
            </Stack>
            <Stack gap={2}>
              <Text size="sm" c="dimmed">
                {t('merchantTrust.reputation.customerSince')}
              </Text>
              <Text size="sm" fw={600}>
                {month(data.summary.customerSince)}
              </Text>
            </Stack>
          </Group>
        )}
        {data && data.entries.length === 0 && (
          <Alert
            color="blue"
            variant="light"
            icon={<InfoIcon />}
            title={t('merchantTrust.reputation.emptyTitle')}
          >
            {t('merchantTrust.reputation.emptyText', { email })}
          </Alert>
        )}
        {data && data.entries.length > 0 && (
          <DataTable
            rows={data.entries}
            rowKey={(entry) => `${entry.kind}-${entry.at}-${entry.amount ?? ''}`}
            columns={columns}
            caption={t('merchantTrust.reputation.caption', { email })}
            minWidth={560}
            card={{
              listClassName: classes.list,
              itemClassName: frame.card,
              render: (entry) => (
                <>
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Text fw={600} size="sm">
                      {t(`merchantTrust.reputation.kinds.${entry.kind}`)}
                    </Text>
                    <Text size="sm">{amount(entry)}</Text>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {when(entry.at)}
                  </Text>
                </>
              ),
            }}
          />
        )}
        {data && (data.pageNumber > 1 || hasMore) && (
          <Group justify="space-between">
            <Button
              variant="default"
              disabled={data.pageNumber <= 1}
              onClick={() => setPageNumber((n) => n - 1)}
            >
              {t('merchantTrust.reputation.previous')}
            </Button>
            <Button
              variant="default"
              disabled={!hasMore}
              onClick={() => setPageNumber((n) => n + 1)}
            >
              {t('merchantTrust.reputation.next')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
