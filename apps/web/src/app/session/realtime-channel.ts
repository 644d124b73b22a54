import {
  REALTIME_PATH,
  realtimeEventSchema,
  type RealtimeEvent,
} from '@ledgerline/contract/realtime/events';

/** Below the idle timeouts of proxies (often 60 s), so an idle socket is not cut. */
export const KEEP_ALIVE_MS = 25_000;
/** Reconnect delays: doubling from the first to the cap, with up to a quarter added at random. */
export const RECONNECT_FIRST_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;
/** The close code the server uses when the session ended (logout, expiry, revocation): no reconnect. */
const SESSION_CLOSED_CODE = 4001;

/**
 * closed: not started or stopped; connecting: fetching a ticket or opening the socket; open:
 * events arrive; lost: the last attempt failed or the socket dropped, a reconnect is scheduled.
 */
export type RealtimeChannelState = 'closed' | 'connecting' | 'open' | 'lost';

export type RealtimeListener = (event: RealtimeEvent) => void;

export interface RealtimeChannel {
  getState(): RealtimeChannelState;
  /** Called on every state change. */
  subscribeState(listener: () => void): () => void;
  /** Called with every event the server sends while the channel is open. */
  subscribe(listener: RealtimeListener): () => void;
  /** Opens the socket (idempotent); reconnects by itself until stopped or the session ends. */
  start(): void;
  /** Closes the socket and cancels any reconnect. */
  stop(): void;
}

interface Timers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  setInterval: (callback: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

const browserTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};

/** ws(s)://host/realtime?ticket=… on the API's origin (the page's own when the base is ''). */
export function realtimeSocketUrl(baseUrl: string, ticket: string, pageHref: string): string {
  const url = new URL(`${baseUrl}${REALTIME_PATH}`, pageHref);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('ticket', ticket);
  return url.toString();
}

/** The delay before reconnect attempt `attempt` (0-based): 1 s, 2 s, 4 s … 30 s, plus jitter so tabs do not reconnect in step. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** Math.min(attempt, 16));
  return Math.round(base + base * 0.25 * random());
}

function readEvent(data: unknown): RealtimeEvent | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const parsed = realtimeEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    // 'pong' and anything else that is not an event.
    return undefined;
  }
}

/**
 * The signed-in session's one realtime channel of this tab (spec 1 §4 "Realtime events"): a
 * ticket bought with the session's bearer, then the WebSocket; keep-alive pings while open; after a
 * drop or a failed ticket it reconnects with a growing delay, at once when the browser comes back
 * online. It stops for good when the server says the session ended (SessionClosed / code 4001).
 */
export function createRealtimeChannel(options: {
  getTicket: () => Promise<string>;
  baseUrl: string;
  pageHref?: () => string;
  WebSocketImpl?: typeof WebSocket;
  timers?: Timers;
  random?: () => number;
  /** Where 'online' is heard (the window in the browser). */
  onlineTarget?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
}): RealtimeChannel {
  const timers = options.timers ?? browserTimers;
  const pageHref = options.pageHref ?? (() => window.location.href);
  const onlineTarget = options.onlineTarget ?? (typeof window === 'undefined' ? undefined : window);
  const listeners = new Set<RealtimeListener>();
  const stateListeners = new Set<() => void>();
  let state: RealtimeChannelState = 'closed';
  let running = false;
  /** Bumped on every attempt and on stop: callbacks of an older attempt do nothing. */
  let generation = 0;
  let attempt = 0;
  let socket: WebSocket | undefined;
  let keepAlive: unknown;
  let retryTimer: unknown;

  function setState(next: RealtimeChannelState): void {
    if (state === next) return;
    state = next;
    for (const listener of [...stateListeners]) listener();
  }

  function clearSocket(): void {
    timers.clearInterval(keepAlive);
    keepAlive = undefined;
    const current = socket;
    socket = undefined;
    if (current && current.readyState !== current.CLOSED && current.readyState !== current.CLOSING)
      current.close(1000, 'done');
  }

  function scheduleReconnect(): void {
    if (!running) return;
    setState('lost');
    timers.clearTimeout(retryTimer);
    retryTimer = timers.setTimeout(connect, reconnectDelay(attempt, options.random));
    attempt += 1;
  }

  function endForGood(): void {
    running = false;
    generation += 1;
    timers.clearTimeout(retryTimer);
    clearSocket();
    setState('closed');
  }

  function connect(): void {
    if (!running) return;
    const mine = ++generation;
    clearSocket();
    setState('connecting');
    options.getTicket().then(
      (ticket) => {
        if (mine !== generation) return;
        const Socket = options.WebSocketImpl ?? WebSocket;
        let opened: WebSocket;
        try {
          opened = new Socket(realtimeSocketUrl(options.baseUrl, ticket, pageHref()));
        } catch {
          scheduleReconnect();
          return;
        }
        socket = opened;
        opened.addEventListener('open', () => {
          if (mine !== generation) return;
          attempt = 0;
          setState('open');
          keepAlive = timers.setInterval(() => {
            if (opened.readyState === opened.OPEN) opened.send('ping');
          }, KEEP_ALIVE_MS);
        });
        opened.addEventListener('message', (message: MessageEvent) => {
          if (mine !== generation) return;
          const event = readEvent(message.data);
          if (!event) return;
          for (const listener of [...listeners]) listener(event);
          if (event.type === 'SessionClosed') endForGood();
        });
        opened.addEventListener('close', (closed: CloseEvent) => {
          if (mine !== generation) return;
          timers.clearInterval(keepAlive);
          socket = undefined;
          if (closed.code === SESSION_CLOSED_CODE) endForGood();
          else scheduleReconnect();
        });
      },
      () => {
        if (mine === generation) scheduleReconnect();
      },
    );
  }

  const onOnline = () => {
    if (running && state === 'lost') {
      timers.clearTimeout(retryTimer);
      connect();
    }
  };

  return {
    getState: () => state,
    subscribeState(listener) {
      stateListeners.add(listener);
      return () => {
        stateListeners.delete(listener);
      };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    start() {
      if (running) return;
      running = true;
      attempt = 0;
      onlineTarget?.addEventListener('online', onOnline);
      connect();
    },
    stop() {
      onlineTarget?.removeEventListener('online', onOnline);
      endForGood();
    },
  };
}
