/*
 * Mass (batch) transfers (issue 17; spec 2 §3 "Mass and global batch", §5 "Mass transfers need a
 * file or text", §6 mass permission group): the types a batch file may hold, the columns of each
 * type's file (one list: the parser, the sample files and the row errors all read it), the file
 * limits and the states of a batch row. The global-pay batch (part C) is a separate batch kind.
 */

/** The mass-transfer types of a workbench batch (`digital` pays a crypto wallet: crypto_eft). */
export const MASS_TRANSFER_TYPES = [
  'wire',
  'eft',
  'oct',
  'digital',
  'instant_payment',
  'interac',
  'p2p',
] as const;
export type MassTransferType = (typeof MASS_TRANSFER_TYPES)[number];

/** The flag of spec 2 §6's mass group each type needs (`mass.<flag>`). */
export const MASS_TYPE_PERMISSION: Record<MassTransferType, string> = {
  wire: 'wire',
  eft: 'eft',
  oct: 'oct',
  digital: 'digital',
  instant_payment: 'instant',
  interac: 'interac',
  p2p: 'p2p',
};

/** The single transfer whose rules a row of the type follows (external types, or 'p2p'). */
export const MASS_TYPE_SINGLE_TRANSFER: Record<
  MassTransferType,
  'wire' | 'eft' | 'oct' | 'crypto_eft' | 'instant_payment' | 'interac' | 'p2p'
> = {
  wire: 'wire',
  eft: 'eft',
  oct: 'oct',
  digital: 'crypto_eft',
  instant_payment: 'instant_payment',
  interac: 'interac',
  p2p: 'p2p',
};

/** One column of a type's file: the field of the single transfer it fills, its header, whether a row must give it. */
export interface MassColumn {
  key: string;
  header: string;
  required: boolean;
  /** An extra parameter of the single transfer (getExtraParams): its answer goes in extraParams. */
  extraParam?: true;
}

const column = (key: string, header: string, required = true): MassColumn => ({
  key,
  header,
  required,
});
/** Whether a row needs it depends on the country and scheme, as for the single transfer. */
const extra = (key: string, header: string): MassColumn => ({
  key,
  header,
  required: false,
  extraParam: true,
});
const PURPOSE = extra('purposeOfPayment', 'Purpose');
const PURPOSE_DETAILS = extra('purposeDetails', 'Purpose details');

const AMOUNT = column('amount', 'Amount');
const CURRENCY = column('currency', 'Currency');
const DESCRIPTION = column('description', 'Description', false);
const COUNTRY = column('countryCode', 'Country');

/**
 * The columns of each type's file, in the order the samples write them. A header matches its
 * `header` or its `key`, in any case, with spaces, dashes and underscores ignored; a column that is
 * not required may be left out of the file.
 */
export const MASS_COLUMNS: Record<MassTransferType, readonly MassColumn[]> = {
  wire: [
    column('beneficiaryName', 'Beneficiary name'),
    column('scheme', 'Scheme'),
    column('iban', 'IBAN', false),
    column('swift', 'BIC', false),
    column('accountNumber', 'Account number', false),
    column('routingNumber', 'Routing number', false),
    column('sortCode', 'Sort code', false),
    COUNTRY,
    AMOUNT,
    CURRENCY,
    DESCRIPTION,
    PURPOSE,
    PURPOSE_DETAILS,
    extra('chargeBearer', 'Charges'),
  ],
  eft: [
    column('beneficiaryName', 'Beneficiary name'),
    column('accountNumber', 'Account number'),
    column('bankCode', 'Bank code', false),
    column('branchCode', 'Branch code', false),
    COUNTRY,
    AMOUNT,
    CURRENCY,
    DESCRIPTION,
    extra('accountType', 'Account type'),
    extra('beneficiaryTaxId', 'Beneficiary tax id'),
    extra('beneficiaryNameKana', 'Beneficiary name (kana)'),
  ],
  oct: [
    column('cardNumber', 'Card number'),
    column('cardholderName', 'Name on card'),
    COUNTRY,
    AMOUNT,
    CURRENCY,
    DESCRIPTION,
  ],
  digital: [
    column('network', 'Network'),
    column('walletAddress', 'Wallet address'),
    column('beneficiaryName', 'Beneficiary name', false),
    COUNTRY,
    AMOUNT,
    CURRENCY,
    DESCRIPTION,
    extra('walletOwnership', 'Wallet owner'),
    extra('beneficiaryAddress', 'Beneficiary address'),
  ],
  instant_payment: [
    column('instantKeyType', 'Key type'),
    column('instantKey', 'Key'),
    column('beneficiaryName', 'Beneficiary name', false),
    COUNTRY,
    AMOUNT,
    CURRENCY,
    DESCRIPTION,
  ],
  interac: [
    column('beneficiaryName', 'Beneficiary name'),
    column('email', 'E-mail', false),
    column('phone', 'Phone', false),
    column('securityQuestion', 'Security question'),
    column('securityAnswer', 'Security answer'),
    AMOUNT,
    CURRENCY,
    DESCRIPTION,
    extra('message', 'Message'),
  ],
  p2p: [column('email', 'E-mail'), AMOUNT, CURRENCY, DESCRIPTION],
};

/** A file holds at most this many rows (besides its header) and this many bytes (issue 17). */
export const MASS_MAX_ROWS = 10_000;
export const MASS_MAX_BYTES = 5 * 1024 * 1024;
/** The longest cell we read: longer ones refuse the whole file (no field of any transfer is longer). */
export const MASS_MAX_CELL_LENGTH = 256;

/**
 * A row's state: invalid and valid in the workbench (removed when dropped), then pending once the
 * batch is submitted, submitted when it went to the rail, and settled, failed or returned.
 */
export const MASS_ROW_STATUSES = [
  'invalid',
  'valid',
  'removed',
  'pending',
  'submitted',
  'settled',
  'failed',
  'returned',
] as const;
export type MassRowStatus = (typeof MASS_ROW_STATUSES)[number];

/** The key of a row's error that belongs to no single cell (a duplicate row, a payee not found…). */
export const MASS_ROW_ERROR_KEY = '_';

/** Header text as matched: lower case without spaces, dashes, underscores or dots. */
export function normaliseHeader(text: string): string {
  return text.toLowerCase().replace(/[\s_.-]+/g, '');
}
