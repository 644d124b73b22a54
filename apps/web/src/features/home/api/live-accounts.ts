import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { TIMING } from '@ledgerline/domain';
import { useRealtimeEvent, useRealtimeState, useSessionState } from '@/app/session';
import { homeKeys } from '../keys';

/**
 * Keeps the balances on home current (and the total, spending and recent movements with them): an AccountChanged event (a transfer settled, a payment
 * arrived, the card processor moved a card) refetches the account list, and so does the channel
 * reopening, since events sent while it was down are lost. Within the 3 s throttle (spec 2 §9) a
 * change waits for the end of the window, so a burst of events costs one call, not one each.
 */
export function useLiveAccounts(enabled: boolean): void {
  const queryClient = useQueryClient();
  const { customerId } = useSessionState();
  const channel = useRealtimeState();
  const planned = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const refresh = useCallback(() => {
    const queryKey = homeKeys.accounts(customerId);
    const fetchedAt = queryClient.getQueryState(queryKey)?.dataUpdatedAt ?? 0;
    const wait = fetchedAt + TIMING.accountFetchThrottle - Date.now();
    // The total, the spending and the recent movements change with the balances.
    const invalidate = () => {
      void queryClient.invalidateQueries({ queryKey });
      void queryClient.invalidateQueries({ queryKey: homeKeys.overview(customerId) });
    };
    if (wait <= 0) {
      invalidate();
      return;
    }
    // A refetch already planned for the end of the window covers this change too.
    if (planned.current !== undefined) return;
    planned.current = setTimeout(() => {
      planned.current = undefined;
      invalidate();
    }, wait);
  }, [queryClient, customerId]);

  useEffect(
    () => () => {
      clearTimeout(planned.current);
      planned.current = undefined;
    },
    [],
  );

  useRealtimeEvent('AccountChanged', () => {
    if (enabled) refresh();
  });

  // Only a reopening: the first opening follows the list's own first fetch by a moment.
  const dropped = useRef(false);
  const wasOpen = useRef(channel === 'open');
  useEffect(() => {
    if (wasOpen.current && channel !== 'open') dropped.current = true;
    wasOpen.current = channel === 'open';
    if (channel === 'open' && dropped.current) {
      dropped.current = false;
      if (enabled) refresh();
    }
  }, [channel, enabled, refresh]);
}
