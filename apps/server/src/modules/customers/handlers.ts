import { eq } from 'drizzle-orm';
import type { customerMethods } from '@ledgerline/contract';
import { customers, users, customerAccess } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { MethodHandlers } from '../../main-api/types';

export const customerHandlers: MethodHandlers<typeof customerMethods> = {
  async getCustomerInfo(_input, ctx) {
    const [customer] = await ctx.db.select().from(customers).where(eq(customers.id, ctx.customerId));
    const [user] = await ctx.db.select().from(users).where(eq(users.id, ctx.caller.userId));
    if (!customer || !user) throw AppError.notFound('Customer not found');
    const related = await ctx.db.select({ id: customerAccess.id }).from(customerAccess).where(eq(customerAccess.userId, user.id)).limit(1);
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
      },
    };
  },
};
