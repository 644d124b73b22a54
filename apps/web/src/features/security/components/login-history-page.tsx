import { Button, Group, Pagination, Paper, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Pagination.css';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import type { LoginHistoryItem } from '@ledgerline/contract';
import { useLanguage } from '@/i18n';
import { DataTable, type DataColumn } from '@/ui/data-table';
import { FormDateField } from '@/ui/date-field';
import { fieldMessage } from '@/ui/field-message';
import { StatusBadge, type BadgeTone } from '@/ui/status-badge';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useLoginHistory } from '../api/login-history';
import type { LoginHistoryFilter } from '../keys';
import { formatDateTime } from '../format';
import { describeSignInDevice } from '@ledgerline/domain/user-agent';
import { LoadFailed } from './security-page';
import classes from './security.module.css';
import frame from '@/ui/page-frame.module.css';
import { ListSkeleton } from '@/ui/list-skeleton';
import { PageFrame } from '@/ui/page-frame';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filter and page live in the address (?from=&to=&page=), so a reload or a shared link keeps them. */
function readFilter(params: URLSearchParams): LoginHistoryFilter {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const page = Number(params.get('page'));
  return {
    fromDate: DAY.test(from) ? from : undefined,
    toDate: DAY.test(to) ? to : undefined,
    pageNumber: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

const KNOWN_RESULTS = new Set([
  'success',
  'approved',
  'secondFactorRequired',
  'wrongPassword',
  'wrongCode',
  'codeExpired',
  'codeUsed',
  'badVerifier',
  'declined',
  'blocked',
  'throttled',
  'botCheckFailed',
  'wrongSecret',
  'ipNotAllowed',
  // Issue 15: an administrator acted for the customer (the device is the staff member's name).
  'staffActed',
]);
const KNOWN_FLOWS = new Set([
  'password',
  'simple',
  'direct',
  'otp',
  'sms',
  'push',
  'verifyDevice',
  'scp',
  'token',
  'refresh',
  'api',
  'staff',
]);

function resultTone(result: string): BadgeTone {
  if (result === 'success' || result === 'approved') return 'teal';
  if (result === 'secondFactorRequired' || result === 'staffActed') return 'blue';
  if (result === 'blocked' || result === 'throttled' || result === 'ipNotAllowed') return 'orange';
  return 'red';
}

function useHistoryText() {
  const { t } = useTranslation();
  return {
    result: (result: string, item?: LoginHistoryItem) =>
      KNOWN_RESULTS.has(result)
        ? t(`loginHistory.results.${result}`, { name: item?.device ?? '' })
        : result,
    flow: (flow: string) => (KNOWN_FLOWS.has(flow) ? t(`loginHistory.flows.${flow}`) : flow),
    /** Domain's one rule (describeSignInDevice), in the page's language. */
    device: (item: LoginHistoryItem) => {
      const device = describeSignInDevice(item);
      switch (device.kind) {
        case 'app':
        case 'partial':
        case 'program':
          return device.name;
        case 'browser':
          return t('loginHistory.browserOn', { browser: device.browser, system: device.system });
        case 'client':
          return t(`loginHistory.clients.${device.client}`);
        case 'unknown':
          return t('loginHistory.unknownDevice');
      }
    },
  };
}

/** /login-history (spec 2 §7 "Login history"): every sign-in attempt, 20 a page, between two dates. */
export function LoginHistoryPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  const history = useLoginHistory(filter);
  const text = useHistoryText();
  useDocumentTitle(t('loginHistory.pageTitle'));

  const showPage = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    setParams(next);
  };
  const result = (item: LoginHistoryItem) => (
    <StatusBadge tone={resultTone(item.result)}>{text.result(item.result, item)}</StatusBadge>
  );
  const columns: DataColumn<LoginHistoryItem>[] = [
    {
      id: 'date',
      header: t('loginHistory.columns.date'),
      className: classes.nowrap,
      cell: (item) => formatDateTime(item.date, language),
    },
    { id: 'result', header: t('loginHistory.columns.result'), cell: result },
    {
      id: 'ip',
      header: t('loginHistory.columns.ip'),
      className: classes.mono,
      cell: (item) => item.ip,
    },
    { id: 'device', header: t('loginHistory.columns.device'), cell: text.device },
    { id: 'flow', header: t('loginHistory.columns.flow'), cell: (item) => text.flow(item.flow) },
  ];
  const pages = history.data
    ? Math.max(1, Math.ceil(history.data.total / history.data.pageSize))
    : 1;

  return (
    <PageFrame title={t('loginHistory.title')} intro={t('loginHistory.intro')}>
      <HistoryFilter
        key={`${filter.fromDate ?? ''}|${filter.toDate ?? ''}`}
        filter={filter}
        onApply={(fromDate, toDate) => {
          const next = new URLSearchParams();
          if (fromDate) next.set('from', fromDate);
          if (toDate) next.set('to', toDate);
          setParams(next);
        }}
      />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} aria-busy={history.isFetching}>
        {history.isPending && <ListSkeleton size="sm" rows={6} label={t('loginHistory.loading')} />}
        {history.isError && (
          <LoadFailed
            error={history.error}
            onRetry={() => void history.refetch()}
            retrying={history.isFetching}
          />
        )}
        {history.isSuccess && history.data.total === 0 && (
          <Stack gap={2}>
            <Text fw={600}>{t('loginHistory.emptyTitle')}</Text>
            <Text size="sm" c="dimmed">
              {filter.fromDate || filter.toDate
                ? t('loginHistory.emptyFiltered')
                : t('loginHistory.emptyText')}
            </Text>
          </Stack>
        )}
        {history.isSuccess && history.data.total > 0 && (
          <Stack gap="md">
            <Text size="sm" c="dimmed" role="status">
              {t('loginHistory.summary', {
                count: history.data.total,
                page: history.data.pageNumber,
                pages,
              })}
            </Text>
            <DataTable
              rows={history.data.items}
              rowKey={(item) => item.id}
              columns={columns}
              caption={t('loginHistory.tableCaption')}
              minWidth={640}
              tableProps={{ highlightOnHover: true }}
              card={{
                listClassName: classes.list,
                itemClassName: frame.card,
                render: (item) => (
                  <>
                    <Group justify="space-between" gap="xs" wrap="wrap">
                      <Text fw={600} size="sm">
                        {formatDateTime(item.date, language)}
                      </Text>
                      {result(item)}
                    </Group>
                    <dl>
                      <dt>{t('loginHistory.columns.ip')}</dt>
                      <dd className={classes.mono}>{item.ip}</dd>
                      <dt>{t('loginHistory.columns.device')}</dt>
                      <dd>{text.device(item)}</dd>
                      <dt>{t('loginHistory.columns.flow')}</dt>
                      <dd>{text.flow(item.flow)}</dd>
                    </dl>
                  </>
                ),
              }}
            />
            {pages > 1 && (
              <nav aria-label={t('loginHistory.pagination')}>
                <Pagination
                  total={pages}
                  value={history.data.pageNumber}
                  onChange={showPage}
                  siblings={1}
                  boundaries={1}
                  size="sm"
                  getItemProps={(page) => ({
                    'aria-label': t('loginHistory.page', { page }),
                    'aria-current': page === history.data.pageNumber ? 'page' : undefined,
                  })}
                  getControlProps={(control) => ({
                    'aria-label': t(`loginHistory.controls.${control}`),
                  })}
                />
              </nav>
            )}
          </Stack>
        )}
      </Paper>
    </PageFrame>
  );
}

const filterSchema = z
  .object({
    fromDate: z.string().regex(/^$|^\d{4}-\d{2}-\d{2}$/, 'validation.date'),
    toDate: z.string().regex(/^$|^\d{4}-\d{2}-\d{2}$/, 'validation.date'),
  })
  .refine((value) => !value.fromDate || !value.toDate || value.toDate >= value.fromDate, {
    path: ['toDate'],
    message: 'validation.dateRangeOrder',
  });
type FilterValues = z.infer<typeof filterSchema>;

function HistoryFilter({
  filter,
  onApply,
}: {
  filter: LoginHistoryFilter;
  onApply: (fromDate: string, toDate: string) => void;
}) {
  const { t } = useTranslation();
  const {
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FilterValues>({
    resolver: schemaResolver(filterSchema),
    defaultValues: { fromDate: filter.fromDate ?? '', toDate: filter.toDate ?? '' },
  });
  const filtered = filter.fromDate !== undefined || filter.toDate !== undefined;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form
        onSubmit={handleSubmit((values) => onApply(values.fromDate, values.toDate))}
        noValidate
        role="search"
        aria-label={t('loginHistory.filterLabel')}
      >
        <div className={classes.formRow}>
          <FormDateField
            control={control}
            name="fromDate"
            label={t('loginHistory.from')}
            error={fieldMessage(t, errors.fromDate?.message)}
          />
          <FormDateField
            control={control}
            name="toDate"
            label={t('loginHistory.to')}
            error={fieldMessage(t, errors.toDate?.message)}
          />
          <Group gap="xs" wrap="nowrap">
            <Button type="submit">{t('loginHistory.apply')}</Button>
            {filtered && (
              <Button
                variant="default"
                onClick={() => {
                  reset({ fromDate: '', toDate: '' });
                  onApply('', '');
                }}
              >
                {t('loginHistory.clear')}
              </Button>
            )}
          </Group>
        </div>
      </form>
    </Paper>
  );
}
