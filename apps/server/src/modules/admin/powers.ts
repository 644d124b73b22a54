import { and, eq, inArray } from 'drizzle-orm';
import { REPRESENTATIVE_POSITION_IDS } from '@ledgerline/contract';
import type { Database } from '../../db/client';
import { customerAccess, transferPermissions } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';
import { assignDocumentToCustomer, documentOwner, removeDocument } from '../documents';
import { customerOfBrand, requireAdminBrand } from './admin-access';

/*
 * The admin powers of spec 2 §6 (issue 15): each checks the administrator and the brand of every
 * customer it touches, changes in one transaction with its audit rows, and answers what changed.
 * A document or customer of another brand answers as if it did not exist.
 */

/** Moves an uploaded document to another customer of the same brand; audited on both customers. */
export async function adminAssignDocument(
  db: Database,
  actor: Actor,
  input: { documentId: number; targetCustomerId: number },
) {
  const brandId = await requireAdminBrand(db, actor);
  return db.transaction(async (tx) => {
    const ownerId = await documentOwner(tx, input.documentId);
    if (ownerId === null) throw AppError.notFound('Document not found');
    await customerOfBrand(tx, brandId, ownerId);
    if (ownerId === input.targetCustomerId)
      throw AppError.invalid(
        { targetCustomerId: 'validation.adminSameCustomer' },
        'The document already belongs to this customer',
      );
    const target = await customerOfBrand(tx, brandId, input.targetCustomerId).catch(() => {
      throw AppError.invalid(
        { targetCustomerId: 'validation.adminTargetCustomer' },
        'Choose another customer of your brand',
      );
    });
    const { fromCustomerId } = await assignDocumentToCustomer(tx, input.documentId, target.id);
    const details = { documentId: input.documentId, fromCustomerId, toCustomerId: target.id };
    for (const customerId of [fromCustomerId, target.id])
      await audit(tx, {
        action: 'admin.documentAssigned',
        userId: actor.userId,
        customerId,
        ip: actor.ip,
        details,
      });
    return { documentId: input.documentId, fromCustomerId, customerId: target.id };
  });
}

/** Removes an uploaded document from the customer's file (status 5 deleted); audited. */
export async function adminRemoveDocument(
  db: Database,
  actor: Actor,
  input: { documentId: number },
) {
  const brandId = await requireAdminBrand(db, actor);
  return db.transaction(async (tx) => {
    const ownerId = await documentOwner(tx, input.documentId);
    if (ownerId === null) throw AppError.notFound('Document not found');
    await customerOfBrand(tx, brandId, ownerId);
    const removed = await removeDocument(tx, input.documentId);
    await audit(tx, {
      action: 'admin.documentRemoved',
      userId: actor.userId,
      customerId: removed.customerId,
      ip: actor.ip,
      details: { documentId: input.documentId },
    });
    return { documentId: input.documentId, ...removed };
  });
}

/**
 * Force-deletes a representative (position 2 director, 6 or 9 shareholder, 8 ultimate owner) of a
 * customer: the access row and the user's transfer flags for it go, so their next request for the
 * customer is refused. Authorised users (other positions) are the company's to manage.
 */
export async function adminDeleteRepresentative(
  db: Database,
  actor: Actor,
  input: { customerId: number; userId: number },
) {
  const brandId = await requireAdminBrand(db, actor);
  return db.transaction(async (tx) => {
    await customerOfBrand(tx, brandId, input.customerId, { lock: true });
    const where = and(
      eq(customerAccess.customerId, input.customerId),
      eq(customerAccess.userId, input.userId),
      inArray(customerAccess.representativePositionId, [...REPRESENTATIVE_POSITION_IDS]),
    );
    const [row] = await tx.select().from(customerAccess).where(where).for('update');
    if (!row) throw AppError.notFound('Representative not found');
    await tx.delete(customerAccess).where(eq(customerAccess.id, row.id));
    await tx
      .delete(transferPermissions)
      .where(
        and(
          eq(transferPermissions.customerId, input.customerId),
          eq(transferPermissions.userId, input.userId),
        ),
      );
    await audit(tx, {
      action: 'admin.representativeDeleted',
      userId: actor.userId,
      customerId: input.customerId,
      ip: actor.ip,
      details: {
        representativeUserId: input.userId,
        representativePositionId: row.representativePositionId,
        accessRight: row.accessRight,
      },
    });
    return {
      customerId: input.customerId,
      userId: input.userId,
      representativePositionId: row.representativePositionId ?? 0,
    };
  });
}
