import type { accountMethods } from '@ledgerline/contract';
import { ACCOUNT_TYPES } from '@ledgerline/domain/accounts';
import type { MethodHandlers } from '../../main-api/types';
import { answerAnnouncementAudited, listAnnouncements, readAnnouncement } from '../announcements';
import { requireBalanceAccess } from '../customers';
import { moneyText } from '../ledger';
import { defaultExchangeRates, transferExchangeRate } from '../rates';
import { listPaymentInstructions, markInstructionViewed } from './instructions';
import { openAccount } from './open-account';
import { findCustomerAccount, listAccounts, toAccount } from './service';
import { totalBalance } from './total-balance';
import { loadVerificationInfo } from './verification';

export const accountHandlers: MethodHandlers<typeof accountMethods> = {
  async getAccounts(_input, ctx) {
    requireBalanceAccess(ctx.actor);
    const rows = await listAccounts(ctx.db, ctx.actor.customerId);
    return { accounts: rows.map(toAccount) };
  },

  async getTotalBalance(_input, ctx) {
    requireBalanceAccess(ctx.actor);
    return totalBalance(ctx.db, ctx.actor.customerId);
  },

  async getBalanceInquiry(input, ctx) {
    requireBalanceAccess(ctx.actor);
    const row = await findCustomerAccount(ctx.db, ctx.actor.customerId, input.accountId);
    return {
      accountId: row.id,
      balance: moneyText(row.balance),
      pendingAmount: moneyText(row.pendingAmount),
      currencyCode: row.currencyCode,
    };
  },

  async addCurrency(input, ctx) {
    return openAccount(ctx.db, ctx.actor, ACCOUNT_TYPES.payment, input.currencyCode);
  },

  async createWallet(input, ctx) {
    return openAccount(ctx.db, ctx.actor, ACCOUNT_TYPES.prepaidFunding, input.currencyCode);
  },

  async getDefaultExchangeRates(_input, ctx) {
    return defaultExchangeRates(ctx.db);
  },

  async getTransferExchangeRate(input, ctx) {
    return transferExchangeRate(ctx.db, input.fromCurrencyCode, input.toCurrencyCode);
  },

  async getPaymentInstructions(input, ctx) {
    return { instructions: await listPaymentInstructions(ctx.db, ctx.actor, input.accountId) };
  },

  async markPaymentInstructionViewed(input, ctx) {
    return { instruction: await markInstructionViewed(ctx.db, ctx.actor, input.instructionId) };
  },

  async getAnnouncements(input, ctx) {
    return {
      announcements: await listAnnouncements(ctx.db, {
        customerId: ctx.actor.customerId,
        lang: ctx.lang,
        withConfirmation: input.withConfirmation,
      }),
    };
  },

  async getAnnouncement(input, ctx) {
    return {
      announcement: await readAnnouncement(ctx.db, {
        customerId: ctx.actor.customerId,
        userId: ctx.actor.userId,
        id: input.id,
        lang: ctx.lang,
      }),
    };
  },

  async answerAnnouncement(input, ctx) {
    return {
      announcement: await answerAnnouncementAudited(ctx.db, ctx.actor, {
        id: input.id,
        choice: input.choice,
      }),
    };
  },

  async getVerificationInfo(_input, ctx) {
    return loadVerificationInfo(ctx.db, ctx.actor);
  },
};
