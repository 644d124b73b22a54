import { sql } from 'drizzle-orm';
import { TRANSFER_PERMISSION_GROUPS } from '@ledgerline/contract';
import { ACCESS_LEVELS, CUSTOMER_TYPES } from '@ledgerline/domain';
import type { Tx } from './client';
import { approvalPolicies, customerAccess, customers, transferPermissions, users } from './schema';

/*
 * Demo data of complete business approvals (issue 15), inside seedDemo's transaction; a second run
 * changes nothing. Harbourlight Studio Ltd gets a second full-access approver,
 * approver@harbourlight.example (Marek Hale), and an approval policy: a request above 1,000.00 GBP
 * (converted at the recorded rate) needs two approvers; anything smaller one, as the spec has it.
 */

export const DEMO_SECOND_APPROVER_EMAIL = 'approver@harbourlight.example';
export const DEMO_APPROVAL_POLICY = {
  currencyCode: 'GBP',
  rules: [{ aboveAmount: '1000', approvals: 2 }],
} as const;

function flags(groups: (keyof typeof TRANSFER_PERMISSION_GROUPS)[]): Record<string, boolean> {
  return Object.fromEntries(
    groups.flatMap((group) =>
      TRANSFER_PERMISSION_GROUPS[group].map((name) => [`${group}.${name}`, true]),
    ),
  );
}

export async function seedApprovalsDemo(tx: Tx, options: { passwordHash: string }): Promise<void> {
  const [office] = await tx
    .select({ customerId: users.customerId })
    .from(users)
    .where(sql`lower(${users.email}) = 'office@harbourlight.example'`);
  if (!office) return;
  const [existing] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_SECOND_APPROVER_EMAIL}`);
  if (!existing) {
    const [customer] = await tx
      .insert(customers)
      .values({
        brandId: 'northmere',
        customerType: CUSTOMER_TYPES.personal,
        firstName: 'Marek',
        lastName: 'Hale',
        residenceCountryCode: 'GB',
        verified: true,
      })
      .returning({ id: customers.id });
    if (!customer) throw new Error('seed: approver customer insert returned nothing');
    const [user] = await tx
      .insert(users)
      .values({
        customerId: customer.id,
        email: DEMO_SECOND_APPROVER_EMAIL,
        passwordHash: options.passwordHash,
      })
      .returning({ id: users.id });
    if (!user) throw new Error('seed: approver user insert returned nothing');
    await tx
      .insert(customerAccess)
      .values({
        userId: user.id,
        customerId: office.customerId,
        accessRight: ACCESS_LEVELS.fullAccess,
      })
      .onConflictDoNothing();
    await tx
      .insert(transferPermissions)
      .values([
        {
          userId: user.id,
          customerId: office.customerId,
          flags: flags(['ownAccount', 'otherPerson', 'mass', 'funding']),
        },
        {
          userId: user.id,
          customerId: customer.id,
          flags: flags(['ownAccount', 'otherPerson', 'funding']),
        },
      ])
      .onConflictDoNothing();
  }
  await tx
    .insert(approvalPolicies)
    .values({
      customerId: office.customerId,
      currencyCode: DEMO_APPROVAL_POLICY.currencyCode,
      rules: DEMO_APPROVAL_POLICY.rules.map((rule) => ({ ...rule })),
    })
    .onConflictDoNothing();
}
