import type { registrationMethods } from '@ledgerline/contract';
import type { MethodHandlers } from '../../main-api/types';
import {
  activate,
  changePasswordWithCode,
  checkEmailExists,
  checkPasswordResetCode,
  register,
  requestPasswordReset,
  resendActivation,
} from './service';

/** Registration, activation and account recovery: public main-API methods (spec 2 §7). */
export const registrationHandlers: MethodHandlers<typeof registrationMethods> = {
  async checkEmailExists(input, ctx) {
    return { status: await checkEmailExists(ctx.db, input.email) };
  },

  async registerPersonal(input, ctx) {
    return register(ctx, 'personal', input);
  },

  async registerBusiness(input, ctx) {
    return register(ctx, 'business', input);
  },

  async activateAccount(input, ctx) {
    return activate(ctx, 'personal', input.username, input.activationCode);
  },

  async activateBusiness(input, ctx) {
    return activate(ctx, 'business', input.email, input.activationCode);
  },

  async resendActivationCode(input, ctx) {
    return resendActivation(ctx, input.email);
  },

  async requestPasswordReset(input, ctx) {
    return requestPasswordReset(ctx, input.email);
  },

  async checkPasswordResetCode(input, ctx) {
    return checkPasswordResetCode(ctx, input.email, input.code);
  },

  async changePasswordWithCode(input, ctx) {
    return changePasswordWithCode(ctx, input.email, input.code, input.password);
  },
};
