import { eq, sql } from 'drizzle-orm';
import type { customerMethods } from '@ledgerline/contract';
import { RESPONSE_CODES, isBusinessCustomerType } from '@ledgerline/domain';
import { customers, users, customerAccess, termsAcceptances } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { MethodHandlers } from '../../main-api/types';
import { audit } from '../audit/audit';
import { loadCustomerAccessInfo } from './access-info';
import { findPendingTerms } from './terms';

/** Self-certification statuses that ask a personal customer to certify again (docs/decisions.md). */
const RECERTIFY = new Set(['rejected', 'expiredSoon']);

export const customerHandlers: MethodHandlers<typeof customerMethods> = {
  async getCustomerInfo(_input, ctx) {
    // Pending terms come first: without them accepted there is no customer info (spec 1 §4).
    const pending = await findPendingTerms(ctx.db, ctx.caller.userId);
    if (pending.terms.length > 0) {
      throw new AppError(RESPONSE_CODES.termsError, 'Please accept the updated terms to continue', {
        extra: { terms: pending.terms },
      });
    }
    const [customer] = await ctx.db
      .select()
      .from(customers)
      .where(eq(customers.id, ctx.customerId));
    const [user] = await ctx.db.select().from(users).where(eq(users.id, ctx.caller.userId));
    if (!customer || !user) throw AppError.notFound('Customer not found');
    const related = await ctx.db
      .select({ id: customerAccess.id })
      .from(customerAccess)
      .where(eq(customerAccess.userId, user.id))
      .limit(1);
    return {
      customer: {
        userId: user.id,
        customerId: customer.id,
        customerType: customer.customerType,
        login: user.email,
        firstName: customer.firstName,
        lastName: customer.lastName,
        businessName: customer.businessName,
        birthDay: customer.birthDay,
        customerCreationDate: customer.createdAt.toISOString(),
        transactionApproveMode: customer.transactionApproveMode,
        login2faMode: user.login2faMode,
        isAdmin: user.isAdmin,
        isHaveRelatedAccounts: related.length > 0,
        useOldWeb: customer.useOldWeb,
        oldWebUrl: customer.oldWebUrl,
        residenceCountryCode: customer.residenceCountryCode,
        taxId: customer.taxId,
        verified: customer.verified,
        limited: customer.limited,
        dueDiligenceLevel: customer.dueDiligenceLevel,
        isNeedPersonalInfoUpdate: customer.isNeedPersonalInfoUpdate,
        isNeedKyc: customer.isNeedKyc,
        isNeedSelfCertification:
          !isBusinessCustomerType(customer.customerType) &&
          RECERTIFY.has(customer.taxSelfCertificationStatus),
      },
    };
  },

  async getCustomerAccessInfo(_input, ctx) {
    return loadCustomerAccessInfo(ctx.db, ctx.caller, ctx.customerId);
  },

  async acceptTerms(input, ctx) {
    const accepted = await ctx.db.transaction(async (tx) => {
      // Serialise acceptances of one user, so two tabs accepting at once record each term once.
      await tx.execute(
        sql`select id from ${users} where ${users.id} = ${ctx.caller.userId} for update`,
      );
      const { brandId, terms } = await findPendingTerms(tx, ctx.caller.userId);
      const offered = new Set(terms.map((term) => term.value));
      const sent = new Set(input.terms);
      const unknown = input.terms.find((value) => !offered.has(value));
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
          userId: ctx.caller.userId,
          brandId,
          termKey: term.key,
          termValue: term.value,
          versionDate: term.versionDate ?? null,
          ip: ctx.ip,
        })),
      );
      await audit(tx, {
        action: 'terms.accepted',
        userId: ctx.caller.userId,
        customerId: ctx.caller.customerId,
        ip: ctx.ip,
        details: { terms: terms.map((term) => term.value) },
      });
      return terms;
    });
    return { accepted };
  },
};
