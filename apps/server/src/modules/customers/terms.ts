import { eq, sql } from 'drizzle-orm';
import type { PendingTerm } from '@ledgerline/contract';
import { getBrand, isBrandId, type BrandTerm } from '@ledgerline/domain/brands';
import type { Database, DbOrTx } from '../../db/client';
import { customers, termsAcceptances, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';

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

/** The user accepts every pending term at once (spec 1 §4): recorded with its audit row. */
export async function acceptPendingTerms(db: Database, actor: Actor, values: string[]) {
  return db.transaction(async (tx) => {
    // Serialise acceptances of one user, so two tabs accepting at once record each term once.
    await tx.execute(sql`select id from ${users} where ${users.id} = ${actor.userId} for update`);
    const { brandId, terms } = await findPendingTerms(tx, actor.userId);
    const offered = new Set(terms.map((term) => term.value));
    const sent = new Set(values);
    const unknown = values.find((value) => !offered.has(value));
    if (terms.length === 0)
      throw AppError.invalid({ terms: 'There are no terms waiting to be accepted' });
    if (unknown !== undefined)
      throw AppError.invalid({
        terms: `"${unknown.slice(0, 128)}" is not a term waiting to be accepted`,
      });
    const missing = terms.filter((term) => !sent.has(term.value));
    if (missing.length > 0)
      throw AppError.invalid({
        terms: `Accept every term: ${missing.map((term) => term.label).join(', ')}`,
      });
    await tx.insert(termsAcceptances).values(
      terms.map((term) => ({
        userId: actor.userId,
        brandId,
        termKey: term.key,
        termValue: term.value,
        versionDate: term.versionDate ?? null,
        ip: actor.ip,
      })),
    );
    await audit(tx, {
      action: 'terms.accepted',
      userId: actor.userId,
      customerId: actor.ownCustomerId,
      ip: actor.ip,
      details: { terms: terms.map((term) => term.value) },
    });
    return terms;
  });
}
