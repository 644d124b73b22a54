import { asc, eq } from 'drizzle-orm';
import { ipInRange, parseIp, type ParsedIp } from '@ledgerline/contract';
import { RESPONSE_CODES } from '@ledgerline/domain';
import type { Database, DbOrTx } from '../../db/client';
import { ipWhitelistEntries, ipWhitelistSettings } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';

/**
 * How long one node trusts what it loaded about a user's whitelist. Every authenticated call
 * checks it, so it must not cost a query each time; a change made through this node is seen at
 * once (forget), one made through another node within these seconds.
 */
export const IP_WHITELIST_CACHE_MS = 5_000;
/** A refused call is written to the audit log at most once a minute per user and address. */
const REFUSAL_AUDIT_EVERY_MS = 60_000;

interface Range {
  from: ParsedIp;
  to: ParsedIp | null;
}

interface Loaded {
  at: number;
  enabled: boolean;
  ranges: Range[];
}

export function ipNotAllowedError(): AppError {
  return new AppError(
    RESPONSE_CODES.ipNotAllowed,
    'Access from this IP address is not allowed: it is not on your IP whitelist.',
    {
      extra: { reason: 'ipNotAllowed' },
    },
  );
}

/** Entries as ranges; an entry that no longer parses matches nothing. */
export function rangesOf(entries: readonly { ip: string; toIp: string | null }[]): Range[] {
  const ranges: Range[] = [];
  for (const entry of entries) {
    const from = parseIp(entry.ip);
    const to = entry.toIp === null ? null : parseIp(entry.toIp);
    if (from && (entry.toIp === null || to)) ranges.push({ from, to });
  }
  return ranges;
}

/** True when the address (as the server sees it) lies in one of the entries' ranges. */
export function entriesCover(
  entries: readonly { ip: string; toIp: string | null }[],
  ip: string,
): boolean {
  return addressCovered(rangesOf(entries), ip);
}

/** True when the address (as the server sees it) lies in one of the ranges. */
export function addressCovered(ranges: readonly Range[], ip: string): boolean {
  const parsed = parseIp(ip);
  if (!parsed) return false;
  return ranges.some((range) => ipInRange(parsed, range.from, range.to));
}

export async function loadWhitelist(
  db: DbOrTx,
  userId: number,
  options: { forUpdate?: boolean } = {},
) {
  const settingsQuery = db
    .select()
    .from(ipWhitelistSettings)
    .where(eq(ipWhitelistSettings.userId, userId));
  const [settings] = options.forUpdate ? await settingsQuery.for('update') : await settingsQuery;
  const entries = await db
    .select()
    .from(ipWhitelistEntries)
    .where(eq(ipWhitelistEntries.userId, userId))
    .orderBy(asc(ipWhitelistEntries.id));
  return { enabled: settings?.enabled ?? false, entries };
}

export interface IpWhitelistGate {
  /** True when the user may sign in or call from this address (always, while the mode is off). */
  allows(userId: number, ip: string): Promise<boolean>;
  /** Refuses (IPW, HTTP 403) a call from outside the user's whitelist, and records it. */
  assertAllowed(caller: { userId: number; customerId: number }, ip: string): Promise<void>;
  /** Drops what this node remembers about the user (after a change of the list or the mode). */
  forget(userId: number): void;
}

export function createIpWhitelistGate(db: Database): IpWhitelistGate {
  const cache = new Map<number, Loaded>();
  const lastRefusalAudit = new Map<string, number>();

  async function load(userId: number): Promise<Loaded> {
    const now = Date.now();
    const cached = cache.get(userId);
    if (cached && now - cached.at < IP_WHITELIST_CACHE_MS) return cached;
    const [settings] = await db
      .select({ enabled: ipWhitelistSettings.enabled })
      .from(ipWhitelistSettings)
      .where(eq(ipWhitelistSettings.userId, userId));
    const enabled = settings?.enabled ?? false;
    // Entries matter only while the mode is on: most users never pay for the second query.
    const entries = enabled
      ? await db
          .select({ ip: ipWhitelistEntries.ip, toIp: ipWhitelistEntries.toIp })
          .from(ipWhitelistEntries)
          .where(eq(ipWhitelistEntries.userId, userId))
      : [];
    const loaded = { at: now, enabled, ranges: rangesOf(entries) };
    if (cache.size > 10_000) cache.clear();
    cache.set(userId, loaded);
    return loaded;
  }

  async function allows(userId: number, ip: string): Promise<boolean> {
    const loaded = await load(userId);
    return !loaded.enabled || addressCovered(loaded.ranges, ip);
  }

  return {
    allows,
    async assertAllowed(caller, ip) {
      if (await allows(caller.userId, ip)) return;
      const key = `${caller.userId}|${ip}`;
      const now = Date.now();
      if ((lastRefusalAudit.get(key) ?? 0) + REFUSAL_AUDIT_EVERY_MS <= now) {
        if (lastRefusalAudit.size > 10_000) lastRefusalAudit.clear();
        lastRefusalAudit.set(key, now);
        await audit(db, {
          action: 'security.ipRefused',
          userId: caller.userId,
          customerId: caller.customerId,
          ip,
          details: { on: 'api' },
        });
      }
      throw ipNotAllowedError();
    },
    forget(userId) {
      cache.delete(userId);
    },
  };
}
