import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import type { Account } from '@ledgerline/contract';
import { CARD_STATUS } from '@ledgerline/domain/cards';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCardStatusName } from '@/ui/card-status-name';
import { useMoneyFormat } from './accounts-list';
import classes from './home.module.css';

/** How many cards the summary lists; the rest are a link away. */
const SUMMARY_SIZE = 3;

/** The customer's cards in a few lines (or a word on how to get one); the cards screens do the rest. */
export function CardsSummary({
  cards,
  defaultAccountId,
  canApply,
}: {
  cards: Account[];
  defaultAccountId: number | undefined;
  /** The customer may order a card: the empty state says how. */
  canApply: boolean;
}) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const statusName = useCardStatusName();
  const active = cards.filter((card) => card.accountStatusId === CARD_STATUS.active).length;
  return (
    <Stack gap={0} component="section" aria-labelledby="account-group-cards">
      <Group justify="space-between" align="baseline">
        <Title order={3} fz="sm" c="dimmed" tt="uppercase" lts="0.04em" id="account-group-cards">
          {t('home.cards.title')}
        </Title>
        {cards.length > 0 ? (
          <Anchor component={Link} to="/cards" size="sm" fw={600}>
            {t('home.cards.manage')}
          </Anchor>
        ) : (
          canApply && (
            <Anchor component={Link} to="/cards?apply=1" size="sm" fw={600}>
              {t('home.quickActions.applyForCard')}
            </Anchor>
          )
        )}
      </Group>
      {cards.length === 0 ? (
        <Text size="sm" c="dimmed" mt={4} data-testid="cards-empty">
          {t(canApply ? 'home.cards.emptyCanApply' : 'home.cards.empty')}
        </Text>
      ) : (
        <Text size="sm" c="dimmed" mt={4}>
          {t('home.cards.count', { count: cards.length, active })}
        </Text>
      )}
      <ul className={classes.list}>
        {cards.slice(0, SUMMARY_SIZE).map((card) => {
          const label =
            card.cardAliasName?.trim() ||
            t(card.cardIsVirtual ? 'home.cards.virtual' : 'home.cards.physical');
          return (
            <li key={card.accountId} className={`${classes.row} ${classes.rowCompact}`}>
              <span className={classes.currencyBadge} aria-hidden="true">
                {card.currencyCode}
              </span>
              <div className={classes.info}>
                <Text fw={600} truncate="end">
                  {label}
                </Text>
                <Text size="xs" c="dimmed">
                  {[
                    card.cardBrand ? t(`home.cards.brand.${card.cardBrand}`) : null,
                    card.maskedCardNumber,
                  ]
                    .filter(Boolean)
                    .join(' ')}
                </Text>
                <Group gap={6} mt={4}>
                  <Text component="span" size="xs" fw={600} className={classes.cardStatus}>
                    <span
                      className={`${classes.statusDot} ${card.accountStatusId === CARD_STATUS.active ? classes.statusDotActive : ''}`}
                      aria-hidden="true"
                    />
                    {statusName(card.accountStatusId)}
                  </Text>
                  {card.accountId === defaultAccountId && (
                    <Badge variant="light" color="brand" radius="sm" size="sm">
                      {t('home.accounts.defaultForHistory')}
                    </Badge>
                  )}
                </Group>
              </div>
              <div className={classes.amount}>
                <Text className={classes.balance}>{money(card.balance, card.currencyCode)}</Text>
              </div>
            </li>
          );
        })}
      </ul>
      {cards.length > SUMMARY_SIZE && (
        <Anchor component={Link} to="/cards" size="sm">
          {t('home.cards.more', { count: cards.length - SUMMARY_SIZE })}
        </Anchor>
      )}
    </Stack>
  );
}
