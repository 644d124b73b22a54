import { formatIban } from '@ledgerline/domain/money';
import type { ExternalTransferType } from './form-model';

/*
 * What the review of an external transfer shows about the payee, from the request that will be
 * sent (so the customer checks exactly what leaves): the account or IBAN in groups of four, the
 * bank codes, a card's last four digits, the wallet, the key. Never the Interac security answer.
 */

export interface PayeeDetail {
  id: string;
  /** An i18n key of the external screen's field labels. */
  labelKey: string;
  value: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The payee's details of a request, in the order a bank statement lists them. */
export function payeeDetails(
  type: ExternalTransferType,
  request: Readonly<Record<string, unknown>>,
): PayeeDetail[] {
  const rows: PayeeDetail[] = [];
  const add = (id: string, value: string, format: (value: string) => string = (v) => v) => {
    if (value !== '')
      rows.push({ id, labelKey: `externalTransfer.fields.${id}`, value: format(value) });
  };
  switch (type) {
    case 'wire':
      add('iban', text(request.iban), formatIban);
      add('accountNumber', text(request.accountNumber), formatIban);
      add('sortCode', text(request.sortCode));
      add('routingNumber', text(request.routingNumber));
      add('swift', text(request.swift));
      add('bankName', text(request.bankName));
      break;
    case 'eft':
      add('accountNumber', text(request.accountNumber), formatIban);
      add('bankCode', text(request.bankCode));
      add('branchCode', text(request.branchCode));
      add('bankName', text(request.bankName));
      break;
    case 'oct': {
      const digits = text(request.cardNumber).replace(/\D/g, '');
      if (digits.length >= 4)
        rows.push({
          id: 'cardNumber',
          labelKey: 'externalTransfer.fields.cardNumber',
          value: `•••• ${digits.slice(-4)}`,
        });
      break;
    }
    case 'crypto_eft':
      add('network', text(request.network));
      add('walletAddress', text(request.walletAddress));
      break;
    case 'instant_payment':
      add('instantKey', text(request.instantKey));
      break;
    case 'interac':
      add('email', text(request.email));
      add('phone', text(request.phone));
      break;
  }
  return rows;
}

/** The payee's name as the request carries it (a card's holder for a card payout). */
export function payeeName(request: Readonly<Record<string, unknown>>): string {
  return text(request.beneficiaryName) || text(request.cardholderName);
}
