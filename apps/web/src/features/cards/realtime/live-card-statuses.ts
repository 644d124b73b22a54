import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { CARD_STATUS } from '@ledgerline/domain/cards';
import { useSessionState } from '@/app/session';
import { cardAccountsOf, useAccounts } from '../api/get-accounts';
import { cardKeys } from '../keys';
import { useAccountChanges } from './account-changes';

/**
 * Statuses the card processor moves on by itself: a new card being made (virtual: submitted →
 * active; physical: submitted → printing → printed → shipped). The others wait for the customer
 * (a shipped card is activated by its owner) or the bank.
 */
const MOVING_STATUSES: ReadonlySet<number> = new Set([CARD_STATUS.submitted, CARD_STATUS.printing, CARD_STATUS.printed]);

/** How often the list is fetched while a card moves and the realtime channel is not open. */
export const CARD_STATUS_POLL_MS = 4_000;

export function isMovingStatus(statusId: number): boolean {
  return MOVING_STATUSES.has(statusId);
}

/**
 * Keeps the card list current while a card moves between statuses on its own: refreshed on each
 * realtime AccountChanged event, or, while the channel is not open, fetched every few seconds —
 * and neither once no card is moving.
 */
export function useLiveCardStatuses(): void {
  const queryClient = useQueryClient();
  const { customerId } = useSessionState();
  const accounts = useAccounts();
  const moving = cardAccountsOf(accounts.data ?? []).some((card) => isMovingStatus(card.accountStatusId));
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: cardKeys.accounts(customerId) });
  }, [queryClient, customerId]);
  const channel = useAccountChanges(moving, refresh);
  // A second observer of the same query: it only adds the polling interval.
  useAccounts({ refetchInterval: moving && channel !== 'open' ? CARD_STATUS_POLL_MS : false });
}
