import { and, eq, ne } from 'drizzle-orm';
import type { PbnSettings } from '@ledgerline/contract';
import { payNamePath, payNameProblem } from '@ledgerline/domain/merchant-buttons';
import type { Database, DbOrTx } from '../../db/client';
import { customers, merchantPbnSettings } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';
import { receivingAccounts } from './receiving-account';

/*
 * Pay-by-name settings (spec 2 §7 "PBN settings get and update"; issue 18; decisions.md): the
 * company's handle, unique within its brand, the name payers see, whether it is on, and the
 * account it receives each currency in (its own open payment or receiving accounts, one per
 * currency). A closed account drops out of the answer by itself.
 */

async function settingsOf(db: DbOrTx, customerId: number) {
  const [row] = await db
    .select()
    .from(merchantPbnSettings)
    .where(eq(merchantPbnSettings.customerId, customerId));
  return row;
}

export async function getPbnSettings(
  db: Database,
  actor: Actor,
  origin: string,
): Promise<PbnSettings> {
  const row = await settingsOf(db, actor.customerId);
  if (!row)
    return { payName: null, displayName: null, enabled: false, accounts: [], payLink: null };
  const open = await receivingAccounts(db, actor.customerId, row.accountIds);
  const accounts = row.accountIds.flatMap((id) => {
    const account = open.find((item) => item.id === id);
    return account ? [{ accountId: account.id, currencyCode: account.currencyCode }] : [];
  });
  return {
    payName: row.payName,
    displayName: row.displayName,
    enabled: row.enabled,
    accounts,
    payLink: `${origin}${payNamePath(row.payName)}`,
  };
}

export async function updatePbnSettings(
  db: Database,
  actor: Actor,
  input: { payName: string; displayName: string | null; enabled: boolean; accountIds: number[] },
): Promise<void> {
  const problem = payNameProblem(input.payName);
  if (problem !== null)
    throw AppError.invalid(
      {
        payName: problem === 'reserved' ? 'validation.payNameReserved' : 'validation.payNameFormat',
      },
      'This pay name may not be used',
    );
  await db
    .transaction(async (tx) => {
      const [company] = await tx
        .select({ brandId: customers.brandId })
        .from(customers)
        .where(eq(customers.id, actor.customerId))
        .for('update');
      if (!company) throw AppError.notFound('Customer not found');
      const found = await receivingAccounts(tx, actor.customerId, input.accountIds);
      if (found.length !== input.accountIds.length) throw AppError.notFound('Account not found');
      const currencies = new Set(found.map((account) => account.currencyCode));
      if (currencies.size !== found.length)
        throw AppError.invalid(
          { accountIds: 'validation.oneAccountPerCurrency' },
          'Choose one account per currency',
        );
      // The brand-wide unique index decides races; this check gives the usual answer first.
      const [taken] = await tx
        .select({ customerId: merchantPbnSettings.customerId })
        .from(merchantPbnSettings)
        .where(
          and(
            eq(merchantPbnSettings.brandId, company.brandId),
            eq(merchantPbnSettings.payName, input.payName),
            ne(merchantPbnSettings.customerId, actor.customerId),
          ),
        );
      if (taken)
        throw AppError.invalid({ payName: 'validation.payNameTaken' }, 'This pay name is taken');
      const before = await settingsOf(tx, actor.customerId);
      const values = {
        brandId: company.brandId,
        payName: input.payName,
        displayName: input.displayName,
        enabled: input.enabled,
        accountIds: input.accountIds,
        updatedAt: new Date(),
      };
      await tx
        .insert(merchantPbnSettings)
        .values({ customerId: actor.customerId, ...values })
        .onConflictDoUpdate({ target: merchantPbnSettings.customerId, set: values });
      await audit(tx, {
        action: 'merchant.pbn.settings',
        userId: actor.userId,
        customerId: actor.customerId,
        ip: actor.ip,
        details: {
          payName: { from: before?.payName ?? null, to: input.payName },
          displayName: input.displayName,
          enabled: input.enabled,
          accountIds: input.accountIds,
        },
      });
    })
    .catch((error: unknown) => {
      // Two companies taking one name at once: the unique index refuses the second.
      if (isUniqueViolation(error))
        throw AppError.invalid({ payName: 'validation.payNameTaken' }, 'This pay name is taken');
      throw error;
    });
}

function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

// The brand's handle lookup, for the pay-by-name page (another part of issue 18).
export async function companyByPayName(db: DbOrTx, brandId: string, payName: string) {
  const [row] = await db
    .select({
      customerId: merchantPbnSettings.customerId,
      displayName: merchantPbnSettings.displayName,
      enabled: merchantPbnSettings.enabled,
      accountIds: merchantPbnSettings.accountIds,
    })
    .from(merchantPbnSettings)
    .where(and(eq(merchantPbnSettings.brandId, brandId), eq(merchantPbnSettings.payName, payName)));
  return row ?? null;
}
