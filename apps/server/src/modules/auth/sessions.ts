import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { realtimeTickets, sessions, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../lib/crypto';
import { audit } from '../audit/audit';
import type { RealtimeHub } from '../realtime/hub';
import { ACCESS_TOKEN_TTL_SECONDS, SESSION_TTL_MS, type AccessClaims, type TokenService } from './tokens';

const REALTIME_TICKET_TTL_MS = 30_000;

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  userId: number;
}

export interface SessionService {
  /** Password sign-in. The platform answers the `simple` flow; second factors come with the sign-in issue. */
  signIn(input: { username: string; password: string; client: string; ip: string; userAgent: string | undefined }): Promise<IssuedTokens>;
  /** The caller of a valid access token whose session is still open, or null. */
  authenticate(accessToken: string): Promise<AccessClaims | null>;
  signOut(sessionId: string, ip: string): Promise<void>;
  issueRealtimeTicket(claims: AccessClaims): Promise<{ ticket: string; expiresInSeconds: number }>;
  /** Redeems a ticket once; answers the session it opens, or null when unknown, used or expired. */
  redeemRealtimeTicket(ticket: string): Promise<{ userId: number; sessionId: string; sessionExpiresAt: Date } | null>;
}

export function createSessionService(db: Database, tokens: TokenService, hub: RealtimeHub): SessionService {
  // Verifying against a fixed hash when the user does not exist keeps the answer time the same,
  // so response timing does not reveal which e-mail addresses have accounts.
  const decoyHash = hashPassword(randomToken());

  return {
    async signIn(input) {
      const [user] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${input.username.toLowerCase()}`);
      const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash));
      if (!user || !passwordOk || user.disabled || user.status !== 'active') {
        await audit(db, { action: 'login.failed', userId: user?.id ?? null, ip: input.ip, details: { client: input.client } });
        throw new AppError('AU', 'Wrong e-mail or password', { httpStatus: 401 });
      }
      if (user.login2faMode !== 'no') {
        throw new AppError('VF', 'This sign-in method is not available yet', { httpStatus: 403 });
      }
      const sessionId = randomUUID();
      const refreshToken = randomToken();
      await db.transaction(async (tx) => {
        await tx.insert(sessions).values({
          id: sessionId,
          userId: user.id,
          refreshTokenHash: sha256(refreshToken),
          client: input.client,
          ip: input.ip,
          userAgent: input.userAgent?.slice(0, 512) ?? null,
          expiresAt: new Date(Date.now() + SESSION_TTL_MS),
        });
        await audit(tx, { action: 'login.succeeded', userId: user.id, customerId: user.customerId, ip: input.ip, details: { client: input.client, flow: 'simple' } });
      });
      const accessToken = await tokens.issueAccessToken({ userId: user.id, sessionId, customerId: user.customerId });
      return { accessToken, refreshToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS, userId: user.id };
    },

    async authenticate(accessToken) {
      const claims = await tokens.verifyAccessToken(accessToken);
      if (!claims) return null;
      const [session] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.id, claims.sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
      return session ? claims : null;
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

    async redeemRealtimeTicket(ticket) {
      if (ticket.length > 128) return null;
      const now = new Date();
      const [redeemed] = await db
        .update(realtimeTickets)
        .set({ usedAt: now })
        .where(and(eq(realtimeTickets.ticketHash, sha256(ticket)), isNull(realtimeTickets.usedAt), gt(realtimeTickets.expiresAt, now)))
        .returning({ userId: realtimeTickets.userId, sessionId: realtimeTickets.sessionId });
      if (!redeemed) return null;
      const [session] = await db
        .select({ expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(and(eq(sessions.id, redeemed.sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
      return session ? { ...redeemed, sessionExpiresAt: session.expiresAt } : null;
    },
  };
}
