import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { accountMethods } from '@ledgerline/contract';
import { accounts, customers, paymentInstructions } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AuthedMethodContext, MethodHandlers } from '../../main-api/types';
import {
  answerAnnouncement,
  listAnnouncements,
  readAnnouncement,
} from '../announcements/announcements';
import { audit } from '../audit/audit';
import { moneyText } from '../ledger/money';
import { defaultExchangeRates, isOfferedCurrency, transferExchangeRate } from '../rates/rates';
import { requireBalanceAccess, requireFullAccess } from './access';
import {
  ACCOUNT_STATUS,
  ACCOUNT_TYPE,
  createCustomerAccount,
  findCustomerAccount,
  listAccounts,
  toAccount,
  toPaymentInstruction,
} from './service';
import { loadVerificationInfo } from './verification';

/** addCurrency (1001 payment account) and createWallet (4001 funding wallet): one open account per type and currency. */
async function openAccount(ctx: AuthedMethodContext, type: number, currencyCode: string) {
  await requireFullAccess(ctx.db, ctx);
  if (!(await isOfferedCurrency(ctx.db, currencyCode))) {
    throw AppError.invalid(
      { currencyCode: 'validation.currencyNotOffered' },
      'Accounts in this currency are not offered',
    );
  }
  const row = await ctx.db.transaction(async (tx) => {
    // Two requests at once for the same currency: the customer row serialises them (the partial unique index backs it up).
    await tx.execute(
      sql`select id from ${customers} where ${customers.id} = ${ctx.customerId} for update`,
    );
    const [existing] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(
        and(
          eq(accounts.customerId, ctx.customerId),
          eq(accounts.type, type),
          eq(accounts.currencyCode, currencyCode),
          ne(accounts.accountStatusId, ACCOUNT_STATUS.closed),
        ),
      );
    if (existing) {
      const key =
        type === ACCOUNT_TYPE.prepaidFunding
          ? 'validation.walletAlreadyHeld'
          : 'validation.currencyAlreadyHeld';
      throw AppError.invalid(
        { currencyCode: key },
        `There is already an account of this kind in ${currencyCode}`,
      );
    }
    const created = await createCustomerAccount(tx, {
      customerId: ctx.customerId,
      type,
      currencyCode,
    });
    await audit(tx, {
      action:
        type === ACCOUNT_TYPE.prepaidFunding ? 'account.walletCreated' : 'account.currencyAdded',
      userId: ctx.caller.userId,
      customerId: ctx.customerId,
      ip: ctx.ip,
      details: { accountId: created.id, currencyCode },
    });
    return created;
  });
  return { account: toAccount(row) };
}

/** A payment instruction of one of the customer's accounts; another customer's answers as not found. */
async function findInstruction(ctx: AuthedMethodContext, instructionId: number) {
  const [row] = await ctx.db
    .select({ instruction: paymentInstructions })
    .from(paymentInstructions)
    .innerJoin(accounts, eq(accounts.id, paymentInstructions.accountId))
    .where(and(eq(paymentInstructions.id, instructionId), eq(accounts.customerId, ctx.customerId)));
  if (!row) throw AppError.notFound('Payment instruction not found');
  return row.instruction;
}

export const accountHandlers: MethodHandlers<typeof accountMethods> = {
  async getAccounts(_input, ctx) {
    await requireBalanceAccess(ctx.db, ctx);
    const rows = await listAccounts(ctx.db, ctx.customerId);
    return { accounts: rows.map(toAccount) };
  },

  async getBalanceInquiry(input, ctx) {
    await requireBalanceAccess(ctx.db, ctx);
    const row = await findCustomerAccount(ctx.db, ctx.customerId, input.accountId);
    return {
      accountId: row.id,
      balance: moneyText(row.balance),
      pendingAmount: moneyText(row.pendingAmount),
      currencyCode: row.currencyCode,
    };
  },

  async addCurrency(input, ctx) {
    return openAccount(ctx, ACCOUNT_TYPE.payment, input.currencyCode);
  },

  async createWallet(input, ctx) {
    return openAccount(ctx, ACCOUNT_TYPE.prepaidFunding, input.currencyCode);
  },

  async getDefaultExchangeRates(_input, ctx) {
    return defaultExchangeRates(ctx.db);
  },

  async getTransferExchangeRate(input, ctx) {
    return transferExchangeRate(ctx.db, input.fromCurrencyCode, input.toCurrencyCode);
  },

  async getPaymentInstructions(input, ctx) {
    await requireBalanceAccess(ctx.db, ctx);
    if (input.accountId !== undefined)
      await findCustomerAccount(ctx.db, ctx.customerId, input.accountId);
    const rows = await ctx.db
      .select({ instruction: paymentInstructions })
      .from(paymentInstructions)
      .innerJoin(accounts, eq(accounts.id, paymentInstructions.accountId))
      .where(
        and(
          eq(accounts.customerId, ctx.customerId),
          input.accountId !== undefined ? eq(accounts.id, input.accountId) : undefined,
        ),
      )
      .orderBy(asc(accounts.accountStatusId), asc(accounts.id));
    return { instructions: rows.map((row) => toPaymentInstruction(row.instruction)) };
  },

  async markPaymentInstructionViewed(input, ctx) {
    await requireBalanceAccess(ctx.db, ctx);
    const found = await findInstruction(ctx, input.instructionId);
    const [updated] = await ctx.db
      .update(paymentInstructions)
      .set({ viewedAt: sql`coalesce(${paymentInstructions.viewedAt}, now())` })
      .where(eq(paymentInstructions.id, found.id))
      .returning();
    return { instruction: toPaymentInstruction(updated ?? found) };
  },

  async getAnnouncements(input, ctx) {
    return {
      announcements: await listAnnouncements(ctx.db, {
        customerId: ctx.customerId,
        lang: ctx.lang,
        withConfirmation: input.withConfirmation,
      }),
    };
  },

  async getAnnouncement(input, ctx) {
    return {
      announcement: await readAnnouncement(ctx.db, {
        customerId: ctx.customerId,
        userId: ctx.caller.userId,
        id: input.id,
        lang: ctx.lang,
      }),
    };
  },

  async answerAnnouncement(input, ctx) {
    await requireFullAccess(ctx.db, ctx);
    const announcement = await ctx.db.transaction(async (tx) => {
      const answered = await answerAnnouncement(tx, {
        customerId: ctx.customerId,
        userId: ctx.caller.userId,
        id: input.id,
        choice: input.choice,
        lang: ctx.lang,
      });
      await audit(tx, {
        action: 'announcement.answered',
        userId: ctx.caller.userId,
        customerId: ctx.customerId,
        ip: ctx.ip,
        details: { id: input.id, choice: input.choice },
      });
      return answered;
    });
    return { announcement };
  },

  async getVerificationInfo(_input, ctx) {
    return loadVerificationInfo(ctx.db, ctx.caller, ctx.customerId);
  },
};
