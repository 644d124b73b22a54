import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from './client';
import {
  customerAddresses,
  customerDocuments,
  customerVerification,
  customers,
  users,
} from './schema';

/*
 * Demo customers of the documents part of issue 14, each for one browser test of
 * e2e/tests/kyc-documents.spec.ts (each test changes its own customer only):
 * - docs-rejected@: needs KYC; compliance rejected its proof of address as unreadable;
 * - docs-expired@: verified, limited because its proof of address expired (status 38);
 * - docs-update@: asked to update its personal information (no date of birth on file).
 * Added only when missing, so a second run changes nothing.
 */

async function customerOf(tx: Tx, email: string) {
  const [row] = await tx
    .select({ id: customers.id })
    .from(users)
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(sql`lower(${users.email}) = ${email}`);
  return row?.id;
}

export async function seedDocumentsDemo(tx: Tx): Promise<void> {
  const rejected = await customerOf(tx, 'docs-rejected@ledgerline.test');
  if (rejected !== undefined) {
    const [any] = await tx
      .select({ id: customerDocuments.id })
      .from(customerDocuments)
      .where(eq(customerDocuments.customerId, rejected))
      .limit(1);
    if (!any) {
      await tx.insert(customerAddresses).values({
        customerId: rejected,
        address1: '7 Rue des Lilas',
        city: 'Lyon',
        postalCode: '69003',
        countryCode: 'FR',
        addressStatus: 'confirmed',
        requiresDocument: true,
        proofOfResidenceStatus: 'rejected',
      });
      await tx.insert(customerDocuments).values({
        customerId: rejected,
        documentTypeId: 6,
        categoryId: 2,
        statusId: 26,
        issuedDate: '2026-09-01',
        rejectReason: 'unreadable',
      });
    }
  }

  const expired = await customerOf(tx, 'docs-expired@ledgerline.test');
  if (expired !== undefined) {
    const [customer] = await tx
      .select({ limited: customers.limited })
      .from(customers)
      .where(eq(customers.id, expired));
    if (customer && !customer.limited) {
      await tx.update(customers).set({ limited: true }).where(eq(customers.id, expired));
      await tx
        .update(customerVerification)
        .set({ limitReasons: ['expiredDocuments'], limitDocumentsUploaded: false })
        .where(eq(customerVerification.customerId, expired));
      await tx
        .update(customerDocuments)
        .set({ statusId: 38, expiresDate: '2026-01-31' })
        .where(and(eq(customerDocuments.customerId, expired), eq(customerDocuments.categoryId, 2)));
      await tx
        .update(customerAddresses)
        .set({ proofOfResidenceStatus: 'none', isDocumentOutOfDate: true, requiresDocument: true })
        .where(eq(customerAddresses.customerId, expired));
    }
  }

  const update = await customerOf(tx, 'docs-update@ledgerline.test');
  if (update !== undefined) {
    await tx
      .update(customers)
      .set({ isNeedPersonalInfoUpdate: true, birthDay: null })
      .where(and(eq(customers.id, update), sql`${customers.birthDay} is null`));
  }
}
