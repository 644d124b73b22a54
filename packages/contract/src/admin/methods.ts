import { z } from 'zod';
import { VERIFICATION_STATES } from '@ledgerline/domain/verification';
import { moneySchema } from '../accounts/methods';
import { defineMethod } from '../define';
import { idSchema } from '../envelope';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/*
 * The administrator's overview (issue 15; spec 1 §4 rule 2, spec 2 §6): find a customer of the
 * administrator's own brand, open a summary of them, act on their behalf (fromCustomerId) visibly,
 * and the admin powers of spec 2 §6 (reassign or remove an uploaded document, force-delete a
 * representative). Administrators only; anyone else gets ENOA, and another brand's customer is
 * answered as if it did not exist.
 */

/** What the search matched on: a customer number or account number exactly, an e-mail or a name by its start. */
export const CUSTOMER_MATCH_KINDS = ['customerNumber', 'accountNumber', 'email', 'name'] as const;
export type CustomerMatchKind = (typeof CUSTOMER_MATCH_KINDS)[number];

/** Representative position ids an administrator may force-delete (spec 2 §3: 2 director, 6 and 9 shareholder, 8 ultimate owner). */
export const REPRESENTATIVE_POSITION_IDS = [2, 6, 8, 9] as const;

export const ADMIN_SEARCH_PAGE_SIZE = 20;

export const customerSearchRequestSchema = lazySchema(() =>
  z
    .object({
      /** A name, an e-mail, a customer number or an account number (IBAN or local); spaces collapse. */
      query: z
        .string()
        .transform((value) => value.replace(/\s+/g, ' ').trim())
        .pipe(z.string().min(1, 'validation.required').max(100, 'validation.tooLong')),
      page: z.number().int().min(1).max(500).default(1),
      pageSize: z.number().int().min(1).max(50).default(ADMIN_SEARCH_PAGE_SIZE),
    })
    .strict(),
);
export type CustomerSearchRequest = z.input<typeof customerSearchRequestSchema>;

export const customerSearchItemSchema = lazySchema(() =>
  z.object({
    id: idSchema,
    name: z.string(),
    /** 0 personal, 1 old business, 2 business. */
    customerType: z.number().int().min(0).max(2),
    brandId: z.string(),
    /** The login of the customer's first user; null for a company without users of its own. */
    email: z.string().nullable(),
    verified: z.boolean(),
    limited: z.boolean(),
    isNeedKyc: z.boolean(),
    matchedBy: z.enum(CUSTOMER_MATCH_KINDS),
  }),
);
export type CustomerSearchItem = z.infer<typeof customerSearchItemSchema>;

const adminAccountSchema = lazySchema(() =>
  z.object({
    accountId: idSchema,
    type: z.number().int(),
    accountStatusId: z.number().int(),
    currencyCode: z.string(),
    name: z.string().nullable(),
    balance: moneySchema,
    pendingAmount: moneySchema,
    /** The IBAN, else the local account number; null for a card. */
    accountNumber: z.string().nullable(),
  }),
);

const adminActivitySchema = lazySchema(() =>
  z.object({
    id: z.string(),
    kind: z.string(),
    status: z.string(),
    amount: moneySchema,
    currencyCode: z.string(),
    createdAt: z.string(),
  }),
);

const adminDocumentSchema = lazySchema(() =>
  z.object({
    id: idSchema,
    documentTypeId: z.number().int(),
    categoryId: z.number().int(),
    statusId: z.number().int(),
    uploaded: z.string(),
  }),
);

const adminRepresentativeSchema = lazySchema(() =>
  z.object({
    userId: idSchema,
    email: z.string(),
    name: z.string(),
    accessRight: z.number().int(),
    representativePositionId: z.number().int(),
  }),
);

export const adminCustomerSchema = lazySchema(() =>
  z.object({
    customer: z.object({
      id: idSchema,
      name: z.string(),
      customerType: z.number().int().min(0).max(2),
      brandId: z.string(),
      email: z.string().nullable(),
      createdAt: z.string(),
      verified: z.boolean(),
      limited: z.boolean(),
      isNeedKyc: z.boolean(),
      verificationState: z.enum(VERIFICATION_STATES),
    }),
    accounts: z.array(adminAccountSchema),
    /** The latest ten movements of the customer's money, newest first. */
    recentActivity: z.array(adminActivitySchema),
    /** Uploaded documents that are not deleted, newest first. */
    documents: z.array(adminDocumentSchema),
    /** Users holding a representative position (2, 6, 8, 9) at this customer. */
    representatives: z.array(adminRepresentativeSchema),
  }),
);
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;

const customerRefSchema = lazySchema(() => z.object({ customerId: idSchema }).strict());

export const adminMethods = {
  /** Customers of the administrator's brand by name, e-mail, customer or account number, a page at a time. */
  searchCustomers: defineMethod({
    request: customerSearchRequestSchema,
    response: lazySchema(() =>
      z.object({
        customers: z.array(customerSearchItemSchema),
        page: z.number().int(),
        pageSize: z.number().int(),
        hasMore: z.boolean(),
      }),
    ),
  }),
  /** One customer's summary: accounts with balances, verification, recent activity, documents, representatives. */
  getAdminCustomer: defineMethod({ request: customerRefSchema, response: adminCustomerSchema }),
  /** Starts acting for the customer: audited, and written into the customer's login history. */
  startActingForCustomer: defineMethod({
    request: customerRefSchema,
    response: lazySchema(() =>
      z.object({ customerId: idSchema, name: z.string(), isStaffActing: z.boolean() }),
    ),
  }),
  /** Stops acting for the customer (audited); the next request on their behalf starts again. */
  stopActingForCustomer: defineMethod({
    request: customerRefSchema,
    response: lazySchema(() => z.object({ customerId: idSchema, stopped: z.boolean() })),
  }),
  /** Moves an uploaded document to another customer of the same brand (spec 2 §6 "admin document assign"). */
  adminAssignDocument: defineMethod({
    request: lazySchema(() =>
      z.object({ documentId: idSchema, targetCustomerId: idSchema }).strict(),
    ),
    response: lazySchema(() =>
      z.object({ documentId: idSchema, fromCustomerId: idSchema, customerId: idSchema }),
    ),
  }),
  /** Removes an uploaded document from the customer's file (status deleted; spec 2 §6 "admin document remove"). */
  adminRemoveDocument: defineMethod({
    request: lazySchema(() => z.object({ documentId: idSchema }).strict()),
    response: lazySchema(() =>
      z.object({ documentId: idSchema, customerId: idSchema, statusId: z.number().int() }),
    ),
  }),
  /** Force-deletes a representative (position 2, 6, 8 or 9) of a customer: their access ends at once. */
  adminDeleteRepresentative: defineMethod({
    request: lazySchema(() => z.object({ customerId: idSchema, userId: idSchema }).strict()),
    response: lazySchema(() =>
      z.object({
        customerId: idSchema,
        userId: idSchema,
        representativePositionId: z.number().int(),
      }),
    ),
  }),
};
