import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { AdminCustomer } from '@ledgerline/contract';
import { accountStatusBanner, DOCUMENT_STATUS } from '@ledgerline/domain/verification';
import type { DbOrTx } from '../../db/client';
import {
  accounts,
  customerAccess,
  customerDocuments,
  customers,
  ledgerTransfers,
  paymentInstructions,
  postings,
  users,
} from '../../db/schema';
import { loadVerificationInfo } from '../accounts';
import { customerDisplayName } from '../customers';
import { REPRESENTATIVE_POSITION_IDS } from '@ledgerline/contract';

const RECENT = 10;

/** Money as the ledger keeps it, without trailing zeros past the minor units the wire allows. */
function money(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') || '0' : value;
}

/** The administrator's view of one customer (the caller checked the brand). */
export async function loadAdminCustomer(
  db: DbOrTx,
  customer: typeof customers.$inferSelect,
): Promise<AdminCustomer> {
  const [login] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.customerId, customer.id))
    .orderBy(asc(users.id))
    .limit(1);
  const facts = await loadVerificationInfo(db, {
    userId: 0,
    ownCustomerId: customer.id,
    customerId: customer.id,
  });

  const owned = await db
    .select({
      id: accounts.id,
      type: accounts.type,
      accountStatusId: accounts.accountStatusId,
      currencyCode: accounts.currencyCode,
      name: accounts.name,
      balance: accounts.balance,
      pendingAmount: accounts.pendingAmount,
      iban: paymentInstructions.iban,
      bankAccountNumber: paymentInstructions.bankAccountNumber,
    })
    .from(accounts)
    .leftJoin(paymentInstructions, eq(paymentInstructions.accountId, accounts.id))
    .where(eq(accounts.customerId, customer.id))
    .orderBy(asc(accounts.accountStatusId), asc(accounts.id));

  const accountIds = owned.map((account) => account.id);
  const recent =
    accountIds.length === 0
      ? []
      : await db
          .select({
            id: ledgerTransfers.id,
            kind: ledgerTransfers.kind,
            status: ledgerTransfers.status,
            amount: ledgerTransfers.amount,
            currencyCode: ledgerTransfers.currencyCode,
            createdAt: ledgerTransfers.createdAt,
          })
          .from(ledgerTransfers)
          .where(
            inArray(
              ledgerTransfers.id,
              db
                .selectDistinct({ id: postings.transferId })
                .from(postings)
                .where(inArray(postings.accountId, accountIds)),
            ),
          )
          .orderBy(desc(ledgerTransfers.createdAt), desc(ledgerTransfers.id))
          .limit(RECENT);

  const documents = await db
    .select()
    .from(customerDocuments)
    .where(
      and(
        eq(customerDocuments.customerId, customer.id),
        ne(customerDocuments.statusId, DOCUMENT_STATUS.deleted),
      ),
    )
    .orderBy(desc(customerDocuments.createdAt), desc(customerDocuments.id));

  const representatives = await db
    .select({
      userId: customerAccess.userId,
      accessRight: customerAccess.accessRight,
      positionId: customerAccess.representativePositionId,
      email: users.email,
      customerType: customers.customerType,
      firstName: customers.firstName,
      lastName: customers.lastName,
      businessName: customers.businessName,
    })
    .from(customerAccess)
    .innerJoin(users, eq(users.id, customerAccess.userId))
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(
      and(
        eq(customerAccess.customerId, customer.id),
        inArray(customerAccess.representativePositionId, [...REPRESENTATIVE_POSITION_IDS]),
      ),
    )
    .orderBy(asc(customerAccess.id));

  return {
    customer: {
      id: customer.id,
      name: customerDisplayName(customer),
      customerType: customer.customerType,
      brandId: customer.brandId,
      email: login?.email ?? null,
      createdAt: customer.createdAt.toISOString(),
      verified: customer.verified,
      limited: customer.limited,
      isNeedKyc: customer.isNeedKyc,
      verificationState: accountStatusBanner(facts).state,
    },
    accounts: owned.map((account) => ({
      accountId: account.id,
      type: account.type,
      accountStatusId: account.accountStatusId,
      currencyCode: account.currencyCode,
      name: account.name,
      balance: money(account.balance),
      pendingAmount: money(account.pendingAmount),
      accountNumber: account.iban ?? account.bankAccountNumber ?? null,
    })),
    recentActivity: recent.map((row) => ({
      id: row.id,
      kind: row.kind,
      status: row.status,
      amount: money(row.amount),
      currencyCode: row.currencyCode,
      createdAt: row.createdAt.toISOString(),
    })),
    documents: documents.map((row) => ({
      id: row.id,
      documentTypeId: row.documentTypeId,
      categoryId: row.categoryId,
      statusId: row.statusId,
      uploaded: row.createdAt.toISOString(),
    })),
    representatives: representatives.map((row) => ({
      userId: row.userId,
      email: row.email,
      name: customerDisplayName(row) || row.email,
      accessRight: row.accessRight,
      representativePositionId: row.positionId ?? 0,
    })),
  };
}
