import type { cardMethods } from '@ledgerline/contract';
import type { AuthedMethodContext, MethodHandlers } from '../../main-api/types';
import { refuseStaffMoneyMovement } from '../customers';
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
  changeCardPin,
  confirmCardApplication,
  getCardActivationData,
  getCardApplyInfo,
  getCardFees,
  reissueCard,
  setCardAlias,
  setCardStatus,
  upgradeCardShipping,
  type CardDeps,
} from './service';
import {
  getCardDetails,
  showCardPin,
  startCardSecretReveal,
  type CardSecretDeps,
} from './secret-reveal';

function depsOf(ctx: AuthedMethodContext): CardDeps {
  return { db: ctx.db, vault: ctx.services.cardVault };
}

function secretDepsOf(ctx: AuthedMethodContext): CardSecretDeps {
  return { ...depsOf(ctx), mailer: ctx.services.mailer };
}

export const cardHandlers: MethodHandlers<typeof cardMethods> = {
  async getCardApplyInfo(input, ctx) {
    return getCardApplyInfo(ctx.db, ctx.actor, input);
  },
  async getCardFees(input, ctx) {
    return getCardFees(ctx.db, ctx.actor, input);
  },
  async applyCard(input, ctx) {
    // Card fees and a linked card's test charge are money the customer pays: never on staff's word.
    refuseStaffMoneyMovement(ctx.actor);
    return applyCard(ctx.db, ctx.actor, input);
  },
  async confirmCardApplication(input, ctx) {
    refuseStaffMoneyMovement(ctx.actor);
    return {
      account: await confirmCardApplication(depsOf(ctx), ctx.actor, input.applicationId),
    };
  },
  async pauseCard(input, ctx) {
    return { account: await setCardStatus(depsOf(ctx), ctx.actor, input.accountId, 'pause') };
  },
  async unpauseCard(input, ctx) {
    return { account: await setCardStatus(depsOf(ctx), ctx.actor, input.accountId, 'unpause') };
  },
  async blockCard(input, ctx) {
    return { account: await setCardStatus(depsOf(ctx), ctx.actor, input.accountId, 'block') };
  },
  async setCardAlias(input, ctx) {
    return {
      account: await setCardAlias(depsOf(ctx), ctx.actor, input.accountId, input.cardAliasName),
    };
  },
  async reissueCard(input, ctx) {
    refuseStaffMoneyMovement(ctx.actor);
    return { account: await reissueCard(depsOf(ctx), ctx.actor, input) };
  },
  async upgradeCardShipping(input, ctx) {
    refuseStaffMoneyMovement(ctx.actor);
    return { account: await upgradeCardShipping(depsOf(ctx), ctx.actor, input.accountId) };
  },
  async getCardActivationData(input, ctx) {
    return getCardActivationData(ctx.db, ctx.actor, input.accountId);
  },
  async activateCard(input, ctx) {
    return { account: await activateCard(depsOf(ctx), ctx.actor, input) };
  },
  async changeCardPin(input, ctx) {
    return { account: await changeCardPin(depsOf(ctx), ctx.actor, input) };
  },
  async startCardSecretReveal(input, ctx) {
    return startCardSecretReveal(secretDepsOf(ctx), ctx.actor, input);
  },
  async showCardPin(input, ctx) {
    return showCardPin(secretDepsOf(ctx), ctx.actor, input);
  },
  async getCardDetails(input, ctx) {
    return getCardDetails(secretDepsOf(ctx), ctx.actor, input);
  },
  async getBinInfo(input, ctx) {
    // The request schema already removed spaces; the BIN is the first six digits (spec 2 §5).
    return lookupBin(ctx.db, input.binNumber.slice(0, 6));
  },
  async getExternalCards(_input, ctx) {
    return { cards: await getExternalCards(ctx.db, ctx.actor) };
  },
  async addExternalCard(input, ctx) {
    refuseStaffMoneyMovement(ctx.actor);
    return { card: await addExternalCard(depsOf(ctx), ctx.actor, input) };
  },
  async confirmExternalCard(input, ctx) {
    refuseStaffMoneyMovement(ctx.actor);
    return { card: await confirmExternalCard(ctx.db, ctx.actor, input) };
  },
  async deleteExternalCard(input, ctx) {
    return deleteExternalCard(ctx.db, ctx.actor, input.cardId);
  },
};
