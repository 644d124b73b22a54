import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { getBrand, isBrandId } from '@ledgerline/domain/brands';
import { LoadFailed } from '@/ui/load-failed';
import { PageFrame } from '@/ui/page-frame';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useCustomerSearch } from '../api/search-customers';
import { customerTypeLabel, StandingBadge } from './labels';
import classes from './admin-overview.module.css';

const MAX_QUERY = 100;

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 500 ? page : 1;
}

/**
 * /admin-overview (spec 1 §4 rule 2; issue 15): where an administrator lands. They find a customer
 * of their brand by name, e-mail, customer or account number, open the customer, and from there
 * act on their behalf. The query and page live in the address, so a reload keeps them.
 */
export function AdminOverviewPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.pageTitle'));
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').slice(0, MAX_QUERY);
  const page = readPage(params.get('page'));
  const [typed, setTyped] = useState(query);
  const search = useCustomerSearch(query, page);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = typed.replace(/\s+/g, ' ').trim();
    setParams(next ? { q: next } : {});
  };
  const showPage = (to: number) => setParams({ q: query, page: String(to) });
  const results = search.data?.customers ?? [];

  return (
    <PageFrame title={t('admin.title')} intro={t('adminOverview.intro')}>
      <Group gap="sm">
        <Button component={Link} to="/admin-overview/review" variant="light">
          {t('complianceDesk.openDesk')}
        </Button>
      </Group>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <form onSubmit={submit} role="search" aria-label={t('adminOverview.searchLabel')}>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              className={classes.query}
              label={t('adminOverview.searchLabel')}
              description={t('adminOverview.searchHint')}
              value={typed}
              maxLength={MAX_QUERY}
              autoComplete="off"
              onChange={(event) => setTyped(event.currentTarget.value)}
            />
            <Button type="submit" loading={search.isFetching && !search.isPlaceholderData}>
              {t('adminOverview.search')}
            </Button>
          </Group>
        </form>
      </Paper>

      {query === '' && <Text c="dimmed">{t('adminOverview.startHint')}</Text>}
      {query !== '' && search.isPending && (
        <Stack gap="sm" aria-busy="true">
          <Text role="status" size="sm" c="dimmed">
            {t('adminOverview.searching')}
          </Text>
          <Skeleton height={64} radius="md" />
          <Skeleton height={64} radius="md" />
        </Stack>
      )}
      {search.isError && (
        <LoadFailed
          title={t('adminOverview.searchFailed')}
          error={search.error}
          onRetry={() => void search.refetch()}
          retrying={search.isFetching}
        />
      )}
      {search.isSuccess && results.length === 0 && (
        <Alert color="gray" variant="light" title={t('adminOverview.noResultsTitle')}>
          {t('adminOverview.noResults', { query })}
        </Alert>
      )}
      {results.length > 0 && (
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t('adminOverview.resultsTitle')}
          </Title>
          <Stack
            component="ul"
            gap="sm"
            className={classes.list}
            aria-label={t('adminOverview.resultsTitle')}
            aria-busy={search.isPlaceholderData}
          >
            {results.map((customer) => (
              <li key={customer.id}>
                <Paper withBorder radius="md" p="md">
                  <Group justify="space-between" wrap="wrap" gap="sm">
                    <Stack gap={2} className={classes.text}>
                      <Anchor
                        component={Link}
                        to={`/admin-overview/customers/${customer.id}`}
                        fw={600}
                        className={classes.name}
                      >
                        {customer.name || customer.email || `#${customer.id}`}
                      </Anchor>
                      <Text size="sm" c="dimmed" className={classes.name}>
                        {[t('adminOverview.customerNumber', { id: customer.id }), customer.email]
                          .filter(Boolean)
                          .join(' · ')}
                      </Text>
                    </Stack>
                    <Group gap="xs">
                      <Text size="sm">{customerTypeLabel(t, customer.customerType)}</Text>
                      <Text size="sm" c="dimmed">
                        {isBrandId(customer.brandId)
                          ? getBrand(customer.brandId).projectName
                          : customer.brandId}
                      </Text>
                      <StandingBadge customer={customer} t={t} />
                    </Group>
                  </Group>
                </Paper>
              </li>
            ))}
          </Stack>
          {(page > 1 || search.data?.hasMore) && (
            <Group justify="space-between">
              <Button
                variant="default"
                disabled={page <= 1 || search.isFetching}
                onClick={() => showPage(page - 1)}
              >
                {t('adminOverview.previous')}
              </Button>
              <Text size="sm" c="dimmed">
                {t('adminOverview.page', { page })}
              </Text>
              <Button
                variant="default"
                disabled={!search.data?.hasMore || search.isFetching}
                onClick={() => showPage(page + 1)}
              >
                {t('adminOverview.next')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </PageFrame>
  );
}
