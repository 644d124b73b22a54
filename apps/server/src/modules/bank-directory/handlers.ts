import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Beneficiary, bankDirectoryMethods, PaymentTemplate } from '@ledgerline/contract';
import { externalCards } from '../../db/schema';
import type { AuthedMethodContext, MethodHandlers } from '../../main-api/types';
import { recentTransfers, transferAccessLevel, type TransferActor } from '../transfers/service';
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

function actorOf(ctx: AuthedMethodContext): TransferActor {
  return {
    userId: ctx.caller.userId,
    customerId: ctx.customerId,
    ownCustomerId: ctx.caller.customerId,
    ip: ctx.ip,
    lang: ctx.lang,
  };
}

function templateBeneficiary(template: PaymentTemplate): Beneficiary {
  const details = template.bankDetails;
  return {
    type: template.type,
    templateId: template.id,
    externalCardId: null,
    name: template.name,
    beneficiaryName: details.beneficiaryName,
    countryCode: details.countryCode,
    bankName: 'bankName' in details ? (details.bankName ?? null) : null,
    bankAccount:
      'iban' in details && details.iban !== undefined
        ? details.iban
        : (details.accountNumber ?? null),
    email: null,
    wireStatus: template.wireStatus,
    eftStatus: template.eftStatus,
    lastUsedAt: null,
  };
}

/** P2P payees from the customer's P2P transfers, most recent first, one per e-mail. */
async function p2pBeneficiaries(ctx: AuthedMethodContext): Promise<Beneficiary[]> {
  const seen = new Map<string, Beneficiary>();
  for (const row of await recentTransfers(ctx.db, ctx.customerId, 'p2p', 200)) {
    const email = typeof row.details.email === 'string' ? row.details.email : null;
    if (email === null || seen.has(email)) continue;
    const name = typeof row.details.name === 'string' ? row.details.name : '';
    seen.set(email, {
      type: 'p2p',
      templateId: null,
      externalCardId: null,
      name: name || email,
      beneficiaryName: name,
      countryCode: null,
      bankName: null,
      bankAccount: null,
      email,
      wireStatus: null,
      eftStatus: null,
      lastUsedAt: row.createdAt.toISOString(),
    });
  }
  return [...seen.values()];
}

const CARD_BRAND_NAMES: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard' };

/** The customer's verified external cards (linked on /add-card), which card payouts can go to. */
async function cardBeneficiaries(ctx: AuthedMethodContext): Promise<Beneficiary[]> {
  const rows = await ctx.db
    .select()
    .from(externalCards)
    .where(
      and(
        eq(externalCards.customerId, ctx.customerId),
        eq(externalCards.status, 'verified'),
        isNull(externalCards.deletedAt),
      ),
    )
    .orderBy(asc(externalCards.id));
  return rows.map((card) => {
    const masked = `•••• ${card.panLast4}`;
    const brand = card.cardBrand === null ? undefined : CARD_BRAND_NAMES[card.cardBrand];
    return {
      type: 'card',
      templateId: null,
      externalCardId: card.id,
      name: brand ? `${brand} ${masked}` : masked,
      beneficiaryName: card.holderName,
      countryCode: null,
      bankName: card.issuer,
      bankAccount: masked,
      email: null,
      wireStatus: null,
      eftStatus: null,
      lastUsedAt: null,
    };
  });
}

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
    await transferAccessLevel(ctx.db, actorOf(ctx));
    return instantInfo(ctx.db, ctx.customerId, input.countryCode);
  },

  async getBeneficiaries(input, ctx) {
    const actor = actorOf(ctx);
    await transferAccessLevel(ctx.db, actor);
    const wanted = (type: Beneficiary['type']) => input.type === undefined || input.type === type;
    const templates =
      input.type === 'wire' || input.type === 'eft'
        ? await listTemplates(ctx.db, actor, input.type)
        : input.type === undefined
          ? await listTemplates(ctx.db, actor)
          : [];
    const p2p = wanted('p2p') ? await p2pBeneficiaries(ctx) : [];
    const cards = wanted('card') ? await cardBeneficiaries(ctx) : [];
    return { beneficiaries: [...templates.map(templateBeneficiary), ...p2p, ...cards] };
  },

  async getPaymentTemplates(input, ctx) {
    return { templates: await listTemplates(ctx.db, actorOf(ctx), input.type) };
  },

  async savePaymentTemplate(input, ctx) {
    return { template: await saveTemplate(ctx.db, actorOf(ctx), input) };
  },

  async deletePaymentTemplate(input, ctx) {
    return { templates: await deleteTemplate(ctx.db, actorOf(ctx), input.id) };
  },
};
