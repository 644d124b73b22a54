/**
 * The account list order (spec 2 §3): by accountStatusId ascending. The sort is stable, so
 * accounts with the same status keep the order the server sent (by accountId).
 */
export function sortAccounts<T extends { accountStatusId: number }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => a.accountStatusId - b.accountStatusId);
}
