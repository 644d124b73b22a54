import { and, asc, count, desc, eq, gte, lt } from 'drizzle-orm';
import {
  BLACKLIST_ADDED_DESCRIPTION,
  parseIp,
  type PayoutBlockType,
  type securityMethods,
} from '@ledgerline/contract';
import type { Database, DbOrTx } from '../../db/client';
import {
  ipWhitelistEntries,
  ipWhitelistSettings,
  loginHistory,
  payoutBlacklist,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor';
import { audit } from '../audit';
import { devicesOf, entriesCover, loadWhitelist, settingsOf, type IpWhitelistGate } from '../auth';
import { callerAccount } from './shared';
import { availableModes, loginModeOf } from './two-step';

/** Bounds that keep one user's lists small enough to check on every call. */
export const MAX_IP_WHITELIST_ENTRIES = 50;
export const MAX_BLACKLIST_ENTRIES = 500;
const DAY_MS = 86_400_000;

/** An IPv4 caller seen through a dual-stack socket (::ffff:192.0.2.1) is shown as 192.0.2.1. */
export function displayIp(ip: string): string {
  const parsed = parseIp(ip);
  if (parsed?.family !== 4 || !ip.includes(':')) return ip;
  const value = Number(parsed.value);
  return [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.');
}

function wireEntry(row: typeof ipWhitelistEntries.$inferSelect) {
  return { id: row.id, ip: row.ip, toIp: row.toIp, created: row.createdAt.toISOString() };
}

function wireBlacklistUser(row: typeof payoutBlacklist.$inferSelect) {
  return {
    email: row.email,
    blockType: row.blockType === 'p2p' ? ('p2p' as const) : ('all' as const),
    created: row.createdAt.toISOString(),
  };
}

/** Locks the user's whitelist settings row (creating it off), so mode changes and deletes take turns. */
async function lockWhitelist(tx: DbOrTx, userId: number) {
  await tx.insert(ipWhitelistSettings).values({ userId, enabled: false }).onConflictDoNothing();
  return loadWhitelist(tx, userId, { forUpdate: true });
}

/** An audit row of the caller's own security settings: the user, their own customer, the address. */
function auditOwn(tx: DbOrTx, actor: Actor, action: string, details: Record<string, unknown>) {
  return audit(tx, {
    action,
    userId: actor.userId,
    customerId: actor.ownCustomerId,
    ip: actor.ip,
    details,
  });
}

/**
 * A change to the caller's IP whitelist: made under the whitelist's lock in one transaction with
 * its audit row; after commit this node's cached copy is forgotten, so the next call sees it.
 */
async function changeWhitelist<T>(
  deps: SecurityDeps,
  actor: Actor,
  change: (tx: DbOrTx, whitelist: Awaited<ReturnType<typeof lockWhitelist>>) => Promise<T>,
): Promise<T> {
  const result = await deps.db.transaction(async (tx) =>
    change(tx, await lockWhitelist(tx, actor.userId)),
  );
  deps.ipWhitelist.forget(actor.userId);
  return result;
}

function selfLockout(field: string): AppError {
  return AppError.invalid(
    { [field]: 'validation.ipWhitelistSelfLockout' },
    'This would block the address you are using now. Add it to the list first.',
  );
}

function samePair(
  a: { ip: string; toIp: string | null },
  b: { ip: string; toIp?: string | undefined },
): boolean {
  const [aFrom, bFrom] = [parseIp(a.ip), parseIp(b.ip)];
  const [aTo, bTo] = [
    a.toIp === null ? aFrom : parseIp(a.toIp),
    b.toIp === undefined ? bFrom : parseIp(b.toIp),
  ];
  return (
    aFrom !== null &&
    bFrom !== null &&
    aFrom.family === bFrom.family &&
    aFrom.value === bFrom.value &&
    aTo?.value === bTo?.value
  );
}

type Input<M extends keyof typeof securityMethods> = z.output<
  (typeof securityMethods)[M]['request']
>;
type Output<M extends keyof typeof securityMethods> = z.input<
  (typeof securityMethods)[M]['response']
>;

/** What the security settings use cases need besides the database: the node's whitelist cache. */
export interface SecurityDeps {
  db: Database;
  ipWhitelist: Pick<IpWhitelistGate, 'forget'>;
}

export async function getSecuritySettings(
  deps: SecurityDeps,
  actor: Actor,
  _input: Input<'getSecuritySettings'>,
): Promise<Output<'getSecuritySettings'>> {
  const { user, customer } = await callerAccount(deps.db, actor.userId);
  const settings = await settingsOf(deps.db, user.id);
  const approved = await devicesOf(deps.db, user.id, { approvedOnly: true });
  const whitelist = await loadWhitelist(deps.db, user.id);
  const available = availableModes(settings, approved.length);
  return {
    login2faMode: loginModeOf(user.login2faMode),
    transactionApproveMode: customer.transactionApproveMode,
    availableLoginModes: available.login,
    availableTransactionModes: available.transaction,
    ipWhitelistEnabled: whitelist.enabled,
    currentIp: displayIp(actor.ip),
  };
}

export async function getIpWhitelist(
  deps: SecurityDeps,
  actor: Actor,
  _input: Input<'getIpWhitelist'>,
): Promise<Output<'getIpWhitelist'>> {
  const whitelist = await loadWhitelist(deps.db, actor.userId);
  return {
    enabled: whitelist.enabled,
    currentIp: displayIp(actor.ip),
    entries: whitelist.entries.map(wireEntry),
  };
}

export async function addIpWhitelistEntry(
  deps: SecurityDeps,
  actor: Actor,
  input: Input<'addIpWhitelistEntry'>,
): Promise<Output<'addIpWhitelistEntry'>> {
  const userId = actor.userId;
  const entry = await changeWhitelist(deps, actor, async (tx, whitelist) => {
    if (whitelist.entries.some((existing) => samePair(existing, input)))
      throw AppError.invalid(
        { ip: 'validation.ipWhitelistEntryExists' },
        'This address is already on the list',
      );
    if (whitelist.entries.length >= MAX_IP_WHITELIST_ENTRIES)
      throw AppError.invalid(
        { ip: 'validation.ipWhitelistFull' },
        `The list holds at most ${MAX_IP_WHITELIST_ENTRIES} entries`,
      );
    const [row] = await tx
      .insert(ipWhitelistEntries)
      .values({ userId, ip: input.ip, toIp: input.toIp ?? null })
      .returning();
    if (!row) throw new Error('ip whitelist insert returned nothing');
    await auditOwn(tx, actor, 'security.ipWhitelistEntryAdded', {
      entryId: row.id,
      from: row.ip,
      to: row.toIp,
    });
    return row;
  });
  return { entry: wireEntry(entry) };
}

export async function deleteIpWhitelistEntry(
  deps: SecurityDeps,
  actor: Actor,
  input: Input<'deleteIpWhitelistEntry'>,
): Promise<Output<'deleteIpWhitelistEntry'>> {
  const userId = actor.userId;
  await changeWhitelist(deps, actor, async (tx, whitelist) => {
    const entry = whitelist.entries.find((row) => row.id === input.id);
    if (!entry) throw AppError.notFound('IP whitelist entry not found');
    const rest = whitelist.entries.filter((row) => row.id !== input.id);
    if (whitelist.enabled && !entriesCover(rest, actor.ip)) throw selfLockout('id');
    await tx
      .delete(ipWhitelistEntries)
      .where(and(eq(ipWhitelistEntries.id, input.id), eq(ipWhitelistEntries.userId, userId)));
    await auditOwn(tx, actor, 'security.ipWhitelistEntryDeleted', {
      entryId: entry.id,
      from: entry.ip,
      to: entry.toIp,
    });
  });
  return { deleted: true as const };
}

export async function setIpWhitelistMode(
  deps: SecurityDeps,
  actor: Actor,
  input: Input<'setIpWhitelistMode'>,
): Promise<Output<'setIpWhitelistMode'>> {
  await changeWhitelist(deps, actor, async (tx, whitelist) => {
    if (input.enable && !entriesCover(whitelist.entries, actor.ip)) throw selfLockout('enable');
    await tx
      .update(ipWhitelistSettings)
      .set({ enabled: input.enable, updatedAt: new Date() })
      .where(eq(ipWhitelistSettings.userId, actor.userId));
    if (whitelist.enabled !== input.enable) {
      await auditOwn(
        tx,
        actor,
        input.enable ? 'security.ipWhitelistEnabled' : 'security.ipWhitelistDisabled',
        { entries: whitelist.entries.length },
      );
    }
  });
  return { enabled: input.enable };
}

export async function getLoginHistory(
  deps: SecurityDeps,
  actor: Actor,
  input: Input<'getLoginHistory'>,
): Promise<Output<'getLoginHistory'>> {
  const conditions = [eq(loginHistory.userId, actor.userId)];
  if (input.fromDate)
    conditions.push(gte(loginHistory.at, new Date(`${input.fromDate}T00:00:00Z`)));
  // toDate is the last day shown, whole.
  if (input.toDate)
    conditions.push(
      lt(loginHistory.at, new Date(new Date(`${input.toDate}T00:00:00Z`).getTime() + DAY_MS)),
    );
  const where = and(...conditions);
  const [totals] = await deps.db.select({ total: count() }).from(loginHistory).where(where);
  const rows = await deps.db
    .select()
    .from(loginHistory)
    .where(where)
    .orderBy(desc(loginHistory.at), desc(loginHistory.id))
    .limit(input.pageSize)
    .offset((input.pageNumber - 1) * input.pageSize);
  return {
    items: rows.map((row) => ({
      id: row.id,
      date: row.at.toISOString(),
      ip: row.ip ? displayIp(row.ip) : '',
      device: row.device ?? row.client,
      userAgent: row.userAgent,
      result: row.result,
      flow: row.flow,
    })),
    total: totals?.total ?? 0,
    pageNumber: input.pageNumber,
    pageSize: input.pageSize,
  };
}

export async function getPayoutBlacklist(
  deps: SecurityDeps,
  actor: Actor,
  _input: Input<'getPayoutBlacklist'>,
): Promise<Output<'getPayoutBlacklist'>> {
  const rows = await deps.db
    .select()
    .from(payoutBlacklist)
    .where(eq(payoutBlacklist.customerId, actor.ownCustomerId))
    .orderBy(desc(payoutBlacklist.createdAt), desc(payoutBlacklist.id));
  return { users: rows.map(wireBlacklistUser) };
}

export async function addPayoutBlacklist(
  deps: SecurityDeps,
  actor: Actor,
  input: Input<'addPayoutBlacklist'>,
): Promise<Output<'addPayoutBlacklist'>> {
  const { user } = await callerAccount(deps.db, actor.userId);
  if (input.email === user.email.toLowerCase())
    throw AppError.invalid(
      { email: 'validation.blacklistSelf' },
      'You cannot block your own address',
    );
  const row = await addToBlacklist(deps, actor, input.email, input.blockType);
  return { user: wireBlacklistUser(row), responseDescription: BLACKLIST_ADDED_DESCRIPTION };
}

export async function deletePayoutBlacklist(
  deps: SecurityDeps,
  actor: Actor,
  input: Input<'deletePayoutBlacklist'>,
): Promise<Output<'deletePayoutBlacklist'>> {
  const customerId = actor.ownCustomerId;
  await deps.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(payoutBlacklist)
      .where(
        and(eq(payoutBlacklist.customerId, customerId), eq(payoutBlacklist.email, input.email)),
      )
      .returning();
    if (!removed) throw AppError.notFound('This address is not on your black list');
    await auditOwn(tx, actor, 'security.blacklistDeleted', {
      email: removed.email,
      blockType: removed.blockType,
    });
  });
  return { deleted: true as const };
}

/** Adds the address, or changes its block type when it is there already. */
async function addToBlacklist(
  deps: SecurityDeps,
  actor: Actor,
  email: string,
  blockType: PayoutBlockType,
) {
  const customerId = actor.ownCustomerId;
  return deps.db.transaction(async (tx) => {
    const existing = await tx
      .select({ email: payoutBlacklist.email })
      .from(payoutBlacklist)
      .where(eq(payoutBlacklist.customerId, customerId))
      .orderBy(asc(payoutBlacklist.id));
    const already = existing.some((row) => row.email === email);
    if (!already && existing.length >= MAX_BLACKLIST_ENTRIES)
      throw AppError.invalid(
        { email: 'validation.blacklistFull' },
        `The black list holds at most ${MAX_BLACKLIST_ENTRIES} addresses`,
      );
    const [row] = await tx
      .insert(payoutBlacklist)
      .values({ customerId, email, blockType })
      .onConflictDoUpdate({
        target: [payoutBlacklist.customerId, payoutBlacklist.email],
        set: { blockType },
      })
      .returning();
    if (!row) throw new Error('black list insert returned nothing');
    await auditOwn(tx, actor, 'security.blacklistAdded', { email, blockType, changed: already });
    return row;
  });
}
