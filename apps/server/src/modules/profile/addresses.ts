import { and, asc, eq } from 'drizzle-orm';
import type { ProfileAddress } from '@ledgerline/contract';
import { ADDRESS_STATES, type AddressState } from '@ledgerline/domain/verification';
import type { DbOrTx } from '../../db/client';
import { customerAddresses } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AuthedMethodContext } from '../../main-api/types';
import { STATES } from '../dictionaries';
import { auditChange, lockCustomer } from './shared';

/*
 * The customer's residential address (spec 2 §3 "Address", §4 "Address states", §7 "Addresses:
 * confirm, create, replace, delete"; docs/decisions.md). A customer has one current address; it
 * changes by replacement: the new address waits beside the old one until the customer confirms
 * it, and one replacement at a time. A move to another country needs a proof-of-address document
 * before the address counts as confirmed (it stays pending until the document is reviewed); within
 * the same country the customer's confirmation is enough. A confirmed address is replaced, never
 * deleted, so the customer is never left without one.
 */

type AddressRow = typeof customerAddresses.$inferSelect;

export interface AddressInput {
  address1: string;
  address2?: string | undefined;
  city: string;
  postalCode: string;
  countryCode: string;
  stateCode?: string | undefined;
}

/** Proof-of-residence statuses that settle the document question. */
const DOCUMENT_SETTLED = new Set(['validated', 'notRequired']);
/** States of an address still waiting for the customer (unconfirmed) or the bank (pending). */
const WAITING: AddressState[] = ['unconfirmed', 'pending'];

function stateName(countryCode: string, stateCode: string | null): string | null {
  if (!stateCode) return null;
  const part = stateCode.slice(countryCode.length + 1);
  return STATES[countryCode]?.find(([code]) => code === part)?.[1] ?? null;
}

function addressState(value: string): AddressState {
  return (ADDRESS_STATES as readonly string[]).includes(value)
    ? (value as AddressState)
    : 'unconfirmed';
}

export function toAddress(row: AddressRow): ProfileAddress {
  const status = addressState(row.addressStatus);
  return {
    addressId: row.id,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    postalCode: row.postalCode,
    countryCode: row.countryCode,
    stateCode: row.stateCode,
    stateName: stateName(row.countryCode, row.stateCode),
    addressStatus: status,
    confirmed: status === 'confirmed',
    isDocumentOutOfDate: row.isDocumentOutOfDate,
    isCardDocumentRequired: row.isCardDocumentRequired,
    isDocumentRequired: row.requiresDocument && !DOCUMENT_SETTLED.has(row.proofOfResidenceStatus),
    replacesAddressId: row.replacesAddressId,
  };
}

export async function listAddresses(db: DbOrTx, customerId: number): Promise<AddressRow[]> {
  return db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, customerId))
    .orderBy(asc(customerAddresses.id));
}

async function findAddress(db: DbOrTx, customerId: number, addressId: number): Promise<AddressRow> {
  const [row] = await db
    .select()
    .from(customerAddresses)
    .where(and(eq(customerAddresses.id, addressId), eq(customerAddresses.customerId, customerId)));
  if (!row) throw AppError.notFound('Address not found');
  return row;
}

/** Where the country has states we list, one of them is required; elsewhere none may be given. */
function checkState(input: AddressInput): void {
  const states = STATES[input.countryCode];
  if (!states || states.length === 0) {
    if (input.stateCode !== undefined)
      throw AppError.invalid(
        { stateCode: 'validation.stateCode' },
        'This country has no states to choose',
      );
    return;
  }
  if (input.stateCode === undefined) throw AppError.invalid({ stateCode: 'validation.required' });
  const [country, part] = input.stateCode.split('-');
  if (country !== input.countryCode || !states.some(([code]) => code === part)) {
    throw AppError.invalid(
      { stateCode: 'validation.stateCode' },
      'Choose a state of the address country',
    );
  }
}

function values(input: AddressInput) {
  return {
    address1: input.address1,
    address2: input.address2 ?? null,
    city: input.city,
    postalCode: input.postalCode,
    countryCode: input.countryCode,
    stateCode: input.stateCode ?? null,
  };
}

/** A replacement of one of the customer's addresses still waiting to be confirmed or reviewed, if any. */
function pendingReplacement(rows: AddressRow[]): AddressRow | undefined {
  return rows.find(
    (row) => row.replacesAddressId !== null && WAITING.includes(addressState(row.addressStatus)),
  );
}

export async function createAddress(
  ctx: AuthedMethodContext,
  input: AddressInput,
): Promise<ProfileAddress> {
  checkState(input);
  return ctx.db.transaction(async (tx) => {
    await lockCustomer(tx, ctx.actor.customerId);
    const rows = await listAddresses(tx, ctx.actor.customerId);
    // One current address: a second one is a replacement (rejected ones do not count).
    if (rows.some((row) => addressState(row.addressStatus) !== 'rejected')) {
      throw AppError.invalid(
        { address1: 'validation.addressExists' },
        'There is an address already: replace it instead',
      );
    }
    const [row] = await tx
      .insert(customerAddresses)
      .values({
        customerId: ctx.actor.customerId,
        ...values(input),
        addressStatus: 'unconfirmed',
        requiresDocument: true,
        proofOfResidenceStatus: 'none',
      })
      .returning();
    if (!row) throw new Error('customer_addresses insert returned nothing');
    await auditChange(tx, ctx, 'addressCreated', {
      addressId: row.id,
      countryCode: row.countryCode,
    });
    return toAddress(row);
  });
}

type ReplacementCheck =
  | { allowed: true; requiresDocument: boolean }
  | {
      allowed: false;
      requiresDocument: boolean;
      reason: 'replacementPending' | 'addressNotConfirmed';
    };

function replacementCheck(
  rows: AddressRow[],
  old: AddressRow,
  countryCode: string,
): ReplacementCheck {
  const requiresDocument = countryCode !== old.countryCode;
  if (pendingReplacement(rows))
    return { allowed: false, requiresDocument, reason: 'replacementPending' };
  if (addressState(old.addressStatus) !== 'confirmed' || old.replacesAddressId !== null) {
    return { allowed: false, requiresDocument, reason: 'addressNotConfirmed' };
  }
  return { allowed: true, requiresDocument };
}

export async function checkAddressReplacement(
  ctx: AuthedMethodContext,
  countryCode: string,
  oldAddressId: number,
): Promise<ReplacementCheck> {
  const old = await findAddress(ctx.db, ctx.actor.customerId, oldAddressId);
  return replacementCheck(await listAddresses(ctx.db, ctx.actor.customerId), old, countryCode);
}

export async function replaceAddress(
  ctx: AuthedMethodContext,
  oldAddressId: number,
  input: AddressInput,
): Promise<ProfileAddress> {
  checkState(input);
  return ctx.db.transaction(async (tx) => {
    await lockCustomer(tx, ctx.actor.customerId);
    const old = await findAddress(tx, ctx.actor.customerId, oldAddressId);
    const check = replacementCheck(
      await listAddresses(tx, ctx.actor.customerId),
      old,
      input.countryCode,
    );
    if (!check.allowed) {
      throw check.reason === 'replacementPending'
        ? AppError.invalid(
            { oldAddressId: 'validation.addressReplacementPending' },
            'Another address change is waiting',
          )
        : AppError.invalid(
            { oldAddressId: 'validation.addressNotConfirmed' },
            'Only a confirmed address can be replaced',
          );
    }
    const [row] = await tx
      .insert(customerAddresses)
      .values({
        customerId: ctx.actor.customerId,
        ...values(input),
        addressStatus: 'unconfirmed',
        replacesAddressId: old.id,
        requiresDocument: check.requiresDocument,
        proofOfResidenceStatus: check.requiresDocument ? 'none' : 'notRequired',
      })
      .returning();
    if (!row) throw new Error('customer_addresses insert returned nothing');
    await auditChange(tx, ctx, 'addressReplacementRequested', {
      addressId: row.id,
      oldAddressId: old.id,
      countryCode: row.countryCode,
      requiresDocument: check.requiresDocument,
    });
    return toAddress(row);
  });
}

/**
 * The customer confirms an unconfirmed address. Without a document to review it is confirmed at
 * once and a replaced address goes; with one it becomes pending (the old address stays meanwhile).
 */
export async function confirmAddress(
  ctx: AuthedMethodContext,
  addressId: number,
): Promise<ProfileAddress> {
  return ctx.db.transaction(async (tx) => {
    await lockCustomer(tx, ctx.actor.customerId);
    const row = await findAddress(tx, ctx.actor.customerId, addressId);
    if (addressState(row.addressStatus) !== 'unconfirmed') {
      throw AppError.invalid(
        { addressId: 'validation.addressNotConfirmable' },
        'This address is not waiting for confirmation',
      );
    }
    const documentNeeded =
      row.requiresDocument && !DOCUMENT_SETTLED.has(row.proofOfResidenceStatus);
    const [updated] = await tx
      .update(customerAddresses)
      .set(
        documentNeeded
          ? { addressStatus: 'pending' }
          : { addressStatus: 'confirmed', replacesAddressId: null },
      )
      .where(eq(customerAddresses.id, row.id))
      .returning();
    let removedAddressId: number | null = null;
    if (!documentNeeded && row.replacesAddressId !== null) {
      const [removed] = await tx
        .delete(customerAddresses)
        .where(
          and(
            eq(customerAddresses.id, row.replacesAddressId),
            eq(customerAddresses.customerId, ctx.actor.customerId),
          ),
        )
        .returning({ id: customerAddresses.id });
      removedAddressId = removed?.id ?? null;
    }
    await auditChange(tx, ctx, 'addressConfirmed', {
      addressId: row.id,
      status: updated?.addressStatus ?? row.addressStatus,
      replacedAddressId: removedAddressId,
    });
    return toAddress(updated ?? row);
  });
}

/** Withdraws an address that is not confirmed (a new one or a replacement); a confirmed one is replaced instead. */
export async function deleteAddress(ctx: AuthedMethodContext, addressId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockCustomer(tx, ctx.actor.customerId);
    const row = await findAddress(tx, ctx.actor.customerId, addressId);
    if (addressState(row.addressStatus) === 'confirmed') {
      throw AppError.invalid(
        { addressId: 'validation.addressConfirmedDelete' },
        'A confirmed address cannot be deleted: replace it instead',
      );
    }
    await tx.delete(customerAddresses).where(eq(customerAddresses.id, row.id));
    await auditChange(tx, ctx, 'addressDeleted', {
      addressId: row.id,
      wasReplacementOf: row.replacesAddressId,
    });
  });
}
