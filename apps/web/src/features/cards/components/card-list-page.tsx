import { Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/SimpleGrid.css';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { useActingRights } from '@/app/session';
import { useDocumentTitle } from '@/ui/use-document-title';
import { cardRoutePath } from '../card-paths';
import { CardTile } from './card-tile';
import { CardsPage, CardsPageActions, CardsSkeleton, LoadFailed, useApplyHref } from './cards-page';
import classes from './cards.module.css';
import { useCardRouting } from './use-card-routing';

type Kind = 'physical' | 'virtual';

/** Links between the two lists, the current one marked for screen readers too. */
function KindNav({ kind, counts }: { kind: Kind; counts: Record<Kind, number> }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('cards.list.kindNav')} className={classes.kindNav}>
      {(['physical', 'virtual'] as const).map((item) => (
        <Button
          key={item}
          component={Link}
          to={`/cards/${item}`}
          variant={item === kind ? 'filled' : 'default'}
          radius="xl"
          size="sm"
          aria-current={item === kind ? 'page' : undefined}
        >
          {t(`cards.list.${item}Tab`, { count: counts[item] })}
        </Button>
      ))}
    </nav>
  );
}

function EmptyCards({ kind, noCardsAtAll }: { kind: Kind; noCardsAtAll: boolean }) {
  const { t } = useTranslation();
  const applyHref = useApplyHref();
  const { rights } = useActingRights();
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="lg">
          {noCardsAtAll ? t('cards.list.emptyTitle') : t(`cards.list.empty.${kind}`)}
        </Title>
        <Text size="sm" c="dimmed">
          {rights?.managesCards ? t('cards.list.emptyText') : t('acting.cardsReadOnly')}
        </Text>
        {rights?.managesCards && (
          <Button component={Link} to={applyHref} replace mt="xs">
            {t('cards.actions.apply')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** /cards/physical and /cards/virtual: the customer's cards of one kind, as tiles. */
function CardListPage({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const routing = useCardRouting(kind);
  useDocumentTitle(t(`cards.list.${kind}Title`));
  if (
    routing.state === 'ready' &&
    routing.route.to !== (kind === 'physical' ? 'physicalList' : 'virtualList')
  ) {
    return <Navigate to={`${cardRoutePath(routing.route)}${search}`} replace />;
  }
  return (
    <CardsPage title={t('cards.title')} actions={<CardsPageActions />}>
      {routing.state === 'loading' && <CardsSkeleton />}
      {routing.state === 'error' && (
        <LoadFailed error={routing.error} onRetry={routing.retry} retrying={routing.retrying} />
      )}
      {routing.state === 'ready' && <ListContent kind={kind} cards={routing.cards} />}
    </CardsPage>
  );
}

function ListContent({
  kind,
  cards,
}: {
  kind: Kind;
  cards: Extract<ReturnType<typeof useCardRouting>, { state: 'ready' }>['cards'];
}) {
  const { t } = useTranslation();
  const physical = cards.filter((card) => card.cardIsVirtual !== true);
  const virtual = cards.filter((card) => card.cardIsVirtual === true);
  const shown = kind === 'physical' ? physical : virtual;
  return (
    <Stack gap="lg">
      <KindNav kind={kind} counts={{ physical: physical.length, virtual: virtual.length }} />
      <section aria-labelledby="card-list-heading">
        <Title order={2} id="card-list-heading" fz="lg" mb="sm">
          {t(`cards.list.${kind}Title`)}
        </Title>
        {shown.length === 0 ? (
          <EmptyCards kind={kind} noCardsAtAll={cards.length === 0} />
        ) : (
          <SimpleGrid
            cols={{ base: 1, sm: 2, lg: 3 }}
            spacing="lg"
            component="ul"
            className={classes.tileList}
          >
            {shown.map((card) => (
              <li key={card.accountId}>
                <CardTile account={card} />
              </li>
            ))}
          </SimpleGrid>
        )}
      </section>
    </Stack>
  );
}

export function PhysicalCardsPage() {
  return <CardListPage kind="physical" />;
}

export function VirtualCardsPage() {
  return <CardListPage kind="virtual" />;
}
