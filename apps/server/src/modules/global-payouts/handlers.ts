import type { globalPayMethods } from '@ledgerline/contract';
import type { MethodHandlers } from '../../main-api/types';
import {
  batchStatus,
  createBatch,
  getBatch,
  globalSummary,
  requireSender,
  updatePayments,
  uploadBatch,
} from './batches';
import { cancelPayment, rejectBatch } from './cancel';
import {
  allowedCountries,
  approveClaim,
  extraParams,
  lastWithdrawals,
  methodsFor,
  paymentDetails,
  paymentMeta,
  refusePayment,
  resendCode,
  submitClaim,
  withdrawalDetails,
} from './claim';
import { paymentMethodsOf } from './repository';
import { submitBatch } from './submit';

export const globalPayHandlers: MethodHandlers<typeof globalPayMethods> = {
  // Sender
  globalPayCreateBatch: (input, ctx) => createBatch(ctx.db, ctx.actor, input),
  globalPayUploadBatch: (input, ctx) => uploadBatch(ctx.db, ctx.actor, input),
  async globalPayGetBatch(input, ctx) {
    return { batch: await getBatch(ctx.db, ctx.actor, input.batchId) };
  },
  globalPayBatchStatus: (input, ctx) => batchStatus(ctx.db, ctx.actor, input.batchId),
  async globalPayUpdatePayments(input, ctx) {
    return { batch: await updatePayments(ctx.db, ctx.actor, input) };
  },
  async globalPayCountryMethods(input, ctx) {
    await requireSender(ctx.db, ctx.actor);
    return { paymentMethods: paymentMethodsOf(input.countryCode) };
  },
  async globalPaySubmitBatch(input, ctx) {
    return submitBatch(ctx.db, ctx.services, ctx.actor, {
      ...input,
      origin: ctx.site.origin,
    });
  },
  async globalPayRejectBatch(input, ctx) {
    return { batch: await rejectBatch(ctx.db, ctx.services, ctx.actor, input.batchId) };
  },
  globalPayCancelPayment: (input, ctx) =>
    cancelPayment(ctx.db, ctx.services, ctx.actor, input.paymentId),
  globalPaySummary: (input, ctx) => globalSummary(ctx.db, ctx.actor, input.page),

  // Recipient (public: the claim secret is the credential)
  globalPayPaymentDetails: (input, ctx) => paymentDetails(ctx.db, input.paymentSecret),
  globalPayCountries: (input, ctx) => allowedCountries(ctx.db, input.paymentSecret),
  globalPayMethodsFor: (input, ctx) => methodsFor(ctx.db, input.paymentSecret, input.countryCode),
  globalPayMeta: (input, ctx) => paymentMeta(ctx.db, input),
  globalPayExtraParams: (input, ctx) =>
    extraParams(ctx.db, input.paymentSecret, input.paymentMethod),
  globalPaySubmitPayment: (input, ctx) => submitClaim(ctx.db, input),
  globalPayApprove: (input, ctx) => approveClaim(ctx.db, input),
  globalPayResendCode: (input, ctx) => resendCode(ctx.db, input),
  globalPayRefuse: (input, ctx) => refusePayment(ctx.db, ctx.services, input.paymentSecret),
  globalPayLastWithdrawals: (input, ctx) =>
    lastWithdrawals(ctx.db, input.paymentSecret, input.limit),
  globalPayWithdrawalDetails: (input, ctx) =>
    withdrawalDetails(ctx.db, input.paymentSecret, input.paymentId),
};
