import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import {
  closeStaffActing,
  customerDisplayName,
  isStaffActingFor,
  openStaffActing,
} from '../customers';
import { customerOfBrand, requireAdminBrand } from './admin-access';

/**
 * "Act for this customer" (issue 15): an administrator of the customer's brand starts acting on
 * their behalf. The stretch is audited and written into the customer's login history now; every
 * request that follows with the customer's id (fromCustomerId) is audited as it comes.
 */
export async function startActing(db: Database, actor: Actor, customerId: number) {
  const brandId = await requireAdminBrand(db, actor);
  const customer = await customerOfBrand(db, brandId, customerId);
  const onBehalf: Actor = {
    ...actor,
    customerId: customer.id,
    isStaffActing: await isStaffActingFor(db, { ...actor, customerId: customer.id }),
  };
  await db.transaction((tx) => openStaffActing(tx, onBehalf));
  return {
    customerId: customer.id,
    name: customerDisplayName(customer),
    isStaffActing: onBehalf.isStaffActing,
  };
}

/** "Stop acting": closes the stretch (audited); the browser forgets the customer's id. */
export async function stopActing(db: Database, actor: Actor, customerId: number) {
  const brandId = await requireAdminBrand(db, actor);
  const customer = await customerOfBrand(db, brandId, customerId);
  const onBehalf: Actor = {
    ...actor,
    customerId: customer.id,
    isStaffActing: await isStaffActingFor(db, { ...actor, customerId: customer.id }),
  };
  const stopped = await db.transaction((tx) => closeStaffActing(tx, onBehalf));
  return { customerId: customer.id, stopped };
}
