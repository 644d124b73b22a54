import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { REALTIME_PATH, realtimeEventSchema, type RealtimeEvent } from '@ledgerline/contract/realtime';
import { useApiClient, useSessionManager } from '@/app/session';

/** POST /api/auth/realtime-ticket with the session's bearer: a single-use ticket for /realtime. */
const REALTIME_TICKET_PATH = '/api/auth/realtime-ticket';
const KEEP_ALIVE_MS = 25_000;

export type ChannelState = 'connecting' | 'open' | 'lost';
type Listener = (event: RealtimeEvent) => void;

interface SecurityChannel {
  state: ChannelState;
  subscribe: (listener: Listener) => () => void;
}

function realtimeUrl(baseUrl: string, ticket: string): string {
  const url = new URL(`${baseUrl}${REALTIME_PATH}`, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('ticket', ticket);
  return url.toString();
}

function readEvent(data: unknown): RealtimeEvent | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const parsed = realtimeEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The signed-in session's realtime channel while the settings screen is open (spec 1 §4
 * "Realtime events": TwoStepVerificationModeSet, TwoStepVerificationConfirmed, PasswordChange,
 * and a phone's decision on a push confirmation). The signed-in app keeps no socket of its own,
 * so this one opens with the screen and closes when the customer leaves it.
 */
function useSecurityChannelSocket(): SecurityChannel {
  const client = useApiClient();
  const { baseUrl } = useSessionManager();
  const [state, setState] = useState<ChannelState>('connecting');
  const listeners = useRef(new Set<Listener>());

  // A subscription to an outside system: opened with the screen, closed on leave.
  useEffect(() => {
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
          keepAlive = setInterval(() => {
            if (opened.readyState === opened.OPEN) opened.send('ping');
          }, KEEP_ALIVE_MS);
        });
        opened.addEventListener('message', (message: MessageEvent) => {
          const event = readEvent(message.data);
          if (event) for (const listener of [...listeners.current]) listener(event);
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
  }, [client, baseUrl]);

  const [subscribe] = useState(() => (listener: Listener) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  });
  return { state, subscribe };
}

const SecurityChannelContext = createContext<SecurityChannel | null>(null);

export function SecurityChannelProvider({ children }: { children: ReactNode }) {
  const channel = useSecurityChannelSocket();
  return <SecurityChannelContext value={channel}>{children}</SecurityChannelContext>;
}

/** Calls `listener` for each realtime event while the component is mounted under the provider. */
export function useSecurityEvent(listener: Listener): ChannelState {
  const channel = useContext(SecurityChannelContext);
  const current = useRef(listener);
  current.current = listener;
  const subscribe = channel?.subscribe;
  useEffect(() => subscribe?.((event) => current.current(event)), [subscribe]);
  return channel?.state ?? 'lost';
}
