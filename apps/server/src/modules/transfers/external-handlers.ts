import type { externalTransferMethods } from '@ledgerline/contract';
import { availableBalance } from '@ledgerline/domain/accounts';
import type { ExternalTransferType, WireScheme } from '@ledgerline/domain/external-transfers';
import { AppError } from '../../lib/errors';
import type { AuthedMethodContext, MethodHandlers } from '../../main-api/types';
import { findCustomerAccount } from '../accounts';
import { Money, moneyText, requireMinorUnits } from '../ledger';
import {
  RAIL_BOUNDS,
  defaultScheme,
  externalFee,
  externalTransferWithReversal,
  extraParamsFor,
  feeOperationOf,
  railStatusOf,
  transferDetails,
  type ExternalInput,
} from './external';
import { feeFor, largestFitting, loadFeeRule } from './fees';
import { submit } from './handlers';
import { limitStates } from './limits';
import { brandOfCustomer } from './quote';
import { transferAccessLevel } from '../customers';

/*
 * The main-API methods of external transfers (contract: external-transfers/methods.ts). A submit
 * becomes an ExternalRequest and goes through the same submit as transferP2P: permission flag,
 * approval request for initiate-only users, idempotency, limits, the ledger and the second factor.
 */

/** The caller's source account in the currency named; another currency is TA1 (external amounts are in the source's currency). */
async function sourceAccount(ctx: AuthedMethodContext, fromAccount: number, currency?: string) {
  const from = await findCustomerAccount(ctx.db, ctx.actor.customerId, fromAccount);
  if (currency !== undefined && currency !== from.currencyCode)
    throw AppError.invalid(
      { currency: 'validation.currencyMismatch' },
      'The currency must be the source account’s',
    );
  return from;
}

function schemeFor(
  type: ExternalTransferType,
  countryCode: string,
  currency: string,
  scheme: WireScheme | undefined,
): WireScheme | undefined {
  return type === 'wire' ? (scheme ?? defaultScheme(countryCode, currency)) : undefined;
}

function submitExternal(
  ctx: AuthedMethodContext,
  method: string,
  kind: ExternalTransferType,
  input: ExternalInput & { idempotencyKey: string },
) {
  const { idempotencyKey, ...rest } = input;
  return submit(ctx, method, { kind, ...rest }, idempotencyKey);
}

export const externalTransferHandlers: MethodHandlers<typeof externalTransferMethods> = {
  async transferWire(input, ctx) {
    // The contract gave the IBAN and BIC one spelling (no spaces, capitals): a retry typed differently is the same request.
    return submitExternal(ctx, 'transferWire', 'wire', input);
  },

  async transferEft(input, ctx) {
    return submitExternal(ctx, 'transferEft', 'eft', input);
  },

  async transferOct(input, ctx) {
    // The card number is never kept: its BIN (for the blocked list), last four and a keyed fingerprint (the payee binding).
    const { cardNumber, ...rest } = input;
    const digits = cardNumber.replace(/\s/g, '');
    return submitExternal(ctx, 'transferOct', 'oct', {
      ...rest,
      cardBin: digits.slice(0, 8),
      cardLast4: digits.slice(-4),
      cardFingerprint: ctx.services.cardVault.fingerprint(digits),
    });
  },

  async transferCryptoEft(input, ctx) {
    return submitExternal(ctx, 'transferCryptoEft', 'crypto_eft', input);
  },

  async transferInstantPayment(input, ctx) {
    return submitExternal(ctx, 'transferInstantPayment', 'instant_payment', {
      ...input,
      instantKey: input.instantKey.trim(),
    });
  },

  async transferInterac(input, ctx) {
    // Only a keyed hash of the answer is kept (the recipient's bank checks it; we never show it again).
    const { securityAnswer, ...rest } = input;
    return submitExternal(ctx, 'transferInterac', 'interac', {
      ...rest,
      email: rest.email?.trim().toLowerCase(),
      securityAnswerHash: ctx.services.cardVault.fingerprint(
        `interac-answer:${securityAnswer.toLowerCase()}`,
      ),
    });
  },

  async getExternalTransferFee(input, ctx) {
    transferAccessLevel(ctx.actor);
    const from = await sourceAccount(ctx, input.fromAccount, input.currency);
    requireMinorUnits(input.amount, from.currencyCode, 'amount');
    const fee = await externalFee(
      ctx.db,
      await brandOfCustomer(ctx.db, ctx.actor.customerId),
      input.type,
      schemeFor(input.type, input.countryCode, input.currency, input.scheme),
      new Money(input.amount),
      from.currencyCode,
    );
    return { fee: moneyText(fee), currency: from.currencyCode };
  },

  async getExternalMaxAmount(input, ctx) {
    transferAccessLevel(ctx.actor);
    const from = await sourceAccount(ctx, input.fromAccount, input.currency);
    const brandId = await brandOfCustomer(ctx.db, ctx.actor.customerId);
    const scheme = schemeFor(input.type, input.countryCode, input.currency, input.scheme);
    // The fee of each candidate is the rule's: load it once, then search the largest amount that fits with its fee.
    const rule = await loadFeeRule(
      ctx.db,
      brandId,
      feeOperationOf(input.type, scheme),
      from.currencyCode,
    );
    const available = new Money(availableBalance(from));
    const byBalance = largestFitting(available, from.currencyCode, (amount) =>
      amount.plus(feeFor(rule, amount, from.currencyCode)).lessThanOrEqualTo(available),
    );
    const limits = await limitStates(ctx.db, ctx.actor.customerId, from.currencyCode);
    const byLimit = limits.length > 0 ? Money.min(...limits.map((limit) => limit.remaining)) : null;
    const byRail = new Money(RAIL_BOUNDS[input.type].max);
    let answer: { amount: Money; type: 'balance' | 'limit' | 'rail' } = {
      amount: byBalance,
      type: 'balance',
    };
    if (byLimit !== null && byLimit.lessThan(answer.amount))
      answer = { amount: byLimit, type: 'limit' };
    if (byRail.lessThan(answer.amount)) answer = { amount: byRail, type: 'rail' };
    return {
      maxAmount: moneyText(answer.amount),
      currency: from.currencyCode,
      type: answer.type,
      transferType: input.type,
    };
  },

  async getExternalLimits(input, ctx) {
    transferAccessLevel(ctx.actor);
    const from = await sourceAccount(ctx, input.fromAccount);
    const states = await limitStates(ctx.db, ctx.actor.customerId, from.currencyCode);
    const bounds = RAIL_BOUNDS[input.type];
    return {
      limits: states.map((state) => ({
        period: state.period,
        limit: moneyText(state.limit),
        used: moneyText(state.used),
        remaining: moneyText(state.remaining),
        currency: state.currency,
      })),
      rail: { minAmount: bounds.min, maxAmount: bounds.max, currency: from.currencyCode },
    };
  },

  async getExtraParams(input, ctx) {
    transferAccessLevel(ctx.actor);
    return {
      extraParams: extraParamsFor(
        input.type,
        input.countryCode,
        input.currency,
        input.type === 'wire' ? input.scheme : undefined,
        ctx.lang,
      ),
    };
  },

  async getTransferDetails(input, ctx) {
    transferAccessLevel(ctx.actor);
    await sourceAccount(ctx, input.fromAccount);
    return transferDetails(ctx.db, ctx.actor.customerId, input.type, input.countryCode);
  },

  async getExternalTransferStatus(input, ctx) {
    transferAccessLevel(ctx.actor);
    const { row, reversal } = await externalTransferWithReversal(
      ctx.db,
      ctx.actor.customerId,
      input.transactionId,
    );
    const details = row.details;
    return {
      transactionId: row.id,
      type: row.kind as ExternalTransferType,
      status: railStatusOf(row.status, details),
      amount: moneyText(row.amount),
      currency: row.currencyCode,
      fee: moneyText(row.fee),
      createdAt: row.createdAt.toISOString(),
      railSettledAt: typeof details.railSettledAt === 'string' ? details.railSettledAt : null,
      returnedAt: reversal ? reversal.createdAt.toISOString() : null,
      returnReason: typeof details.returnReason === 'string' ? details.returnReason : null,
      reversalTransactionId: reversal?.id ?? null,
    };
  },
};
