import type { ApiClient } from '@ledgerline/contract';
import { useCardAccountMutation } from './card-account-mutation';

/*
 * The one-click card calls (spec 2 §7 "Accounts and cards"): each takes the card's accountId and
 * answers the card account. The server refuses what cardActions() does not allow for the status.
 */

export const pauseCard = (client: ApiClient, accountId: number) =>
  client.main('pauseCard', { accountId });
export const unpauseCard = (client: ApiClient, accountId: number) =>
  client.main('unpauseCard', { accountId });
/** Blocks the card for good: it becomes canceled. */
export const blockCard = (client: ApiClient, accountId: number) =>
  client.main('blockCard', { accountId });
/** A physical card not yet shipped moves to express delivery. */
export const upgradeCardShipping = (client: ApiClient, accountId: number) =>
  client.main('upgradeCardShipping', { accountId });

export const usePauseCard = () => useCardAccountMutation(pauseCard);
export const useUnpauseCard = () => useCardAccountMutation(unpauseCard);
export const useBlockCard = () => useCardAccountMutation(blockCard);
export const useUpgradeCardShipping = () => useCardAccountMutation(upgradeCardShipping);
