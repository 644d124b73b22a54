import { sql } from 'drizzle-orm';
import { CUSTOMER_TYPES, ACCESS_LEVELS } from '@ledgerline/domain';
import type { Database } from './client';
import { customerAccess, customers, users } from './schema';
import { hashPassword } from '../lib/crypto';

/** The demo sign-ins README.md lists. Every demo user has the same password. */
export const DEMO_PASSWORD = 'Demo-pass-2026';

interface DemoUser {
  email: string;
  brandId: string;
  customerType: number;
  firstName?: string;
  lastName?: string;
  businessName?: string;
  residenceCountryCode: string;
  verified: boolean;
  isAdmin?: boolean;
  /** Further customers this user may act for, with the access level. */
  actsFor?: { email: string; accessRight: number }[];
}

export const DEMO_USERS: readonly DemoUser[] = [
  { email: 'anna@pebble.example', brandId: 'pebble', customerType: CUSTOMER_TYPES.personal, firstName: 'Anna', lastName: 'Novak', residenceCountryCode: 'LT', verified: true },
  { email: 'tomas@northmere.example', brandId: 'northmere', customerType: CUSTOMER_TYPES.personal, firstName: 'Tomás', lastName: 'Ribeiro', residenceCountryCode: 'PT', verified: true },
  { email: 'office@harbourlight.example', brandId: 'northmere', customerType: CUSTOMER_TYPES.business, businessName: 'Harbourlight Studio Ltd', residenceCountryCode: 'GB', verified: true },
  {
    email: 'ioana@harbourlight.example',
    brandId: 'northmere',
    customerType: CUSTOMER_TYPES.personal,
    firstName: 'Ioana',
    lastName: 'Popescu',
    residenceCountryCode: 'RO',
    verified: true,
    actsFor: [{ email: 'office@harbourlight.example', accessRight: ACCESS_LEVELS.fullAccess }],
  },
  { email: 'new@thistle.example', brandId: 'thistle', customerType: CUSTOMER_TYPES.personal, firstName: 'Olek', lastName: 'Shevchenko', residenceCountryCode: 'GB', verified: false },
];

/**
 * Adds the demo customers that are missing; a second run changes nothing. Nodes starting together
 * take turns through an advisory lock, so two never insert the same demo user.
 */
export async function seedDemo(db: Database): Promise<{ created: number }> {
  // Hash outside the transaction (it is slow); one hash serves every demo user by design.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7243002)`);
    let created = 0;
    const ids = new Map<string, { userId: number; customerId: number }>();
    for (const demo of DEMO_USERS) {
      const [existing] = await tx.select({ id: users.id, customerId: users.customerId }).from(users).where(sql`lower(${users.email}) = ${demo.email}`);
      if (existing) {
        ids.set(demo.email, { userId: existing.id, customerId: existing.customerId });
        continue;
      }
      const [customer] = await tx
        .insert(customers)
        .values({
          brandId: demo.brandId,
          customerType: demo.customerType,
          firstName: demo.firstName ?? null,
          lastName: demo.lastName ?? null,
          businessName: demo.businessName ?? null,
          residenceCountryCode: demo.residenceCountryCode,
          verified: demo.verified,
        })
        .returning({ id: customers.id });
      if (!customer) throw new Error('seed: customer insert returned nothing');
      const [user] = await tx.insert(users).values({ customerId: customer.id, email: demo.email, passwordHash, isAdmin: demo.isAdmin ?? false }).returning({ id: users.id });
      if (!user) throw new Error('seed: user insert returned nothing');
      ids.set(demo.email, { userId: user.id, customerId: customer.id });
      created += 1;
    }
    for (const demo of DEMO_USERS) {
      for (const grant of demo.actsFor ?? []) {
        const user = ids.get(demo.email);
        const target = ids.get(grant.email);
        if (!user || !target) continue;
        await tx.insert(customerAccess).values({ userId: user.userId, customerId: target.customerId, accessRight: grant.accessRight }).onConflictDoNothing();
      }
    }
    return { created };
  });
}
