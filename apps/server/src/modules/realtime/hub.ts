import type { WebSocket } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeEvent } from '@ledgerline/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Notifier } from '../../db/connect';

/** The NOTIFY channel every node listens on: an event raised on one node reaches sockets on all. */
export const REALTIME_CHANNEL = 'ledgerline_realtime';

/**
 * A scalar SQL expression that sends the events a query answers (columns "userId" and "event",
 * the event as JSON) to every node, and counts them. Part of another statement, it sends them only
 * if that statement's transaction commits, and when it commits (NOTIFY waits for the COMMIT).
 */
export function sendEventsSql(rows: SQL): SQL<number> {
  return sql<number>`(select count(*) from (select pg_notify(${REALTIME_CHANNEL}, json_build_object('kind', 'event', 'userId', q."userId", 'event', q.event)::text) from (${rows}) q) sent)`;
}

type Envelope =
  | { kind: 'event'; userId: number; event: RealtimeEvent }
  | { kind: 'login-event'; pendingLoginId: string; event: RealtimeEvent }
  | { kind: 'close-session'; sessionId: string; reason: 'logout' | 'expired' | 'revoked' };

/** A socket belongs to a signed-in session, or to one pending sign-in (push, verifyDevice, scp) opened with its tmpJwt. */
interface Connection {
  socket: WebSocket;
  userId: number | null;
  sessionId: string | null;
  pendingLoginId: string | null;
  expiryTimer: NodeJS.Timeout;
}

export interface RealtimeHub {
  /** Sends an event to every open socket of the user, on whichever node it is connected. */
  publish(userId: number, event: RealtimeEvent): Promise<void>;
  /** The same for several events at once, in one round trip to the database, in their order. */
  publishMany(events: readonly { userId: number; event: RealtimeEvent }[]): Promise<void>;
  /**
   * The events a query answers (columns "userId" and "event", the event as JSON), sent by the
   * database in the same statement that finds them: one round trip for who and what.
   */
  publishQuery(db: DbOrTx, rows: SQL): Promise<void>;
  /** Closes every socket of a session, on every node (logout, revocation, expiry). */
  closeSession(sessionId: string, reason: 'logout' | 'expired' | 'revoked'): Promise<void>;
  /** Sends an event to the sockets of one pending sign-in (opened with its tmpJwt), on every node. */
  publishToLogin(pendingLoginId: string, event: RealtimeEvent): Promise<void>;
  /** Registers a socket opened on this node. */
  attach(
    socket: WebSocket,
    info: { userId: number; sessionId: string; sessionExpiresAt: Date },
  ): void;
  /** Registers a socket of a pending sign-in; it closes when the pending sign-in expires. */
  attachLogin(socket: WebSocket, info: { pendingLoginId: string; expiresAt: Date }): void;
  connectionCount(): number;
  stop(): Promise<void>;
}

export async function createRealtimeHub(
  notifier: Notifier,
  log: FastifyBaseLogger,
): Promise<RealtimeHub> {
  const byUser = new Map<number, Set<Connection>>();
  const byLogin = new Map<string, Set<Connection>>();

  function send(connection: Connection, event: RealtimeEvent): void {
    if (connection.socket.readyState === connection.socket.OPEN) {
      connection.socket.send(JSON.stringify({ ...event, at: new Date().toISOString() }));
    }
  }

  function closeLocal(
    filter: (connection: Connection) => boolean,
    reason: 'logout' | 'expired' | 'revoked',
  ): void {
    for (const set of [...byUser.values(), ...byLogin.values()]) {
      for (const connection of set) {
        if (!filter(connection)) continue;
        send(connection, { type: 'SessionClosed', payload: { reason } });
        connection.socket.close(4001, reason);
      }
    }
  }

  function deliver(raw: string): void {
    let message: Envelope;
    try {
      message = JSON.parse(raw) as Envelope;
    } catch {
      log.warn('realtime: ignored a malformed notification');
      return;
    }
    if (message.kind === 'event') {
      for (const connection of byUser.get(message.userId) ?? []) send(connection, message.event);
    } else if (message.kind === 'login-event') {
      for (const connection of byLogin.get(message.pendingLoginId) ?? [])
        send(connection, message.event);
    } else if (message.kind === 'close-session') {
      closeLocal((connection) => connection.sessionId === message.sessionId, message.reason);
    }
  }

  const unlisten = await notifier.listen(REALTIME_CHANNEL, deliver);

  return {
    async publish(userId, event) {
      await notifier.notify(
        REALTIME_CHANNEL,
        JSON.stringify({ kind: 'event', userId, event } satisfies Envelope),
      );
    },
    async publishMany(events) {
      if (events.length === 0) return;
      await notifier.notify(
        REALTIME_CHANNEL,
        ...events.map(({ userId, event }) =>
          JSON.stringify({ kind: 'event', userId, event } satisfies Envelope),
        ),
      );
    },
    async publishQuery(db, rows) {
      await db.execute(sql`select ${sendEventsSql(rows)}`);
    },
    async publishToLogin(pendingLoginId, event) {
      await notifier.notify(
        REALTIME_CHANNEL,
        JSON.stringify({ kind: 'login-event', pendingLoginId, event } satisfies Envelope),
      );
    },
    async closeSession(sessionId, reason) {
      await notifier.notify(
        REALTIME_CHANNEL,
        JSON.stringify({ kind: 'close-session', sessionId, reason } satisfies Envelope),
      );
    },
    attach(socket, info) {
      const delay = Math.max(0, info.sessionExpiresAt.getTime() - Date.now());
      const connection: Connection = {
        socket,
        userId: info.userId,
        sessionId: info.sessionId,
        pendingLoginId: null,
        // Timers beyond 2^31-1 ms overflow; sessions live 12 h at most, far below that.
        expiryTimer: setTimeout(
          () => closeLocal((candidate) => candidate === connection, 'expired'),
          delay,
        ),
      };
      let set = byUser.get(info.userId);
      if (!set) {
        set = new Set();
        byUser.set(info.userId, set);
      }
      set.add(connection);
      socket.on('close', () => {
        clearTimeout(connection.expiryTimer);
        set.delete(connection);
        if (set.size === 0) byUser.delete(info.userId);
      });
    },
    attachLogin(socket, info) {
      const delay = Math.max(0, info.expiresAt.getTime() - Date.now());
      const connection: Connection = {
        socket,
        userId: null,
        sessionId: null,
        pendingLoginId: info.pendingLoginId,
        expiryTimer: setTimeout(
          () => closeLocal((candidate) => candidate === connection, 'expired'),
          delay,
        ),
      };
      let set = byLogin.get(info.pendingLoginId);
      if (!set) {
        set = new Set();
        byLogin.set(info.pendingLoginId, set);
      }
      set.add(connection);
      socket.on('close', () => {
        clearTimeout(connection.expiryTimer);
        set.delete(connection);
        if (set.size === 0) byLogin.delete(info.pendingLoginId);
      });
    },
    connectionCount() {
      let count = 0;
      for (const set of [...byUser.values(), ...byLogin.values()]) count += set.size;
      return count;
    },
    async stop() {
      await unlisten();
      for (const set of [...byUser.values(), ...byLogin.values()]) {
        for (const connection of set) {
          clearTimeout(connection.expiryTimer);
          connection.socket.close(1001, 'server shutting down');
        }
      }
      byUser.clear();
      byLogin.clear();
    },
  };
}
