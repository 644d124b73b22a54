import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { CARD_STATUS } from '@ledgerline/domain/cards';
import { useRealtimeEvent, useRealtimeState, useSessionState } from '@/app/session';
import { cardAccountsOf, useAccounts } from '../api/get-accounts';
import { cardKeys } from '../keys';

/**
 * Statuses the card processor moves on by itself: a new card being made (virtual: submitted →
 * active; physical: submitted → printing → printed → shipped). The others wait for the customer
 * (a shipped card is activated by its owner) or the bank.
 */
const MOVING_STATUSES: ReadonlySet<number> = new Set([
  CARD_STATUS.submitted,
  CARD_STATUS.printing,
  CARD_STATUS.printed,
]);

/** How often the list is fetched while a card moves and the realtime channel is not open. */
export const CARD_STATUS_POLL_MS = 4_000;

export function isMovingStatus(statusId: number): boolean {
  return MOVING_STATUSES.has(statusId);
}

/**
 * Keeps the card list current while a card moves between statuses on its own, and when a card's
 * own balance changes: refreshed on each AccountChanged event of the session's realtime channel (and once each time the channel opens,
 * for what changed while it was not), or, while the channel is not open, fetched every few
 * seconds — and neither once no card is moving.
 */
export function useLiveCardStatuses(): void {
  const queryClient = useQueryClient();
  const { customerId } = useSessionState();
  const accounts = useAccounts();
  const moving = cardAccountsOf(accounts.data ?? []).some((card) =>
    isMovingStatus(card.accountStatusId),
  );
  const channel = useRealtimeState();
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: cardKeys.accounts(customerId) });

  // A card's own money moved (a prepaid card loaded or unloaded, issue 16): its balance is stale.
  const cards = cardAccountsOf(accounts.data ?? []);
  useRealtimeEvent('AccountChanged', (event) => {
    if (moving || cards.some((card) => card.accountId === event.payload.accountId)) refresh();
  });
  // Events sent while the channel was down are lost: catch up when it (re)opens.
  const wasOpen = useRef(channel === 'open');
  useEffect(() => {
    const opened = channel === 'open' && !wasOpen.current;
    wasOpen.current = channel === 'open';
    if (opened && moving)
      void queryClient.invalidateQueries({ queryKey: cardKeys.accounts(customerId) });
  }, [channel, moving, queryClient, customerId]);

  // A second observer of the same query: it only adds the polling interval.
  useAccounts({ refetchInterval: moving && channel !== 'open' ? CARD_STATUS_POLL_MS : false });
}
