import { CONTACT_CODE_LIMITS, type companyMethods } from '@ledgerline/contract';
import type { AuthedMethodContext, MethodHandlers } from '../../main-api/types';
import { getBusinessInfo } from './business-info';
import {
  addPaymentEmail,
  confirmPaymentEmail,
  deletePaymentEmail,
  listPaymentEmails,
  resendPaymentEmailCode,
} from './payment-emails';
import {
  updateBusinessContact,
  updateBusinessDueDiligence,
  updateBusinessFinancialDetail,
} from './update-business-info';

const mailDeps = (ctx: AuthedMethodContext) => ({ db: ctx.db, mailer: ctx.services.mailer });

export const companyHandlers: MethodHandlers<typeof companyMethods> = {
  async getBusinessInfo(_input, ctx) {
    return { businessInfo: await getBusinessInfo(ctx.db, ctx.actor) };
  },
  async updateBusinessContact(input, ctx) {
    return { businessInfo: await updateBusinessContact(ctx.db, ctx.actor, input) };
  },
  async updateBusinessFinancialDetail(input, ctx) {
    return {
      businessInfo: await updateBusinessFinancialDetail(ctx.db, ctx.actor, input.financialDetail),
    };
  },
  async updateBusinessDueDiligence(input, ctx) {
    return {
      businessInfo: await updateBusinessDueDiligence(
        ctx.db,
        ctx.actor,
        input.dueDiligenceQuestionnaire,
      ),
    };
  },

  async getCompanyPaymentEmails(_input, ctx) {
    return { emails: await listPaymentEmails(ctx.db, ctx.actor) };
  },
  async addCompanyPaymentEmail(input, ctx) {
    return {
      email: await addPaymentEmail(mailDeps(ctx), ctx.actor, input.email),
      codeExpiresInSeconds: CONTACT_CODE_LIMITS.ttlSeconds,
    };
  },
  async confirmCompanyPaymentEmail(input, ctx) {
    return {
      email: await confirmPaymentEmail(ctx.db, ctx.actor, input.emailId, input.confirmationCode),
    };
  },
  async resendCompanyPaymentEmailCode(input, ctx) {
    await resendPaymentEmailCode(mailDeps(ctx), ctx.actor, input.emailId);
    return { emailId: input.emailId, codeExpiresInSeconds: CONTACT_CODE_LIMITS.ttlSeconds };
  },
  async deleteCompanyPaymentEmail(input, ctx) {
    await deletePaymentEmail(ctx.db, ctx.actor, input.emailId);
    return { deleted: true as const, emailId: input.emailId };
  },
};
