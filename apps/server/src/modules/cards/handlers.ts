import type { cardMethods } from '@ledgerline/contract';
import type { AuthedMethodContext, MethodHandlers } from '../../main-api/types';
import type { CardActor } from './access';
import { lookupBin } from './bin-directory';
import {
  addExternalCard,
  confirmExternalCard,
  deleteExternalCard,
  getExternalCards,
} from './external-cards';
import {
  activateCard,
  applyCard,
  blockCard,
  changeCardPin,
  confirmCardApplication,
  getCardActivationData,
  getCardApplyInfo,
  getCardDetails,
  getCardFees,
  pauseCard,
  reissueCard,
  setCardAlias,
  showCardPin,
  unpauseCard,
  upgradeCardShipping,
  type CardDeps,
} from './service';

function actorOf(ctx: AuthedMethodContext): CardActor {
  return {
    customerId: ctx.customerId,
    userId: ctx.caller.userId,
    ownCustomerId: ctx.caller.customerId,
    ip: ctx.ip,
  };
}

function depsOf(ctx: AuthedMethodContext): CardDeps {
  return { db: ctx.db, vault: ctx.services.cardVault };
}

export const cardHandlers: MethodHandlers<typeof cardMethods> = {
  async getCardApplyInfo(input, ctx) {
    return getCardApplyInfo(ctx.db, actorOf(ctx), input);
  },
  async getCardFees(input, ctx) {
    return getCardFees(ctx.db, actorOf(ctx), input);
  },
  async applyCard(input, ctx) {
    return applyCard(ctx.db, actorOf(ctx), input);
  },
  async confirmCardApplication(input, ctx) {
    return {
      account: await confirmCardApplication(depsOf(ctx), actorOf(ctx), input.applicationId),
    };
  },
  async pauseCard(input, ctx) {
    return { account: await pauseCard(depsOf(ctx), actorOf(ctx), input.accountId) };
  },
  async unpauseCard(input, ctx) {
    return { account: await unpauseCard(depsOf(ctx), actorOf(ctx), input.accountId) };
  },
  async blockCard(input, ctx) {
    return { account: await blockCard(depsOf(ctx), actorOf(ctx), input.accountId) };
  },
  async setCardAlias(input, ctx) {
    return {
      account: await setCardAlias(depsOf(ctx), actorOf(ctx), input.accountId, input.cardAliasName),
    };
  },
  async reissueCard(input, ctx) {
    return { account: await reissueCard(depsOf(ctx), actorOf(ctx), input) };
  },
  async upgradeCardShipping(input, ctx) {
    return { account: await upgradeCardShipping(depsOf(ctx), actorOf(ctx), input.accountId) };
  },
  async getCardActivationData(input, ctx) {
    return getCardActivationData(ctx.db, actorOf(ctx), input.accountId);
  },
  async activateCard(input, ctx) {
    return { account: await activateCard(depsOf(ctx), actorOf(ctx), input) };
  },
  async changeCardPin(input, ctx) {
    return { account: await changeCardPin(depsOf(ctx), actorOf(ctx), input) };
  },
  async showCardPin(input, ctx) {
    return showCardPin(depsOf(ctx), actorOf(ctx), input.accountId);
  },
  async getCardDetails(input, ctx) {
    return getCardDetails(depsOf(ctx), actorOf(ctx), input.accountId);
  },
  async getBinInfo(input, ctx) {
    // The request schema already removed spaces; the BIN is the first six digits (spec 2 §5).
    return lookupBin(ctx.db, input.binNumber.slice(0, 6));
  },
  async getExternalCards(_input, ctx) {
    return { cards: await getExternalCards(ctx.db, actorOf(ctx)) };
  },
  async addExternalCard(input, ctx) {
    return { card: await addExternalCard(depsOf(ctx), actorOf(ctx), input) };
  },
  async confirmExternalCard(input, ctx) {
    return { card: await confirmExternalCard(ctx.db, actorOf(ctx), input) };
  },
  async deleteExternalCard(input, ctx) {
    return deleteExternalCard(ctx.db, actorOf(ctx), input.cardId);
  },
};
