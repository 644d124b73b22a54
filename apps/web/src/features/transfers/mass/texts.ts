import type { TFunction } from 'i18next';
import type { MassRow } from '@ledgerline/contract';

/**
 * A message key the server put on a row or a cell ('validation.*', or a key of this feature's own
 * section) in the page's language; a text the server wrote itself (a rail's reason) as it is.
 */
export function rowMessage(t: TFunction, key: string): string {
  if (key.startsWith('validation.') || key.startsWith('massTransfers.')) return t(key);
  return /^\w+$/.test(key) ? t(`massTransfers.reasons.${key}`, { defaultValue: key }) : key;
}

/** Who a row pays, in the words of its type's file: a name, else the e-mail, card or wallet. */
export function rowPayee(row: MassRow): string {
  const fields = row.fields;
  return (
    fields.beneficiaryName ||
    fields.cardholderName ||
    fields.email ||
    fields.walletAddress ||
    fields.instantKey ||
    ''
  );
}
