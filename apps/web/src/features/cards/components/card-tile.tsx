import { Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Account } from '@ledgerline/contract';
import { isCardActionAllowed } from '@ledgerline/domain/cards';
import { useFormatMoney } from '../card-format';
import { cardDetailsPath } from '../card-paths';
import { CardFace } from './card-face';
import { CardStatusBadge } from './card-status-badge';
import classes from './cards.module.css';

/** One card in a list: its picture, status and (where the status allows it) balance; opens its details. */
export function CardTile({ account }: { account: Account }) {
  const money = useFormatMoney();
  const card = { statusId: account.accountStatusId, isVirtual: account.cardIsVirtual === true };
  return (
    <Link to={cardDetailsPath(account.accountId)} className={classes.tile}>
      <Paper withBorder radius="lg" p="md" className={classes.tilePaper}>
        <Stack gap="sm" align="stretch">
          <CardFace account={account} />
          <Group justify="space-between" gap="xs">
            <CardStatusBadge statusId={account.accountStatusId} />
            {isCardActionAllowed(card, 'balance') ? (
              <Text fw={600}>{money(account.balance, account.currencyCode)}</Text>
            ) : (
              <Text size="sm" c="dimmed">
                {account.currencyCode}
              </Text>
            )}
          </Group>
        </Stack>
      </Paper>
    </Link>
  );
}
