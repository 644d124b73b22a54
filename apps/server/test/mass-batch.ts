import { Money } from '../src/modules/ledger';
import type { DbOrTx } from '../src/db/client';
import { batchTransferRows, batchTransfers } from '../src/db/schema';

/** Valid SEPA IBANs the rows take in turn. */
export const WIRE_IBANS = [
  'DE89370400440532013000',
  'FR1420041010050500013M02606',
  'NL91ABNA0417164300',
];

/**
 * A wire batch as the workbench leaves it, checked and ready to submit: one valid row per name in
 * `names`, each paying `amount` EUR with a 1.00 fee. Answers the batch's id.
 */
export async function insertWireBatch(
  db: DbOrTx,
  batch: { customerId: number; accountId: number; name: string; names: string[]; amount: string },
): Promise<number> {
  const [created] = await db
    .insert(batchTransfers)
    .values({
      customerId: batch.customerId,
      accountId: batch.accountId,
      name: `${batch.name} ${Date.now()}`,
      type: 'wire',
      status: 'uploaded',
      paymentsCount: batch.names.length,
      totalAmount: new Money(batch.amount).times(batch.names.length).toFixed(),
      currencyCode: 'EUR',
      fileName: `${batch.name.toLowerCase()}.csv`,
      fileContent: 'x',
    })
    .returning({ id: batchTransfers.id });
  await db.insert(batchTransferRows).values(
    batch.names.map((name, index) => ({
      batchId: created!.id,
      rowNumber: index + 1,
      fields: {
        beneficiaryName: name,
        scheme: 'sepa',
        iban: WIRE_IBANS[index % WIRE_IBANS.length]!,
        countryCode: 'DE',
        amount: batch.amount,
        currency: 'EUR',
      },
      status: 'valid',
      amount: batch.amount,
      fee: '1',
    })),
  );
  return created!.id;
}
