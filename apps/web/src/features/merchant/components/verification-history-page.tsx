import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { IdentityRequestEvent } from '@ledgerline/contract';
import { DataTable, type DataColumn } from '@/ui/data-table';
import { ListSkeleton } from '@/ui/list-skeleton';
import { LoadFailed } from '@/ui/load-failed';
import frame from '@/ui/page-frame.module.css';
import { StatusBadge } from '@/ui/status-badge';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useIdentityHistory } from '../api/trust';
import { MERCHANT_PATHS } from '../paths';
import { useFormatWhen } from './format';
import { useMerchantCompany } from './merchant-layout';
import classes from './merchant.module.css';
import { IDENTITY_STATUS_TONE } from './trust-format';

/** `?id=` names one request; anything that is not a positive id shows them all. */
function requestIdOf(value: string | null): number | undefined {
  if (value === null || !/^\d{1,9}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}

/**
 * /merchant/security/verification/history (issue 18): each status change of the company's
 * identity verification requests with its time, newest first; `?id=` shows one request's.
 */
export function VerificationHistoryPage() {
  const { t } = useTranslation();
  const { customerId } = useMerchantCompany();
  const [params] = useSearchParams();
  const id = requestIdOf(params.get('id'));
  const history = useIdentityHistory(customerId, id);
  const when = useFormatWhen();
  useDocumentTitle(t('merchantTrust.history.title'));

  const badge = (event: IdentityRequestEvent) => (
    <StatusBadge tone={IDENTITY_STATUS_TONE[event.status]} size="sm">
      {t(`merchantTrust.status.${event.status}`)}
    </StatusBadge>
  );
  const columns: DataColumn<IdentityRequestEvent>[] = [
    {
      id: 'at',
      header: t('merchantTrust.history.at'),
      rowHeader: true,
      className: classes.nowrap,
      cell: (event) => when(event.at),
    },
    { id: 'name', header: t('merchantTrust.verification.name'), cell: (event) => event.name },
    {
      id: 'email',
      header: t('merchantTrust.verification.email'),
      className: classes.mono,
      cell: (event) => event.email,
    },
    {
      id: 'status',
      header: t('merchantTrust.verification.status'),
      className: classes.statusCell,
      cell: badge,
    },
  ];

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <div className={frame.sectionHeader}>
          <Stack gap={2}>
            <Title order={2} fz="lg">
              {t('merchantTrust.history.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {id === undefined
                ? t('merchantTrust.history.intro')
                : t('merchantTrust.history.introOne')}
            </Text>
          </Stack>
          {id !== undefined && (
            <Anchor component={Link} to={MERCHANT_PATHS.verificationHistory} size="sm">
              {t('merchantTrust.history.showAll')}
            </Anchor>
          )}
        </div>
        {history.isPending && <ListSkeleton rows={3} label={t('merchantTrust.history.loading')} />}
        {history.isError && (
          <LoadFailed
            title={t('merchantTrust.history.loadFailed')}
            error={history.error}
            onRetry={() => void history.refetch()}
            retrying={history.isFetching}
          />
        )}
        {history.isSuccess && history.data.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('merchantTrust.history.empty')}
          </Text>
        )}
        {history.isSuccess && history.data.length > 0 && (
          <DataTable
            rows={history.data}
            rowKey={(event) => `${event.requestId}-${event.status}`}
            columns={columns}
            caption={t('merchantTrust.history.caption')}
            minWidth={700}
            card={{
              listClassName: classes.list,
              itemClassName: frame.card,
              render: (event) => (
                <>
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Text fw={600} size="sm">
                      {event.name}
                    </Text>
                    {badge(event)}
                  </Group>
                  <dl>
                    <dt>{t('merchantTrust.verification.email')}</dt>
                    <dd className={classes.mono}>{event.email}</dd>
                    <dt>{t('merchantTrust.history.at')}</dt>
                    <dd>{when(event.at)}</dd>
                  </dl>
                </>
              ),
            }}
          />
        )}
      </Stack>
    </Paper>
  );
}
