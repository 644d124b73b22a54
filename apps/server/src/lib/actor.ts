import type { BrandId } from '@ledgerline/domain/brands';
import type { Language } from '@ledgerline/domain/languages';

/** What a valid access token proves (the auth guard): the user, the session and the user's own customer. */
export interface Caller {
  userId: number;
  sessionId: string;
  /** The customer the user belongs to. */
  customerId: number;
}

/**
 * Who is calling and for whom: built once per request (modules/customers resolveActor, after the
 * token and fromCustomerId were checked) or by a background job for the user a row names
 * (loadActor), and handed to services. Services never see the transport (a Fastify request or a
 * main-API context), only this.
 */
export interface Actor {
  userId: number;
  /** The user's own customer (whose second-factor mode applies). */
  ownCustomerId: number;
  /** The customer the call acts for: the user's own, or fromCustomerId once access was checked. */
  customerId: number;
  /** The user's access level for `customerId` (ACCESS_LEVELS): full access for the own customer and for an admin. */
  accessLevel: number;
  /**
   * An administrator acting for a customer of their brand that is not theirs and that they hold no
   * access right for (issue 15, spec 2 §6 fromCustomerId): every such request is audited with both
   * identities, and no money moves (customers' refuseStaffMoneyMovement).
   */
  isStaffActing: boolean;
  /** The session the request came with; null for work a background job does for the user. */
  sessionId: string | null;
  /** The brand the request's host name maps to (BRAND_HOSTS), if any. */
  brandId: BrandId | undefined;
  lang: Language;
  /** The request's address, for the audit trail ('scheduler' for background work). */
  ip: string;
}
