import type { BrandId } from '@ledgerline/domain/brands';
import type { Language } from '@ledgerline/domain/languages';
import type { DbOrTx } from '../../db/client';
import type { Actor, Caller } from '../../lib/actor';
import { actingAccessLevel } from './acting-access';
import { resolveActingCustomer } from './access';
import { isStaffActingFor, recordStaffRequest } from './staff-acting';

/** What a request says about itself besides the token: whom it acts for and where it came from. */
export interface RequestFacts {
  fromCustomerId: number | undefined;
  lang: Language;
  ip: string;
  brandId: BrandId | undefined;
  /** The method or route asked for: the audit row of a request made on behalf names it. */
  operation: string;
}

/**
 * The request's Actor: the customer it may act for (else ENOA) and the user's access level there.
 * A request an administrator makes on behalf of a customer is audited here, before anything runs.
 */
export async function resolveActor(
  db: DbOrTx,
  caller: Caller,
  facts: RequestFacts,
): Promise<Actor> {
  const customerId = await resolveActingCustomer(db, caller, facts.fromCustomerId);
  const who = { userId: caller.userId, ownCustomerId: caller.customerId, customerId };
  const actor: Actor = {
    ...who,
    accessLevel: await actingAccessLevel(db, who),
    isStaffActing: await isStaffActingFor(db, who),
    sessionId: caller.sessionId,
    brandId: facts.brandId,
    lang: facts.lang,
    ip: facts.ip,
  };
  if (actor.isStaffActing) await recordStaffRequest(db, actor, facts.operation);
  return actor;
}

/** The Actor of background work done for a user (a recurring transfer), with the access level as it is now. */
export async function loadActor(
  db: DbOrTx,
  who: Pick<Actor, 'userId' | 'ownCustomerId' | 'customerId' | 'lang' | 'ip'>,
): Promise<Actor> {
  return {
    ...who,
    accessLevel: await actingAccessLevel(db, who),
    isStaffActing: await isStaffActingFor(db, who),
    sessionId: null,
    brandId: undefined,
  };
}
