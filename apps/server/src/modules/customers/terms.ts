import { eq } from 'drizzle-orm';
import type { PendingTerm } from '@ledgerline/contract';
import { getBrand, isBrandId, type BrandTerm } from '@ledgerline/domain/brands';
import type { DbOrTx } from '../../db/client';
import { customers, termsAcceptances, users } from '../../db/schema';

/**
 * Terms a user must accept before online banking goes on (spec 1 §4, §8 "TE"). A term is pending
 * when the user accepted an earlier version of it (another value for the same key) but not the
 * brand's current one: a new version was published since. Accounts with no acceptance of a term
 * on record (opened before acceptances were recorded online) are not stopped: their paper
 * agreement stands (docs/decisions.md).
 */
export async function findPendingTerms(
  db: DbOrTx,
  userId: number,
): Promise<{ brandId: string; terms: PendingTerm[] }> {
  const [owner] = await db
    .select({ brandId: customers.brandId })
    .from(users)
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(eq(users.id, userId));
  if (!owner || !isBrandId(owner.brandId)) return { brandId: owner?.brandId ?? '', terms: [] };
  const accepted = await db
    .select({ termKey: termsAcceptances.termKey, termValue: termsAcceptances.termValue })
    .from(termsAcceptances)
    .where(eq(termsAcceptances.userId, userId));
  const pending = getBrand(owner.brandId).terms.filter((term) => {
    const ofKey = accepted.filter((row) => row.termKey === term.key);
    return ofKey.length > 0 && !ofKey.some((row) => row.termValue === term.value);
  });
  return { brandId: owner.brandId, terms: pending.map(toPendingTerm) };
}

function toPendingTerm(term: BrandTerm): PendingTerm {
  return {
    key: term.key,
    label: term.label,
    url: term.url,
    value: term.value,
    ...(term.versionDate ? { versionDate: term.versionDate } : {}),
  };
}
