import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import type { Account } from '@ledgerline/contract';
import { cardActions, cardStatusKey } from '@ledgerline/domain/cards';
import { useActingRights } from '@/app/session';
import { useDocumentTitle } from '@/ui/use-document-title';
import { brandName, cardTitle, formatExpiry, useFormatMoney } from '../card-format';
import { cardRoutePath } from '../card-paths';
import { CardActionsPanel } from './card-actions-panel';
import { CardEnrollmentPanel } from './card-enrollment';
import { CardFace } from './card-face';
import { CardDetailsReveal, PinReveal } from './card-secrets';
import { CardStatusBadge } from './card-status-badge';
import { CardsPage, CardsPageActions, CardsSkeleton, LoadFailed } from './cards-page';
import classes from './cards.module.css';
import { useCardRouting } from './use-card-routing';

/** The route parameter as a card id; anything else is an id no card has. */
export function parseAccountId(raw: string | undefined): number {
  return raw !== undefined && /^\d{1,10}$/.test(raw) ? Number(raw) : -1;
}

/** /cards/{accountId}: one card, what it holds and what can be done with it. */
export function CardDetailsPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const accountId = parseAccountId(useParams().accountId);
  const routing = useCardRouting({ accountId });
  const card =
    routing.state === 'ready'
      ? routing.cards.find((item) => item.accountId === accountId)
      : undefined;
  useDocumentTitle(card ? cardTitle(t, card) : t('cards.title'));
  // An unknown id goes to the list when there are several cards, otherwise home (spec 2 §2).
  if (routing.state === 'ready' && routing.route.to !== 'details')
    return <Navigate to={`${cardRoutePath(routing.route)}${search}`} replace />;
  return (
    <CardsPage title={card ? cardTitle(t, card) : t('cards.title')} actions={<CardsPageActions />}>
      {routing.state === 'loading' && <CardsSkeleton />}
      {routing.state === 'error' && (
        <LoadFailed error={routing.error} onRetry={routing.retry} retrying={routing.retrying} />
      )}
      {card && routing.state === 'ready' && (
        <CardDetails card={card} cardCount={routing.cards.length} />
      )}
    </CardsPage>
  );
}

function CardDetails({ card, cardCount }: { card: Account; cardCount: number }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const isVirtual = card.cardIsVirtual === true;
  const allowed = new Set(cardActions({ statusId: card.accountStatusId, isVirtual }));
  // The PIN and the card's details are for full access only (the server's requireFullAccess).
  const { rights } = useActingRights();
  const seesSecrets = rights?.seesCardSecrets === true;
  const statusKey = cardStatusKey(card.accountStatusId);
  const expiry = formatExpiry(card.cardExpiryMonth, card.cardExpiryYear);
  const hasPending = /[1-9]/.test(card.pendingAmount);
  return (
    <Stack gap="lg">
      {cardCount > 1 && (
        <Anchor component={Link} to={isVirtual ? '/cards/virtual' : '/cards/physical'} size="sm">
          {t('cards.details.allCards')}
        </Anchor>
      )}
      <div className={classes.detailsGrid}>
        <CardFace account={card} />
        <Paper withBorder radius="lg" p="lg">
          <Stack gap="sm">
            <Group gap="xs">
              <CardStatusBadge statusId={card.accountStatusId} />
            </Group>
            {statusKey && (
              <Text size="sm" c="dimmed">
                {t(`cards.statusHelp.${statusKey}`)}
              </Text>
            )}
            <dl className={classes.facts}>
              {allowed.has('balance') && (
                <>
                  <dt>{t('cards.details.balance')}</dt>
                  <dd>
                    <Text component="span" fw={700} fz="lg">
                      {money(card.balance, card.currencyCode)}
                    </Text>
                  </dd>
                  {hasPending && (
                    <>
                      <dt>{t('cards.details.pending')}</dt>
                      <dd>{money(card.pendingAmount, card.currencyCode)}</dd>
                    </>
                  )}
                </>
              )}
              <dt>{t('cards.details.kind')}</dt>
              <dd>
                {[
                  t(isVirtual ? 'cards.kind.virtualCard' : 'cards.kind.physicalCard'),
                  brandName(card.cardBrand),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </dd>
              <dt>{t('cards.details.currency')}</dt>
              <dd>{card.currencyCode}</dd>
              {card.maskedCardNumber && (
                <>
                  <dt>{t('cards.details.number')}</dt>
                  <dd>{card.maskedCardNumber}</dd>
                </>
              )}
              {expiry && (
                <>
                  <dt>{t('cards.details.expiry')}</dt>
                  <dd>{expiry}</dd>
                </>
              )}
            </dl>
            {/* History (/history?accountId=…) arrives with the history issue; no link to a page that does not exist yet. */}
          </Stack>
        </Paper>
      </div>

      <CardActionsPanel account={card} />

      {allowed.has('enrollment') && rights?.managesCards === true && (
        <CardEnrollmentPanel account={card} canTurnOn={seesSecrets} />
      )}

      {!seesSecrets && (allowed.has('details') || allowed.has('showPin')) && (
        <Paper withBorder radius="lg" p="lg">
          <Stack gap="sm">
            <Title order={2} fz="lg">
              {t('cards.secrets.detailsTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('cards.secrets.noRights')}
            </Text>
          </Stack>
        </Paper>
      )}
      {seesSecrets && allowed.has('details') && <CardDetailsReveal account={card} />}
      {seesSecrets && allowed.has('showPin') && (
        <Paper withBorder radius="lg" p="lg">
          <Stack gap="sm">
            <Title order={2} fz="lg">
              {t('cards.secrets.pinTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('cards.secrets.pinHint')}
            </Text>
            <PinReveal account={card} />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
