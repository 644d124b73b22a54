import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import {
  loginRealtimeTickets,
  pendingLogins,
  realtimeTickets,
  refreshTokens,
  sessions,
  users,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { randomToken, sha256 } from '../../lib/crypto';
import { audit } from '../audit';
import type { RealtimeHub } from '../realtime';
import { createIpWhitelistGate, type IpWhitelistGate } from './ip-whitelist';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  SESSION_TTL_MS,
  type AccessClaims,
  type TokenService,
} from './tokens';

const REALTIME_TICKET_TTL_MS = 30_000;

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  userId: number;
  /** The session's end: the refresh cookie's Max-Age follows it. */
  sessionExpiresAt: Date;
  /** The session's client: 'web' never gets the refresh token in a body. */
  client: string;
}

export interface NewSession {
  sessionId: string;
  client: string;
  refreshToken: string;
  expiresAt: Date;
}

export type RealtimeTicketOwner =
  | { kind: 'session'; userId: number; sessionId: string; sessionExpiresAt: Date }
  | { kind: 'login'; pendingLoginId: string; expiresAt: Date };

export interface SessionService {
  /** Opens a session inside the caller's transaction (the sign-in that completes). */
  open(
    tx: DbOrTx,
    input: { userId: number; client: string; ip: string; userAgent: string | undefined },
  ): Promise<NewSession>;
  /** The answer for a session just opened. */
  tokensFor(user: { id: number; customerId: number }, session: NewSession): Promise<IssuedTokens>;
  /** The caller of a valid access token whose session is still open, or null. */
  authenticate(accessToken: string): Promise<AccessClaims | null>;
  /**
   * Rotates a refresh token. A token used before revokes the whole session (RFC 9700 §4.14) and
   * closes its sockets; an unknown, empty, revoked or expired one is refused.
   */
  refresh(refreshToken: string | undefined, ip: string): Promise<IssuedTokens>;
  signOut(sessionId: string, ip: string): Promise<void>;
  /** The session a refresh token belongs to (current or used), or null. */
  sessionOfRefreshToken(refreshToken: string): Promise<string | null>;
  issueRealtimeTicket(claims: AccessClaims): Promise<{ ticket: string; expiresInSeconds: number }>;
  /** A ticket for the sockets of one pending sign-in (tmpJwt holders). */
  issueLoginRealtimeTicket(
    pendingLoginId: string,
  ): Promise<{ ticket: string; expiresInSeconds: number }>;
  /** Redeems a ticket once; answers what it opens, or null when unknown, used or expired. */
  redeemRealtimeTicket(ticket: string): Promise<RealtimeTicketOwner | null>;
  /** The users' IP whitelists: checked at sign-in and on every authenticated call (modules/security). */
  ipWhitelist: IpWhitelistGate;
  /**
   * Ends every open session of the user except `keepSessionId` (all of them when it is null),
   * inside the caller's transaction (e.g. a password change); answers their ids. Close their sockets with closeSockets after commit.
   */
  revokeOthers(
    tx: DbOrTx,
    userId: number,
    keepSessionId: string | null,
    reason: string,
  ): Promise<string[]>;
  closeSockets(
    sessionIds: readonly string[],
    reason: 'logout' | 'expired' | 'revoked',
  ): Promise<void>;
}

function refused(description: string, reason: string): AppError {
  return new AppError('AU', description, { extra: { reason } });
}

export function createSessionService(
  db: Database,
  tokens: TokenService,
  hub: RealtimeHub,
): SessionService {
  async function tokensFor(
    user: { id: number; customerId: number },
    session: NewSession,
  ): Promise<IssuedTokens> {
    const accessToken = await tokens.issueAccessToken({
      userId: user.id,
      sessionId: session.sessionId,
      customerId: user.customerId,
    });
    return {
      accessToken,
      refreshToken: session.refreshToken,
      expiresIn: ACCESS_TOKEN_TTL_SECONDS,
      userId: user.id,
      sessionExpiresAt: session.expiresAt,
      client: session.client,
    };
  }

  const ipWhitelist = createIpWhitelistGate(db);

  return {
    ipWhitelist,

    async revokeOthers(tx, userId, keepSessionId, reason) {
      const revoked = await tx
        .update(sessions)
        .set({ revokedAt: new Date(), revokeReason: reason.slice(0, 32) })
        .where(
          and(
            eq(sessions.userId, userId),
            keepSessionId === null ? undefined : ne(sessions.id, keepSessionId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, new Date()),
          ),
        )
        .returning({ id: sessions.id });
      return revoked.map((row) => row.id);
    },

    async closeSockets(sessionIds, reason) {
      for (const sessionId of sessionIds) await hub.closeSession(sessionId, reason);
    },

    async open(tx, input) {
      const sessionId = randomUUID();
      const refreshToken = randomToken();
      const now = new Date();
      const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
      await tx.insert(sessions).values({
        id: sessionId,
        userId: input.userId,
        refreshTokenHash: sha256(refreshToken),
        client: input.client.slice(0, 64),
        ip: input.ip.slice(0, 64),
        userAgent: input.userAgent?.slice(0, 512) ?? null,
        expiresAt,
        lastSeenAt: now,
      });
      await tx.insert(refreshTokens).values({ tokenHash: sha256(refreshToken), sessionId });
      return { sessionId, client: input.client, refreshToken, expiresAt };
    },

    tokensFor,

    async authenticate(accessToken) {
      const claims = await tokens.verifyAccessToken(accessToken);
      if (!claims) return null;
      const [session] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(
          and(
            eq(sessions.id, claims.sessionId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, new Date()),
          ),
        );
      return session ? claims : null;
    },

    async refresh(refreshToken, ip) {
      if (refreshToken === undefined || refreshToken.trim() === '') {
        throw refused('The refresh token is empty.', 'emptyRefreshToken');
      }
      const hash = sha256(refreshToken);
      // From outside the user's IP whitelist no new tokens are handed out (checked before the token turns over).
      const [owner] = await db
        .select({ userId: users.id, customerId: users.customerId })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(refreshTokens.tokenHash, hash));
      if (owner) await ipWhitelist.assertAllowed(owner, ip);
      const outcome = await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ usedAt: refreshTokens.usedAt, sessionId: refreshTokens.sessionId })
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, hash))
          .for('update');
        if (!row) return { kind: 'unknown' as const };
        const [session] = await tx
          .select()
          .from(sessions)
          .where(eq(sessions.id, row.sessionId))
          .for('update');
        if (!session) return { kind: 'unknown' as const };
        const now = new Date();
        if (row.usedAt) {
          if (!session.revokedAt) {
            await tx
              .update(sessions)
              .set({ revokedAt: now, revokeReason: 'refresh-reuse' })
              .where(eq(sessions.id, session.id));
            await audit(tx, {
              action: 'session.refreshReuse',
              userId: session.userId,
              ip,
              details: { sessionId: session.id },
            });
          }
          return { kind: 'reused' as const, sessionId: session.id };
        }
        if (session.revokedAt || session.expiresAt <= now) return { kind: 'ended' as const };
        const [user] = await tx
          .select({ id: users.id, customerId: users.customerId, disabled: users.disabled })
          .from(users)
          .where(eq(users.id, session.userId));
        if (!user || user.disabled) return { kind: 'ended' as const };
        const next = randomToken();
        await tx
          .update(refreshTokens)
          .set({ usedAt: now })
          .where(eq(refreshTokens.tokenHash, hash));
        await tx.insert(refreshTokens).values({ tokenHash: sha256(next), sessionId: session.id });
        await tx
          .update(sessions)
          .set({ refreshTokenHash: sha256(next), lastSeenAt: now })
          .where(eq(sessions.id, session.id));
        return {
          kind: 'rotated' as const,
          user,
          session: {
            sessionId: session.id,
            client: session.client,
            refreshToken: next,
            expiresAt: session.expiresAt,
          },
        };
      });
      if (outcome.kind === 'reused') {
        await hub.closeSession(outcome.sessionId, 'revoked');
        throw refused(
          'This refresh token was already used: the session has been ended for your safety. Please sign in again.',
          'refreshReused',
        );
      }
      if (outcome.kind !== 'rotated')
        throw refused('The session has ended. Please sign in again.', 'sessionEnded');
      return tokensFor(outcome.user, outcome.session);
    },

    async signOut(sessionId, ip) {
      await db.transaction(async (tx) => {
        const [session] = await tx
          .update(sessions)
          .set({ revokedAt: new Date(), revokeReason: 'logout' })
          .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
          .returning({ userId: sessions.userId });
        if (session) await audit(tx, { action: 'logout', userId: session.userId, ip });
      });
      await hub.closeSession(sessionId, 'logout');
    },

    async sessionOfRefreshToken(refreshToken) {
      if (refreshToken.trim() === '' || refreshToken.length > 512) return null;
      const [row] = await db
        .select({ sessionId: refreshTokens.sessionId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
      return row?.sessionId ?? null;
    },

    async issueRealtimeTicket(claims) {
      const ticket = randomToken();
      await db.insert(realtimeTickets).values({
        ticketHash: sha256(ticket),
        userId: claims.userId,
        sessionId: claims.sessionId,
        expiresAt: new Date(Date.now() + REALTIME_TICKET_TTL_MS),
      });
      return { ticket, expiresInSeconds: REALTIME_TICKET_TTL_MS / 1000 };
    },

    async issueLoginRealtimeTicket(pendingLoginId) {
      const ticket = randomToken();
      await db.insert(loginRealtimeTickets).values({
        ticketHash: sha256(ticket),
        pendingLoginId,
        expiresAt: new Date(Date.now() + REALTIME_TICKET_TTL_MS),
      });
      return { ticket, expiresInSeconds: REALTIME_TICKET_TTL_MS / 1000 };
    },

    async redeemRealtimeTicket(ticket) {
      if (ticket.length > 128) return null;
      const now = new Date();
      const hash = sha256(ticket);
      const [redeemed] = await db
        .update(realtimeTickets)
        .set({ usedAt: now })
        .where(
          and(
            eq(realtimeTickets.ticketHash, hash),
            isNull(realtimeTickets.usedAt),
            gt(realtimeTickets.expiresAt, now),
          ),
        )
        .returning({ userId: realtimeTickets.userId, sessionId: realtimeTickets.sessionId });
      if (redeemed) {
        const [session] = await db
          .select({ expiresAt: sessions.expiresAt })
          .from(sessions)
          .where(
            and(
              eq(sessions.id, redeemed.sessionId),
              isNull(sessions.revokedAt),
              gt(sessions.expiresAt, now),
            ),
          );
        return session
          ? { kind: 'session', ...redeemed, sessionExpiresAt: session.expiresAt }
          : null;
      }
      const [login] = await db
        .update(loginRealtimeTickets)
        .set({ usedAt: now })
        .where(
          and(
            eq(loginRealtimeTickets.ticketHash, hash),
            isNull(loginRealtimeTickets.usedAt),
            gt(loginRealtimeTickets.expiresAt, now),
          ),
        )
        .returning({ pendingLoginId: loginRealtimeTickets.pendingLoginId });
      if (!login) return null;
      const [pending] = await db
        .select({ expiresAt: pendingLogins.expiresAt })
        .from(pendingLogins)
        .where(
          and(
            eq(pendingLogins.id, login.pendingLoginId),
            isNull(pendingLogins.usedAt),
            gt(pendingLogins.expiresAt, now),
          ),
        );
      return pending
        ? { kind: 'login', pendingLoginId: login.pendingLoginId, expiresAt: pending.expiresAt }
        : null;
    },
  };
}
