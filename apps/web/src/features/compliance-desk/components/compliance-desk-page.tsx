import {
  Anchor,
  Button,
  Container,
  Grid,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import '@mantine/core/styles/Grid.css';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReviewQueueItem } from '@ledgerline/contract';
import { BRAND_IDS, getBrand, isBrandId } from '@ledgerline/domain/brands';
import {
  REVIEW_ITEM_KINDS,
  REVIEW_QUEUE_STATES,
  type ReviewItemKind,
  type ReviewQueueState,
} from '@ledgerline/domain/compliance-review';
import { intlLocale, useLanguage } from '@/i18n';
import { ListSkeleton } from '@/ui/list-skeleton';
import { LoadFailed } from '@/ui/load-failed';
import { PAGE_CONTAINER_SIZE } from '@/ui/page-width';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useReviewQueue } from '../api/get-queue';
import type { QueueFilters } from '../api/keys';
import { ItemView } from './item-view';
import classes from './compliance-desk-page.module.css';

function QueueEntry({
  item,
  selected,
  onSelect,
}: {
  item: ReviewQueueItem;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const submitted = new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(item.submittedAt));
  return (
    <UnstyledButton
      className={classes.entry}
      data-selected={selected || undefined}
      aria-current={selected || undefined}
      onClick={onSelect}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <div className={classes.entryText}>
          <Text size="sm" fw={600} truncate>
            {item.customerName || t('complianceDesk.unnamed')}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`complianceDesk.kinds.${item.kind}`)} #{item.id} ·{' '}
            {isBrandId(item.brandId) ? getBrand(item.brandId).projectName : item.brandId}
          </Text>
        </div>
        <Text size="xs" c="dimmed" ta="right">
          {t(`complianceDesk.states.${item.state}`)}
          <br />
          {submitted}
        </Text>
      </Group>
    </UnstyledButton>
  );
}

/**
 * /admin-overview/review (issue 14): the administrator's compliance review desk. The queue of
 * submitted documents and identity results, oldest first, filtered by brand, state and kind, a
 * page at a time; choosing one opens it beside the customer's data with the decisions.
 */
export function ComplianceDeskPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('complianceDesk.pageTitle'));
  const [filters, setFilters] = useState<QueueFilters>({});
  const [selected, setSelected] = useState<{ kind: ReviewItemKind; id: number } | null>(null);
  const queue = useReviewQueue(filters);
  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];

  const filter = (name: keyof QueueFilters, value: string) => {
    setSelected(null);
    setFilters((current) => ({ ...current, [name]: value === '' ? undefined : value }));
  };

  return (
    <Container size={PAGE_CONTAINER_SIZE} py="xl" w="100%">
      <Stack gap="md">
        <Anchor component={Link} to="/admin-overview" size="sm">
          ← {t('complianceDesk.back')}
        </Anchor>
        <div>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {t('complianceDesk.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('complianceDesk.intro')}
          </Text>
        </div>
        <Grid gap="md" align="flex-start">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="sm">
              <Group grow gap="xs" className={classes.filters}>
                <NativeSelect
                  label={t('complianceDesk.filterBrand')}
                  value={filters.brandId ?? ''}
                  onChange={(event) => filter('brandId', event.currentTarget.value)}
                  data={[
                    { value: '', label: t('complianceDesk.allBrands') },
                    ...BRAND_IDS.map((id) => ({ value: id, label: getBrand(id).projectName })),
                  ]}
                />
                <NativeSelect
                  label={t('complianceDesk.filterState')}
                  value={filters.state ?? ''}
                  onChange={(event) => filter('state', event.currentTarget.value)}
                  data={[
                    { value: '', label: t('complianceDesk.allStates') },
                    ...REVIEW_QUEUE_STATES.map((state: ReviewQueueState) => ({
                      value: state,
                      label: t(`complianceDesk.states.${state}`),
                    })),
                  ]}
                />
                <NativeSelect
                  label={t('complianceDesk.filterKind')}
                  value={filters.kind ?? ''}
                  onChange={(event) => filter('kind', event.currentTarget.value)}
                  data={[
                    { value: '', label: t('complianceDesk.allKinds') },
                    ...REVIEW_ITEM_KINDS.map((kind) => ({
                      value: kind,
                      label: t(`complianceDesk.kindsPlural.${kind}`),
                    })),
                  ]}
                />
              </Group>
              <Paper withBorder radius="lg" p="xs">
                {queue.isPending ? (
                  <ListSkeleton rows={5} label={t('complianceDesk.loadingQueue')} />
                ) : queue.isError ? (
                  <LoadFailed
                    title={t('complianceDesk.queueFailed')}
                    error={queue.error}
                    onRetry={() => void queue.refetch()}
                    retrying={queue.isFetching}
                  />
                ) : items.length === 0 ? (
                  <Text size="sm" c="dimmed" p="md" ta="center">
                    {t('complianceDesk.empty')}
                  </Text>
                ) : (
                  <Stack gap={4}>
                    <ul className={classes.list} aria-label={t('complianceDesk.queue')}>
                      {items.map((item) => (
                        <li key={`${item.kind}-${item.id}`}>
                          <QueueEntry
                            item={item}
                            selected={selected?.kind === item.kind && selected.id === item.id}
                            onSelect={() => setSelected({ kind: item.kind, id: item.id })}
                          />
                        </li>
                      ))}
                    </ul>
                    {queue.hasNextPage && (
                      <Button
                        variant="subtle"
                        onClick={() => void queue.fetchNextPage()}
                        loading={queue.isFetchingNextPage}
                      >
                        {t('complianceDesk.more')}
                      </Button>
                    )}
                  </Stack>
                )}
              </Paper>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            {selected ? (
              <ItemView selected={selected} />
            ) : (
              <Paper withBorder radius="lg" p="lg">
                <Text size="sm" c="dimmed" ta="center">
                  {t('complianceDesk.chooseItem')}
                </Text>
              </Paper>
            )}
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
