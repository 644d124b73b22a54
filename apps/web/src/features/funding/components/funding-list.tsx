import { Button, Group, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import type { FundingInvoice } from '@ledgerline/contract';
import { useTranslation } from 'react-i18next';
import { intlLocale, useLanguage } from '@/i18n';
import { LoadFailed } from '@/ui/load-failed';
import { useFundingInvoices } from '../api/funding-invoices';
import { FundingStatusBadge } from './funding-status';
import { useMoneyFormat } from './money-format';
import classes from './funding.module.css';

/** The customer's funding invoices with their status, newest first, 20 a page. */
export function FundingList({
  page,
  onPage,
  onShow,
  shownId,
}: {
  page: number;
  onPage: (page: number) => void;
  onShow: (invoice: FundingInvoice) => void;
  shownId: number | undefined;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const money = useMoneyFormat();
  const list = useFundingInvoices(page);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium' }).format(new Date(iso));

  let content;
  if (list.isPending) {
    content = (
      <Stack gap="xs" aria-busy="true">
        <VisuallyHidden role="status">{t('funding.list.loading')}</VisuallyHidden>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={44} radius="sm" />
        ))}
      </Stack>
    );
  } else if (list.isError) {
    content = (
      <LoadFailed
        title={t('funding.list.loadFailed')}
        error={list.error}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  } else if (list.data.invoices.length === 0) {
    content = (
      <Text size="sm" c="dimmed">
        {t('funding.list.empty')}
      </Text>
    );
  } else {
    const pages = Math.max(1, Math.ceil(list.data.total / list.data.pageSize));
    content = (
      <Stack gap="sm">
        <ul
          aria-label={t('funding.list.label')}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {list.data.invoices.map((invoice) => (
            <li key={invoice.id} className={classes.row} data-testid="funding-invoice-row">
              <div>
                <Group gap="xs" wrap="wrap">
                  <Text fw={600} size="sm">
                    {invoice.number}
                  </Text>
                  <FundingStatusBadge status={invoice.status} />
                </Group>
                <Text size="sm">
                  {money(invoice.amountReceived ?? invoice.amount, invoice.currencyCode)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('funding.list.created', { date: date(invoice.sentDate) })}
                  {invoice.paidDate
                    ? ` · ${t('funding.list.paidOn', { date: date(invoice.paidDate) })}`
                    : ''}
                </Text>
              </div>
              <div className={classes.rowActions}>
                <Button
                  size="xs"
                  variant={shownId === invoice.id ? 'light' : 'default'}
                  onClick={() => onShow(invoice)}
                  aria-label={t('funding.list.showNamed', { number: invoice.number })}
                >
                  {t('funding.list.show')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
        {pages > 1 && (
          <nav aria-label={t('funding.list.pager.label')}>
            <Group justify="space-between" gap="sm">
              <Button
                variant="default"
                size="sm"
                disabled={page <= 1}
                onClick={() => onPage(page - 1)}
              >
                {t('funding.list.pager.previous')}
              </Button>
              <Text size="sm" c="dimmed" aria-live="polite">
                {t('funding.list.pager.position', { page, pages })}
              </Text>
              <Button
                variant="default"
                size="sm"
                disabled={page >= pages}
                onClick={() => onPage(page + 1)}
              >
                {t('funding.list.pager.next')}
              </Button>
            </Group>
          </nav>
        )}
      </Stack>
    );
  }

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="funding-list-title"
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id="funding-list-title">
          {t('funding.list.title')}
        </Title>
        {content}
      </Stack>
    </Paper>
  );
}
