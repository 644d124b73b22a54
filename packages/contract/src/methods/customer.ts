import { z } from 'zod';
import { defineMethod } from '../define';

/** Customer info (spec 1 §3, spec 2 §3 "Customer and user state"). */
export const customerSchema = z.object({
  userId: z.number().int(),
  customerId: z.number().int(),
  customerType: z.number().int().min(0).max(2),
  login: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  businessName: z.string().nullable(),
  birthDay: z.string().nullable(),
  customerCreationDate: z.string(),
  transactionApproveMode: z.number().int().min(0).max(4),
  login2faMode: z.string(),
  isAdmin: z.boolean(),
  isHaveRelatedAccounts: z.boolean(),
  useOldWeb: z.boolean(),
  oldWebUrl: z.string().nullable(),
  residenceCountryCode: z.string().nullable(),
  taxId: z.string().nullable(),
  permissions: z.record(z.string(), z.boolean()).optional(),
  verified: z.boolean(),
  limited: z.boolean(),
  dueDiligenceLevel: z.number().int(),
  isNeedPersonalInfoUpdate: z.boolean(),
  isNeedKyc: z.boolean(),
});
export type Customer = z.infer<typeof customerSchema>;

export const customerMethods = {
  /** The signed-in user's customer, or with fromCustomerId the customer they act for. */
  getCustomerInfo: defineMethod({
    request: z.object({}).strict(),
    response: z.object({ customer: customerSchema }),
  }),
};
