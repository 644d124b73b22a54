import { and, asc, count, desc, eq, gte, lt } from 'drizzle-orm';
import {
  BLACKLIST_ADDED_DESCRIPTION,
  parseIp,
  type PayoutBlockType,
  type securityMethods,
} from '@ledgerline/contract';
import type { DbOrTx } from '../../db/client';
import {
  ipWhitelistEntries,
  ipWhitelistSettings,
  loginHistory,
  payoutBlacklist,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AuthedMethodContext, MethodHandlers } from '../../main-api/types';
import { audit } from '../audit/audit';
import { devicesOf, settingsOf } from '../auth/devices';
import { addressCovered, loadWhitelist, rangesOf } from './ip-whitelist';
import { cancelPasswordChange, confirmPasswordChange, startPasswordChange } from './password';
import { callerAccount } from './shared';
import { availableModes, confirmTwoStepChange, loginModeOf, startTwoStepChange } from './two-step';

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

export const securityHandlers: MethodHandlers<typeof securityMethods> = {
  async getSecuritySettings(_input, ctx) {
    const { user, customer } = await callerAccount(ctx.db, ctx.caller.userId);
    const settings = await settingsOf(ctx.db, user.id);
    const approved = await devicesOf(ctx.db, user.id, { approvedOnly: true });
    const whitelist = await loadWhitelist(ctx.db, user.id);
    const available = availableModes(settings, approved.length);
    return {
      login2faMode: loginModeOf(user.login2faMode),
      transactionApproveMode: customer.transactionApproveMode,
      availableLoginModes: available.login,
      availableTransactionModes: available.transaction,
      ipWhitelistEnabled: whitelist.enabled,
      currentIp: displayIp(ctx.ip),
    };
  },

  setTwoStepVerification: (input, ctx) => startTwoStepChange(input, ctx),
  confirmTwoStepVerification: (input, ctx) => confirmTwoStepChange(input, ctx),
  changePassword: (input, ctx) => startPasswordChange(input, ctx),
  confirmPasswordChange: (input, ctx) => confirmPasswordChange(input, ctx),
  cancelPasswordChange: (input, ctx) => cancelPasswordChange(input, ctx),

  async getIpWhitelist(_input, ctx) {
    const whitelist = await loadWhitelist(ctx.db, ctx.caller.userId);
    return {
      enabled: whitelist.enabled,
      currentIp: displayIp(ctx.ip),
      entries: whitelist.entries.map(wireEntry),
    };
  },

  async addIpWhitelistEntry(input, ctx) {
    const userId = ctx.caller.userId;
    const entry = await ctx.db.transaction(async (tx) => {
      const whitelist = await lockWhitelist(tx, userId);
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
      await audit(tx, {
        action: 'security.ipWhitelistEntryAdded',
        userId,
        customerId: ctx.caller.customerId,
        ip: ctx.ip,
        details: { entryId: row.id, from: row.ip, to: row.toIp },
      });
      return row;
    });
    ctx.services.sessions.ipWhitelist.forget(userId);
    return { entry: wireEntry(entry) };
  },

  async deleteIpWhitelistEntry(input, ctx) {
    const userId = ctx.caller.userId;
    await ctx.db.transaction(async (tx) => {
      const whitelist = await lockWhitelist(tx, userId);
      const entry = whitelist.entries.find((row) => row.id === input.id);
      if (!entry) throw AppError.notFound('IP whitelist entry not found');
      const rest = whitelist.entries.filter((row) => row.id !== input.id);
      if (whitelist.enabled && !addressCovered(rangesOf(rest), ctx.ip)) throw selfLockout('id');
      await tx
        .delete(ipWhitelistEntries)
        .where(and(eq(ipWhitelistEntries.id, input.id), eq(ipWhitelistEntries.userId, userId)));
      await audit(tx, {
        action: 'security.ipWhitelistEntryDeleted',
        userId,
        customerId: ctx.caller.customerId,
        ip: ctx.ip,
        details: { entryId: entry.id, from: entry.ip, to: entry.toIp },
      });
    });
    ctx.services.sessions.ipWhitelist.forget(userId);
    return { deleted: true as const };
  },

  async setIpWhitelistMode(input, ctx) {
    const userId = ctx.caller.userId;
    await ctx.db.transaction(async (tx) => {
      const whitelist = await lockWhitelist(tx, userId);
      if (input.enable && !addressCovered(rangesOf(whitelist.entries), ctx.ip))
        throw selfLockout('enable');
      await tx
        .update(ipWhitelistSettings)
        .set({ enabled: input.enable, updatedAt: new Date() })
        .where(eq(ipWhitelistSettings.userId, userId));
      if (whitelist.enabled !== input.enable) {
        await audit(tx, {
          action: input.enable ? 'security.ipWhitelistEnabled' : 'security.ipWhitelistDisabled',
          userId,
          customerId: ctx.caller.customerId,
          ip: ctx.ip,
          details: { entries: whitelist.entries.length },
        });
      }
    });
    ctx.services.sessions.ipWhitelist.forget(userId);
    return { enabled: input.enable };
  },

  async getLoginHistory(input, ctx) {
    const conditions = [eq(loginHistory.userId, ctx.caller.userId)];
    if (input.fromDate)
      conditions.push(gte(loginHistory.at, new Date(`${input.fromDate}T00:00:00Z`)));
    // toDate is the last day shown, whole.
    if (input.toDate)
      conditions.push(
        lt(loginHistory.at, new Date(new Date(`${input.toDate}T00:00:00Z`).getTime() + DAY_MS)),
      );
    const where = and(...conditions);
    const [totals] = await ctx.db.select({ total: count() }).from(loginHistory).where(where);
    const rows = await ctx.db
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
  },

  async getPayoutBlacklist(_input, ctx) {
    const rows = await ctx.db
      .select()
      .from(payoutBlacklist)
      .where(eq(payoutBlacklist.customerId, ctx.caller.customerId))
      .orderBy(desc(payoutBlacklist.createdAt), desc(payoutBlacklist.id));
    return { users: rows.map(wireBlacklistUser) };
  },

  async addPayoutBlacklist(input, ctx) {
    const { user } = await callerAccount(ctx.db, ctx.caller.userId);
    if (input.email === user.email.toLowerCase())
      throw AppError.invalid(
        { email: 'validation.blacklistSelf' },
        'You cannot block your own address',
      );
    const row = await addToBlacklist(ctx, input.email, input.blockType);
    return { user: wireBlacklistUser(row), responseDescription: BLACKLIST_ADDED_DESCRIPTION };
  },

  async deletePayoutBlacklist(input, ctx) {
    const customerId = ctx.caller.customerId;
    await ctx.db.transaction(async (tx) => {
      const [removed] = await tx
        .delete(payoutBlacklist)
        .where(
          and(eq(payoutBlacklist.customerId, customerId), eq(payoutBlacklist.email, input.email)),
        )
        .returning();
      if (!removed) throw AppError.notFound('This address is not on your black list');
      await audit(tx, {
        action: 'security.blacklistDeleted',
        userId: ctx.caller.userId,
        customerId,
        ip: ctx.ip,
        details: { email: removed.email, blockType: removed.blockType },
      });
    });
    return { deleted: true as const };
  },
};

/** Adds the address, or changes its block type when it is there already. */
async function addToBlacklist(ctx: AuthedMethodContext, email: string, blockType: PayoutBlockType) {
  const customerId = ctx.caller.customerId;
  return ctx.db.transaction(async (tx) => {
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
    await audit(tx, {
      action: 'security.blacklistAdded',
      userId: ctx.caller.userId,
      customerId,
      ip: ctx.ip,
      details: { email, blockType, changed: already },
    });
    return row;
  });
}
