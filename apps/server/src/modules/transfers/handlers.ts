import type { RecentTransfer, transferMethods, TransferType } from '@ledgerline/contract';
import { ACCESS_LEVELS } from '@ledgerline/domain';
import { availableBalance } from '@ledgerline/domain/accounts';
import { sourceAmountFor } from '@ledgerline/domain/transfers';
import { AppError } from '../../lib/errors';
import type { AuthedMethodContext, MethodHandlers } from '../../main-api/types';
import { findCustomerAccount } from '../accounts';
import { Money, moneyText, recentTransfers, requireMinorUnits } from '../ledger';
import { transferExchangeRate } from '../rates';
import { confirmTransaction, resendTransactionCode } from './confirmation';
import { isExternalKind, railStatusOf } from './external';
import { feeFor, largestFitting, loadFeeRule } from './fees';
import { permissionFor, transferAccessLevel, transferPermissionFlags } from '../customers';
import { cancelRecurring, listRecurring } from './recurring';
import { limitStates } from './limits';
import { checkPayee } from './payee';
import { submitTransfer } from './submit';
import type { TransferDeps } from './execute';
import {
  brandOfCustomer,
  feeOperation,
  ownAccountPair,
  quoteBetweenAccounts,
  quoteP2P,
  type TransferRequest,
} from './quote';

function depsOf(ctx: AuthedMethodContext): TransferDeps {
  return {
    db: ctx.db,
    mailer: ctx.services.mailer,
    realtime: ctx.services.realtime,
    readCache: ctx.services.readCache,
  };
}

/** A money-moving submit of the request's actor (transfers/submit.ts). */
export function submit(
  ctx: AuthedMethodContext,
  method: string,
  request: TransferRequest & Record<string, unknown>,
  idempotencyKey: string,
) {
  return submitTransfer(depsOf(ctx), ctx.actor, method, request, idempotencyKey);
}

function toRecent(
  row: Awaited<ReturnType<typeof recentTransfers>>[number],
  isDisabled: boolean,
): RecentTransfer {
  const details = row.details;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    transactionId: row.id,
    createdAt: row.createdAt.toISOString(),
    amount: moneyText(row.amount),
    currency: row.currencyCode,
    permission: row.kind === 'betweenAccounts' || details.toOwnAccount === true ? 'own' : '3d',
    isDisabled,
    details: {
      type: kindOf(row.kind),
      status: row.status,
      fromAccount: Number(details.fromAccount),
      toAccount: typeof details.toAccount === 'number' ? details.toAccount : null,
      email: text(details.email),
      name: text(details.name),
      toAmount: text(details.toAmount) ?? moneyText(row.amount),
      toCurrency: text(details.toCurrency) ?? row.currencyCode,
      fee: moneyText(row.fee),
      rate: text(details.rate) ?? '1',
      description: text(details.description),
      ...(isExternalKind(row.kind)
        ? { beneficiary: text(details.beneficiary), railStatus: railStatusOf(row.status, details) }
        : {}),
    },
  };
}

function kindOf(kind: string): TransferType {
  return kind === 'p2p' || isExternalKind(kind) ? kind : 'betweenAccounts';
}

export const transferHandlers: MethodHandlers<typeof transferMethods> = {
  async getTransferFee(input, ctx) {
    transferAccessLevel(ctx.actor);
    if (input.operation === 'betweenAccounts') {
      const quote = await quoteBetweenAccounts(ctx.db, ctx.actor.customerId, {
        fromAccount: input.fromAccount,
        toAccount: input.toAccount ?? 0,
        toAmount: input.amount,
      });
      return { fee: moneyText(quote.fee), currency: quote.from.currencyCode };
    }
    if (input.email !== undefined) {
      const quote = await quoteP2P(ctx.db, ctx.actor.customerId, {
        fromAccount: input.fromAccount,
        email: input.email,
        amount: input.amount,
      });
      return { fee: moneyText(quote.fee), currency: quote.from.currencyCode };
    }
    // The fee does not depend on the payee: it can be shown before the e-mail is typed.
    const from = await findCustomerAccount(ctx.db, ctx.actor.customerId, input.fromAccount);
    requireMinorUnits(input.amount, from.currencyCode, 'amount');
    const rule = await loadFeeRule(
      ctx.db,
      await brandOfCustomer(ctx.db, ctx.actor.customerId),
      'p2p',
      from.currencyCode,
    );
    return {
      fee: moneyText(feeFor(rule, new Money(input.amount), from.currencyCode)),
      currency: from.currencyCode,
    };
  },

  async getMaxAmount(input, ctx) {
    transferAccessLevel(ctx.actor);
    const brandId = await brandOfCustomer(ctx.db, ctx.actor.customerId);
    if (input.operation === 'betweenAccounts') {
      const { from, to } = await ownAccountPair(
        ctx.db,
        ctx.actor.customerId,
        input.fromAccount,
        input.toAccount ?? 0,
      );
      const rate = (await transferExchangeRate(ctx.db, from.currencyCode, to.currencyCode)).rate;
      const rule = await loadFeeRule(
        ctx.db,
        brandId,
        feeOperation('betweenAccounts', from.currencyCode, to.currencyCode),
        from.currencyCode,
      );
      const available = new Money(availableBalance(from));
      const source = (amount: Money) =>
        new Money(sourceAmountFor(amount.toFixed(), rate, from.currencyCode, to.currencyCode));
      const byBalance = largestFitting(available.times(rate).plus(1), to.currencyCode, (amount) => {
        const src = source(amount);
        return src.plus(feeFor(rule, src, from.currencyCode)).lessThanOrEqualTo(available);
      });
      const limits = await limitStates(ctx.db, ctx.actor.customerId, from.currencyCode);
      if (limits.length === 0)
        return {
          maxAmount: moneyText(byBalance),
          currency: to.currencyCode,
          type: 'balance' as const,
        };
      const remaining = Money.min(...limits.map((limit) => limit.remaining));
      const byLimit = largestFitting(remaining.times(rate).plus(1), to.currencyCode, (amount) =>
        source(amount).lessThanOrEqualTo(remaining),
      );
      return byLimit.lessThan(byBalance)
        ? { maxAmount: moneyText(byLimit), currency: to.currencyCode, type: 'limit' as const }
        : { maxAmount: moneyText(byBalance), currency: to.currencyCode, type: 'balance' as const };
    }
    const from = await findCustomerAccount(ctx.db, ctx.actor.customerId, input.fromAccount);
    const rule = await loadFeeRule(ctx.db, brandId, 'p2p', from.currencyCode);
    const available = new Money(availableBalance(from));
    const byBalance = largestFitting(available, from.currencyCode, (amount) =>
      amount.plus(feeFor(rule, amount, from.currencyCode)).lessThanOrEqualTo(available),
    );
    const limits = await limitStates(ctx.db, ctx.actor.customerId, from.currencyCode);
    const remaining =
      limits.length > 0 ? Money.min(...limits.map((limit) => limit.remaining)) : null;
    if (remaining !== null && remaining.lessThan(byBalance))
      return {
        maxAmount: moneyText(remaining),
        currency: from.currencyCode,
        type: 'limit' as const,
      };
    return {
      maxAmount: moneyText(byBalance),
      currency: from.currencyCode,
      type: 'balance' as const,
    };
  },

  async getCustomerLimits(input, ctx) {
    transferAccessLevel(ctx.actor);
    const from =
      input.toAccount !== undefined
        ? (await ownAccountPair(ctx.db, ctx.actor.customerId, input.fromAccount, input.toAccount))
            .from
        : await findCustomerAccount(ctx.db, ctx.actor.customerId, input.fromAccount);
    const states = await limitStates(ctx.db, ctx.actor.customerId, from.currencyCode);
    return {
      limits: states.map((state) => ({
        period: state.period,
        limit: moneyText(state.limit),
        used: moneyText(state.used),
        remaining: moneyText(state.remaining),
        currency: state.currency,
      })),
    };
  },

  async transferBetweenAccounts(input, ctx) {
    const { idempotencyKey, ...rest } = input;
    return submit(
      ctx,
      'transferBetweenAccounts',
      { kind: 'betweenAccounts', ...rest },
      idempotencyKey,
    );
  },

  async checkPayee(input, ctx) {
    transferAccessLevel(ctx.actor);
    const payee = await checkPayee(ctx.db, ctx.actor.customerId, input.email);
    return { status: payee.status, name: payee.name, canReceive: payee.canReceive };
  },

  async getP2pBeneficiaries(_input, ctx) {
    transferAccessLevel(ctx.actor);
    const rows = await recentTransfers(ctx.db, ctx.actor.customerId, 'p2p', 200);
    const seen = new Map<string, { email: string; name: string; lastUsedAt: string }>();
    for (const row of rows) {
      const email = typeof row.details.email === 'string' ? row.details.email : null;
      if (!email || seen.has(email)) continue;
      seen.set(email, {
        email,
        name: typeof row.details.name === 'string' ? row.details.name : '',
        lastUsedAt: row.createdAt.toISOString(),
      });
    }
    return { beneficiaries: [...seen.values()] };
  },

  async getRecentTransfers(input, ctx) {
    const actor = ctx.actor;
    const level = transferAccessLevel(actor);
    const flags = await transferPermissionFlags(ctx.db, actor.userId, actor.customerId, level);
    const rows = await recentTransfers(
      ctx.db,
      ctx.actor.customerId,
      input.type,
      Math.min(input.limit * 4, 80),
    );
    const out: RecentTransfer[] = [];
    for (const row of rows) {
      const kind = kindOf(row.kind);
      let disabled = !flags[permissionFor(kind, row.details.toOwnAccount === true)];
      if (!disabled && kind === 'p2p' && typeof row.details.email === 'string')
        disabled = !(await checkPayee(ctx.db, ctx.actor.customerId, row.details.email)).canReceive;
      if (disabled && !input.includeDisabled) continue;
      out.push(toRecent(row, disabled));
      if (out.length >= input.limit) break;
    }
    return { transfers: out };
  },

  async transferP2P(input, ctx) {
    const { idempotencyKey, ...rest } = input;
    return submit(
      ctx,
      'transferP2P',
      { kind: 'p2p', ...rest, email: rest.email.trim().toLowerCase() },
      idempotencyKey,
    );
  },

  async confirmTransaction(input, ctx) {
    return confirmTransaction(depsOf(ctx), ctx.actor, input);
  },

  async resendTransactionCode(input, ctx) {
    return resendTransactionCode(depsOf(ctx), ctx.actor, input);
  },

  async getRecurringTransfers(_input, ctx) {
    transferAccessLevel(ctx.actor);
    return { recurring: await listRecurring(ctx.db, ctx.actor.customerId) };
  },

  async cancelRecurringTransfer(input, ctx) {
    const actor = ctx.actor;
    const level = transferAccessLevel(actor);
    if (level !== ACCESS_LEVELS.fullAccess)
      throw AppError.noAccess('Only a user with full access may cancel a recurring transfer');
    return { recurring: await cancelRecurring(ctx.db, actor, input.id) };
  },
};
