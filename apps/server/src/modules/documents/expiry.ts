import { and, asc, eq, gte, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  DOCUMENT_STATUS,
  EXPIRING_SOON_DAYS,
  PROOF_OF_ADDRESS_CATEGORY,
  PROOF_OF_IDENTITY_CATEGORY,
  addCalendarDays,
  documentCategoryId,
  isLanguage,
} from '@ledgerline/domain';
import { getBrand, isBrandId } from '@ledgerline/domain/brands';
import type { Database, Tx } from '../../db/client';
import {
  customerAddresses,
  customerDocumentDetails,
  customerDocuments,
  customerVerification,
  customers,
  users,
} from '../../db/schema';
import { t } from '../../i18n/translate';
import { startBackgroundLoop, type BackgroundLoop } from '../../lib/background-loop';
import { audit } from '../audit';
import type { Mailer } from '../notifications';
import { today } from './repository';
import { refreshAddressProof } from './state';

/*
 * Expiry of confirmed documents (spec 2 §4: "expiredSoon" proof of residence counts as a required
 * action; limit reason "expired documents"). A pass, on any node, claims rows with SKIP LOCKED:
 * - a confirmed identity, proof of address or residence permit past its expiry date becomes 38
 *   expired, the customer is limited for "expiredDocuments" (the banner's "cannot send money"
 *   with the link to /limited-account) and gets an e-mail;
 * - a confirmed proof of address within EXPIRING_SOON_DAYS of its date turns the address's proof
 *   of residence "expiredSoon" and the customer gets one notice.
 */

/** Categories whose expiry limits the account. */
const LIMITING_CATEGORIES = [
  PROOF_OF_IDENTITY_CATEGORY,
  PROOF_OF_ADDRESS_CATEGORY,
  documentCategoryId('ResidencePermit'),
];
const BATCH = 100;

async function notify(
  tx: Tx,
  mailer: Mailer,
  customerId: number,
  kind: 'documentExpired' | 'documentExpiring',
  expiresDate: string,
): Promise<void> {
  const [row] = await tx
    .select({
      email: users.email,
      language: users.language,
      userId: users.id,
      brandId: customers.brandId,
    })
    .from(users)
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(eq(users.customerId, customerId))
    .orderBy(asc(users.id))
    .limit(1);
  if (!row) return;
  const lang = isLanguage(row.language) ? row.language : 'en';
  const brand = getBrand(isBrandId(row.brandId) ? row.brandId : 'pebble').projectName;
  await mailer.enqueue(tx, {
    channel: 'email',
    recipient: row.email,
    userId: row.userId,
    subject: t(lang, `documents:${kind}.subject`, { brand }),
    body: t(lang, `documents:${kind}.body`, { brand, date: expiresDate }),
  });
}

async function limitForExpiredDocuments(tx: Tx, customerId: number): Promise<void> {
  const [state] = await tx
    .select()
    .from(customerVerification)
    .where(eq(customerVerification.customerId, customerId))
    .for('update');
  const reasons = state?.limitReasons ?? [];
  const next = reasons.includes('expiredDocuments') ? reasons : [...reasons, 'expiredDocuments'];
  if (state) {
    await tx
      .update(customerVerification)
      .set({ limitReasons: next, limitDocumentsUploaded: false, updatedAt: new Date() })
      .where(eq(customerVerification.customerId, customerId));
  } else {
    await tx
      .insert(customerVerification)
      .values({ customerId, limitReasons: next, limitDocumentsUploaded: false });
  }
  await tx.update(customers).set({ limited: true }).where(eq(customers.id, customerId));
}

/** Addresses a proof-of-address document speaks for: the one it names, else the customer's proven ones. */
async function refreshProofOf(
  tx: Tx,
  customerId: number,
  addressId: number | null,
  day: string,
  status: 'none' | 'expiredSoon',
): Promise<void> {
  if (addressId !== null) return refreshAddressProof(tx, customerId, addressId, day);
  await tx
    .update(customerAddresses)
    .set({ proofOfResidenceStatus: status, isDocumentOutOfDate: status === 'none' })
    .where(
      and(
        eq(customerAddresses.customerId, customerId),
        inArray(customerAddresses.proofOfResidenceStatus, ['validated', 'expiredSoon']),
      ),
    );
}

export async function runDocumentExpiryPass(
  db: Database,
  mailer: Mailer,
  day: string = today(),
): Promise<{ expired: number; expiringSoon: number }> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .select({
        id: customerDocuments.id,
        customerId: customerDocuments.customerId,
        categoryId: customerDocuments.categoryId,
        expiresDate: customerDocuments.expiresDate,
        addressId: customerDocumentDetails.addressId,
      })
      .from(customerDocuments)
      .leftJoin(
        customerDocumentDetails,
        eq(customerDocumentDetails.documentId, customerDocuments.id),
      )
      .where(
        and(
          eq(customerDocuments.statusId, DOCUMENT_STATUS.confirmed),
          inArray(customerDocuments.categoryId, LIMITING_CATEGORIES),
          lt(customerDocuments.expiresDate, day),
        ),
      )
      .orderBy(asc(customerDocuments.id))
      .limit(BATCH)
      .for('update', { of: customerDocuments, skipLocked: true });
    for (const document of expired) {
      await tx
        .update(customerDocuments)
        .set({ statusId: DOCUMENT_STATUS.expired })
        .where(eq(customerDocuments.id, document.id));
      if (document.categoryId === PROOF_OF_ADDRESS_CATEGORY)
        await refreshProofOf(tx, document.customerId, document.addressId, day, 'none');
      await limitForExpiredDocuments(tx, document.customerId);
      await notify(tx, mailer, document.customerId, 'documentExpired', document.expiresDate ?? day);
      await audit(tx, {
        action: 'documents.expired',
        customerId: document.customerId,
        ip: 'scheduler',
        details: { documentId: document.id, expiresDate: document.expiresDate },
      });
    }

    const expiring = await tx
      .select({
        id: customerDocuments.id,
        customerId: customerDocuments.customerId,
        expiresDate: customerDocuments.expiresDate,
        addressId: customerDocumentDetails.addressId,
        hasDetails: customerDocumentDetails.documentId,
      })
      .from(customerDocuments)
      .leftJoin(
        customerDocumentDetails,
        eq(customerDocumentDetails.documentId, customerDocuments.id),
      )
      .where(
        and(
          eq(customerDocuments.statusId, DOCUMENT_STATUS.confirmed),
          eq(customerDocuments.categoryId, PROOF_OF_ADDRESS_CATEGORY),
          gte(customerDocuments.expiresDate, day),
          lte(customerDocuments.expiresDate, addCalendarDays(day, EXPIRING_SOON_DAYS)),
          or(
            isNull(customerDocumentDetails.documentId),
            isNull(customerDocumentDetails.expiringNoticeAt),
          ),
        ),
      )
      .orderBy(asc(customerDocuments.id))
      .limit(BATCH)
      .for('update', { of: customerDocuments, skipLocked: true });
    for (const document of expiring) {
      if (document.hasDetails === null)
        await tx
          .insert(customerDocumentDetails)
          .values({ documentId: document.id, expiringNoticeAt: new Date() });
      else
        await tx
          .update(customerDocumentDetails)
          .set({ expiringNoticeAt: new Date() })
          .where(eq(customerDocumentDetails.documentId, document.id));
      await refreshProofOf(tx, document.customerId, document.addressId, day, 'expiredSoon');
      await notify(
        tx,
        mailer,
        document.customerId,
        'documentExpiring',
        document.expiresDate ?? day,
      );
    }
    return { expired: expired.length, expiringSoon: expiring.length };
  });
}

/** Hourly is plenty: documents expire by the day. */
const INTERVAL_MS = 60 * 60 * 1000;

export function startDocumentExpiry(
  db: Database,
  mailer: Mailer,
  log: FastifyBaseLogger,
): BackgroundLoop {
  return startBackgroundLoop({
    name: 'document expiry',
    intervalMs: INTERVAL_MS,
    log,
    pass: () => runDocumentExpiryPass(db, mailer),
    describe: (result) => (result.expired + result.expiringSoon > 0 ? { ...result } : undefined),
  });
}
