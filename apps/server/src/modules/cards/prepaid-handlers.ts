import type { prepaidCardMethods } from '@ledgerline/contract';
import type { AuthedMethodContext, MethodHandlers } from '../../main-api/types';
import type { TransferDeps } from '../transfers';
import { cancelCardEnrollment, confirmCardEnrollment, startCardEnrollment } from './enrollment';
import { getPrepaidCardLimits, movePrepaidCardMoney, quotePrepaidCard } from './prepaid';

function transferDepsOf(ctx: AuthedMethodContext): TransferDeps {
  return { db: ctx.db, mailer: ctx.services.mailer, realtime: ctx.services.realtime };
}

function stepUpDepsOf(ctx: AuthedMethodContext) {
  return { db: ctx.db, vault: ctx.services.cardVault, mailer: ctx.services.mailer };
}

/** Prepaid card money and 3-D Secure enrollment (issue 16). */
export const prepaidCardHandlers: MethodHandlers<typeof prepaidCardMethods> = {
  async getPrepaidCardLimits(input, ctx) {
    return getPrepaidCardLimits(ctx.db, ctx.actor, input.accountId);
  },
  async quotePrepaidCard(input, ctx) {
    return quotePrepaidCard(ctx.db, ctx.actor, input);
  },
  async loadPrepaidCard(input, ctx) {
    return movePrepaidCardMoney(transferDepsOf(ctx), ctx.actor, 'load', input);
  },
  async unloadPrepaidCard(input, ctx) {
    return movePrepaidCardMoney(transferDepsOf(ctx), ctx.actor, 'unload', input);
  },
  async startCardEnrollment(input, ctx) {
    return startCardEnrollment(stepUpDepsOf(ctx), ctx.actor, input.accountId);
  },
  async confirmCardEnrollment(input, ctx) {
    return { account: await confirmCardEnrollment(stepUpDepsOf(ctx), ctx.actor, input) };
  },
  async cancelCardEnrollment(input, ctx) {
    return { account: await cancelCardEnrollment(stepUpDepsOf(ctx), ctx.actor, input.accountId) };
  },
};
