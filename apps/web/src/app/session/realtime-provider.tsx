import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { RealtimeContext } from './realtime';
import { authRoutes } from '@ledgerline/contract/auth/routes';
import { sessionKeys } from './customer-info';
import { createRealtimeChannel } from './realtime-channel';
import { useApiClient, useIsAuthenticated, useSessionManager } from './session-context';

/**
 * Holds the tab's one realtime channel while signed in: opened when the signed-in layout mounts,
 * closed on sign-out (the layout leaves, and the server closes the session's sockets too).
 * Screens listen with `useRealtimeEvent`; none opens a socket of its own. Imported by the
 * signed-in layout only (not through the session's index), so the sign-in page never loads it.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const client = useApiClient();
  const { baseUrl } = useSessionManager();
  const isAuthenticated = useIsAuthenticated();
  const [channel] = useState(() =>
    createRealtimeChannel({
      baseUrl,
      getTicket: () =>
        client.route(authRoutes.realtimeTicket, { body: {} }).then(({ ticket }) => ticket),
    }),
  );

  // A subscription to an outside system, for as long as the session lasts.
  useEffect(() => {
    if (!isAuthenticated) return;
    channel.start();
    return () => channel.stop();
  }, [channel, isAuthenticated]);

  // Money moved while a screen with an account list was not on display (an approval, a payment
  // that arrived): every cached account list is marked stale, so the next screen that shows one
  // fetches it, whatever its throttle. Mounted screens refetch through their own listeners.
  const queryClient = useQueryClient();
  useEffect(
    () =>
      channel.subscribe((event) => {
        if (event.type !== 'AccountChanged') return;
        void queryClient.invalidateQueries({
          predicate: (query) => query.queryKey.includes('accounts'),
          refetchType: 'none',
        });
      }),
    [channel, queryClient],
  );

  // The identity provider answered (issue 14): the banner, /kyc and the start page read the
  // verification state, customer info and access info again.
  useEffect(
    () =>
      channel.subscribe((event) => {
        if (event.type !== 'IdentityVerificationChanged') return;
        void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
      }),
    [channel, queryClient],
  );

  // Compliance decided on the customer's documents or identity (issue 14): the banner, /kyc, the
  // guards and the transfer screens (the permissions) follow at once, without a reload.
  useEffect(
    () =>
      channel.subscribe((event) => {
        if (event.type !== 'VerificationChanged') return;
        void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
      }),
    [channel, queryClient],
  );

  // Issue 15A: the user's rights at a company changed (a full-access user edited, suspended or
  // removed them): everything the session shows is read again, so screens and actions follow.
  useEffect(
    () =>
      channel.subscribe((event) => {
        if (event.type !== 'AccessChanged') return;
        void queryClient.invalidateQueries();
      }),
    [channel, queryClient],
  );

  return <RealtimeContext value={channel}>{children}</RealtimeContext>;
}
