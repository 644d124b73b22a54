import { createContext, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import type { RealtimeEvent, RealtimeEventType } from '@ledgerline/contract/realtime/events';
import type { RealtimeChannel, RealtimeChannelState } from './realtime-channel';

export type { RealtimeChannelState } from './realtime-channel';
/** The event of one type, with its payload. */
export type RealtimeEventOf<T extends RealtimeEventType> = Extract<RealtimeEvent, { type: T }>;

/**
 * The tab's channel, provided by `RealtimeProvider` (realtime-provider.tsx) in the signed-in
 * layout. Only these hooks live here: this module is reachable from the sign-in page's first
 * load, so the channel's code (socket, reconnects, the event schema) stays in the provider's.
 */
export const RealtimeContext = createContext<RealtimeChannel | null>(null);

/**
 * Calls `handler` for each realtime event of `type` while the component is mounted (under the
 * signed-in layout; elsewhere nothing arrives). The latest handler runs, so it may close over state.
 */
export function useRealtimeEvent<T extends RealtimeEventType>(
  type: T,
  handler: (event: RealtimeEventOf<T>) => void,
): void {
  const channel = useContext(RealtimeContext);
  const current = useRef(handler);
  // Updated after render, so an event never runs a handler of a render React threw away.
  useEffect(() => {
    current.current = handler;
  });
  useEffect(
    () =>
      channel?.subscribe((event) => {
        if (event.type === type) current.current(event as RealtimeEventOf<T>);
      }),
    [channel, type],
  );
}

const closedState = (): RealtimeChannelState => 'closed';
const noSubscription = () => () => undefined;

/** Whether the channel is open, e.g. to poll instead while it is not or to say a push may not arrive. */
export function useRealtimeState(): RealtimeChannelState {
  const channel = useContext(RealtimeContext);
  return useSyncExternalStore(
    channel?.subscribeState ?? noSubscription,
    channel?.getState ?? closedState,
    channel?.getState ?? closedState,
  );
}
