import type { bankDirectoryMethods } from '@ledgerline/contract';
import type { MethodHandlers } from '../../main-api/types';
import { listBeneficiaries } from './beneficiaries';
import { transferAccessLevel } from '../customers';
import {
  bankByIban,
  bankBySwift,
  listBanks,
  listBlockedBins,
  listBranches,
  paymentSchemeCountries,
} from './directory';
import { instantInfo } from './instant';
import { deleteTemplate, listTemplates, saveTemplate } from './templates';

export const bankDirectoryHandlers: MethodHandlers<typeof bankDirectoryMethods> = {
  async getBankList(input, ctx) {
    return { banks: await listBanks(ctx.db, input.countryCode) };
  },

  async getBranchCodes(input, ctx) {
    return { bankBranches: await listBranches(ctx.db, input.countryCode, input.bankCode) };
  },

  async getBankBySwift(input, ctx) {
    return { bank: await bankBySwift(ctx.db, input.swift) };
  },

  async getBankByIban(input, ctx) {
    return { bank: await bankByIban(ctx.db, input.iban, ctx.lang) };
  },

  async getPaymentSchemeCountries() {
    return paymentSchemeCountries();
  },

  async getBlockedBins(_input, ctx) {
    return { bins: await listBlockedBins(ctx.db) };
  },

  async getInstantInfo(input, ctx) {
    transferAccessLevel(ctx.actor);
    return instantInfo(ctx.db, ctx.actor.customerId, input.countryCode);
  },

  async getBeneficiaries(input, ctx) {
    return { beneficiaries: await listBeneficiaries(ctx.db, ctx.actor, input.type) };
  },

  async getPaymentTemplates(input, ctx) {
    return { templates: await listTemplates(ctx.db, ctx.actor, input.type) };
  },

  async savePaymentTemplate(input, ctx) {
    return { template: await saveTemplate(ctx.db, ctx.actor, input) };
  },

  async deletePaymentTemplate(input, ctx) {
    return { templates: await deleteTemplate(ctx.db, ctx.actor, input.id) };
  },
};
