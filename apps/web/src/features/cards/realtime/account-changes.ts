import { useEffect, useRef, useState } from 'react';
import { REALTIME_PATH, realtimeEventSchema } from '@ledgerline/contract/realtime';
import { useApiClient, useSessionManager } from '@/app/session';

/** POST /api/auth/realtime-ticket with the session's bearer: a single-use ticket for /realtime. */
const REALTIME_TICKET_PATH = '/api/auth/realtime-ticket';
const KEEP_ALIVE_MS = 25_000;

export type ChannelState = 'closed' | 'connecting' | 'open' | 'lost';

function realtimeUrl(baseUrl: string, ticket: string): string {
  const url = new URL(`${baseUrl}${REALTIME_PATH}`, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('ticket', ticket);
  return url.toString();
}

/** The accountId of an AccountChanged event, or undefined for any other message. */
function changedAccountId(data: unknown): number | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const event = realtimeEventSchema.safeParse(JSON.parse(data));
    return event.success && event.data.type === 'AccountChanged' ? event.data.payload.accountId : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Listens on the signed-in session's realtime channel for `AccountChanged` (the card processor
 * moved a card) while `enabled`, and calls `onChange` for each; `onChange` also runs once when the
 * channel opens, for what changed before it was listening. The state says whether the channel is
 * open, so the caller can poll instead while it is not.
 */
export function useAccountChanges(enabled: boolean, onChange: (accountId: number | undefined) => void): ChannelState {
  const client = useApiClient();
  const { baseUrl } = useSessionManager();
  const [state, setState] = useState<ChannelState>('closed');
  const listener = useRef(onChange);
  listener.current = onChange;

  // A subscription to an outside system: opened while enabled, closed on leave.
  useEffect(() => {
    if (!enabled) {
      setState('closed');
      return;
    }
    let cancelled = false;
    let socket: WebSocket | undefined;
    let keepAlive: ReturnType<typeof setInterval> | undefined;
    setState('connecting');
    client.rest<{ ticket: string }>({ method: 'POST', path: REALTIME_TICKET_PATH, body: {} }).then(
      ({ ticket }) => {
        if (cancelled) return;
        const opened = new WebSocket(realtimeUrl(baseUrl, ticket));
        socket = opened;
        opened.addEventListener('open', () => {
          if (cancelled) return;
          setState('open');
          listener.current(undefined);
          keepAlive = setInterval(() => {
            if (opened.readyState === opened.OPEN) opened.send('ping');
          }, KEEP_ALIVE_MS);
        });
        opened.addEventListener('message', (event: MessageEvent) => {
          const accountId = changedAccountId(event.data);
          if (accountId !== undefined) listener.current(accountId);
        });
        opened.addEventListener('close', () => {
          clearInterval(keepAlive);
          if (!cancelled) setState('lost');
        });
      },
      () => {
        if (!cancelled) setState('lost');
      },
    );
    return () => {
      cancelled = true;
      clearInterval(keepAlive);
      socket?.close();
    };
  }, [client, baseUrl, enabled]);

  return state;
}
