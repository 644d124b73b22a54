import type { DbOrTx } from '../../db/client';
import type { Actor, Caller } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { requireMerchantRights, resolveActor } from '../customers';

/** What a request says about itself besides the token (customers' resolveActor reads it). */
export type RequestFacts = Parameters<typeof resolveActor>[2];

/** The actor of a call that names its company (customerId, else the Customer-Id header, else the caller's own), with merchant rights. */
export async function merchantActor(
  db: DbOrTx,
  caller: Caller,
  facts: RequestFacts,
  purpose: 'read' | 'manage',
): Promise<Actor> {
  const actor = await resolveActor(db, caller, facts);
  await requireMerchantRights(db, actor, purpose);
  return actor;
}

/**
 * The actor of a call that names an object by id (an endpoint, a message): the company is the
 * object's own, and a caller who may not act for it learns only "not found" (STYLE.md), the same
 * as for an id that does not exist.
 */
export async function actorOfOwner(
  db: DbOrTx,
  caller: Caller,
  facts: Omit<RequestFacts, 'fromCustomerId'>,
  ownerCustomerId: number | undefined,
  purpose: 'read' | 'manage',
): Promise<Actor> {
  if (ownerCustomerId === undefined) throw AppError.notFound();
  try {
    return await merchantActor(db, caller, { ...facts, fromCustomerId: ownerCustomerId }, purpose);
  } catch (error) {
    if (error instanceof AppError) throw AppError.notFound();
    throw error;
  }
}
