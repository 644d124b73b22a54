import { inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { startBackgroundLoop, type BackgroundLoop } from '../../lib/background-loop';
import {
  altchaSpent,
  deviceApprovalCodes,
  loginRealtimeTickets,
  pdfDownloads,
  pendingLogins,
  realtimeTickets,
} from '../../db/schema';

/** How often a node sweeps; each sweep is a few indexed deletes, safe on several nodes at once. */
export const HOUSEKEEPING_INTERVAL_MS = 10 * 60_000;
/** A finished or expired sign-in stays this long for support questions ("did my code arrive?"). */
const PENDING_LOGIN_RETENTION_MS = 24 * 60 * 60_000;

export interface PurgeCounts {
  pendingLogins: number;
  loginRealtimeTickets: number;
  realtimeTickets: number;
  altchaSolutions: number;
  deviceApprovalCodes: number;
  pdfDownloads: number;
}

/**
 * Deletes what the sign-in flows leave behind once it can no longer be used: pending sign-ins a day
 * after they expired (login_history keeps the record of every attempt), realtime tickets, spent
 * ALTCHA solutions whose challenge has expired (a replay would fail on the expiry anyway),
 * expired device-approval codes and expired PDF download links.
 */
export async function purgeExpired(db: Database, now: Date = new Date()): Promise<PurgeCounts> {
  return db.transaction(async (tx) => {
    const staleBefore = new Date(now.getTime() - PENDING_LOGIN_RETENTION_MS);
    const stale = tx
      .select({ id: pendingLogins.id })
      .from(pendingLogins)
      .where(lt(pendingLogins.expiresAt, staleBefore));
    const loginTickets = await tx
      .delete(loginRealtimeTickets)
      .where(
        or(
          lt(loginRealtimeTickets.expiresAt, now),
          inArray(loginRealtimeTickets.pendingLoginId, stale),
        ),
      )
      .returning({ id: loginRealtimeTickets.ticketHash });
    const logins = await tx
      .delete(pendingLogins)
      .where(lt(pendingLogins.expiresAt, staleBefore))
      .returning({ id: pendingLogins.id });
    const tickets = await tx
      .delete(realtimeTickets)
      .where(or(lt(realtimeTickets.expiresAt, now), isNotNull(realtimeTickets.usedAt)))
      .returning({ id: sql<number>`1` });
    const solutions = await tx
      .delete(altchaSpent)
      .where(lt(altchaSpent.expiresAt, now))
      .returning({ id: altchaSpent.signatureHash });
    const codes = await tx
      .delete(deviceApprovalCodes)
      .where(lt(deviceApprovalCodes.expiresAt, now))
      .returning({ id: deviceApprovalCodes.deviceId });
    const downloads = await tx
      .delete(pdfDownloads)
      .where(lt(pdfDownloads.expiresAt, now))
      .returning({ id: pdfDownloads.tokenHash });
    return {
      pdfDownloads: downloads.length,
      pendingLogins: logins.length,
      loginRealtimeTickets: loginTickets.length,
      realtimeTickets: tickets.length,
      altchaSolutions: solutions.length,
      deviceApprovalCodes: codes.length,
    };
  });
}

/** Sweeps on an interval until stopped; a failed sweep is logged and the next one tries again. */
export function startHousekeeping(options: {
  db: Database;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): BackgroundLoop {
  return startBackgroundLoop({
    name: 'housekeeping',
    intervalMs: options.intervalMs ?? HOUSEKEEPING_INTERVAL_MS,
    log: options.log,
    pass: () => purgeExpired(options.db),
    describe: (counts) => ({ counts }),
  });
}
