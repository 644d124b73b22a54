import type { ApiClient } from '@ledgerline/contract';
import { authRoutes } from '@ledgerline/contract/auth/routes';
import { REALTIME_PATH } from '@ledgerline/contract/realtime/events';

/** POST /api/auth/realtime-ticket {tmpJwt}: a pending sign-in's single-use ticket for /realtime. */
const KEEP_ALIVE_MS = 25_000;

/** The channel closed before the decision arrived (network, server restart, ticket refused). */
export class ChannelLostError extends Error {
  constructor() {
    super('The realtime channel closed');
    this.name = 'ChannelLostError';
  }
}

export interface LoginChannel {
  /** Resolves with the device's decision on the request `key` (spec 1 §4 push flow). */
  waitFor(key: string): Promise<boolean>;
  close(): void;
}

/** ws(s)://host/realtime?ticket=… on the API's origin (the page's own when the base is ''). */
export function realtimeUrl(
  baseUrl: string,
  ticket: string,
  location: Pick<Location, 'href'>,
): string {
  const url = new URL(`${baseUrl}${REALTIME_PATH}`, location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('ticket', ticket);
  return url.toString();
}

function readDecision(data: unknown): { key: string; approved: boolean } | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const event = JSON.parse(data) as {
      type?: unknown;
      payload?: { key?: unknown; approved?: unknown };
    };
    if (event.type !== 'LoginRequestDecided') return undefined;
    const { key, approved } = event.payload ?? {};
    return typeof key === 'string' && typeof approved === 'boolean' ? { key, approved } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Opens the realtime channel of a pending sign-in: a ticket for its tmpJwt, then the WebSocket.
 * Decisions that arrive before anyone waits for them are kept, so none is missed.
 */
export async function openLoginChannel(options: {
  client: ApiClient;
  baseUrl: string;
  /** A pending sign-in's bearer; without it the ticket is for the signed-in session (soft migration on /scp). */
  tmpJwt: string | undefined;
  WebSocketImpl?: typeof WebSocket;
  location?: Pick<Location, 'href'>;
}): Promise<LoginChannel> {
  const { ticket } = await options.client.route(
    authRoutes.realtimeTicket,
    options.tmpJwt !== undefined
      ? { anonymous: true, body: { tmpJwt: options.tmpJwt } }
      : { body: {} },
  );
  const Socket = options.WebSocketImpl ?? WebSocket;
  const socket = new Socket(
    realtimeUrl(options.baseUrl, ticket, options.location ?? window.location),
  );
  const decisions = new Map<string, boolean>();
  const waiters = new Map<
    string,
    { resolve: (approved: boolean) => void; reject: (error: Error) => void }[]
  >();
  let lost = false;

  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('close', () => reject(new ChannelLostError()), { once: true });
  });

  const keepAlive = setInterval(() => {
    if (socket.readyState === socket.OPEN) socket.send('ping');
  }, KEEP_ALIVE_MS);

  socket.addEventListener('message', (event: MessageEvent) => {
    const decision = readDecision(event.data);
    if (!decision) return;
    decisions.set(decision.key, decision.approved);
    for (const waiter of waiters.get(decision.key) ?? []) waiter.resolve(decision.approved);
    waiters.delete(decision.key);
  });
  socket.addEventListener('close', () => {
    lost = true;
    clearInterval(keepAlive);
    for (const list of waiters.values())
      for (const waiter of list) waiter.reject(new ChannelLostError());
    waiters.clear();
  });

  return {
    waitFor(key) {
      const known = decisions.get(key);
      if (known !== undefined) return Promise.resolve(known);
      if (lost) return Promise.reject(new ChannelLostError());
      return new Promise<boolean>((resolve, reject) => {
        waiters.set(key, [...(waiters.get(key) ?? []), { resolve, reject }]);
      });
    },
    close() {
      clearInterval(keepAlive);
      waiters.clear();
      socket.close();
    },
  };
}
