import ExcelJS from 'exceljs';
import { csvLine, guardFormula } from '@ledgerline/domain/csv';
import {
  MASS_COLUMNS,
  MASS_TRANSFER_TYPES,
  type MassTransferType,
} from '@ledgerline/domain/mass-transfers';

/*
 * The sample file of each mass type (spec 2 §7 "Mass sample link list"): the type's header row
 * (MASS_COLUMNS) and two rows that pass the single transfer's rules. Every cell we write goes
 * through guardFormula, so no cell of a CSV or XLSX we produce starts a formula.
 */

const SAMPLE_ROWS: Record<MassTransferType, Record<string, string>[]> = {
  wire: [
    {
      beneficiaryName: 'Jonas Becker',
      scheme: 'sepa',
      iban: 'DE89370400440532013000',
      swift: 'COBADEFFXXX',
      countryCode: 'DE',
      amount: '120.50',
      currency: 'EUR',
      description: 'Invoice 1001',
      purposeOfPayment: 'GDDS',
    },
    {
      beneficiaryName: 'Marie Dupont',
      scheme: 'sepa',
      iban: 'FR1420041010050500013M02606',
      countryCode: 'FR',
      amount: '75.00',
      currency: 'EUR',
      description: 'Invoice 1002',
      purposeOfPayment: 'SCVE',
    },
  ],
  eft: [
    {
      beneficiaryName: 'Ana Souza',
      accountNumber: '12345678',
      bankCode: '001',
      branchCode: '1234',
      countryCode: 'BR',
      amount: '100.00',
      currency: 'USD',
      description: 'Commission',
      accountType: 'checking',
      beneficiaryTaxId: '12345678909',
    },
  ],
  oct: [
    {
      cardNumber: '4000056655665556',
      cardholderName: 'Sam Carter',
      countryCode: 'GB',
      amount: '50.00',
      currency: 'EUR',
      description: 'Payout',
    },
  ],
  digital: [
    {
      network: 'ethereum',
      walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
      beneficiaryName: 'Lee Park',
      countryCode: 'DE',
      amount: '25.00',
      currency: 'EUR',
      description: 'Payout',
      walletOwnership: 'thirdParty',
      beneficiaryAddress: '1 Main Street, Berlin',
    },
  ],
  instant_payment: [
    {
      instantKeyType: 'email',
      instantKey: 'joao@example.com',
      beneficiaryName: 'João Lima',
      countryCode: 'BR',
      amount: '30.00',
      currency: 'USD',
      description: 'Payout',
    },
  ],
  interac: [
    {
      beneficiaryName: 'Emma Roy',
      email: 'emma@example.com',
      securityQuestion: 'Our team name',
      securityAnswer: 'falcons',
      amount: '40.00',
      currency: 'CAD',
      description: 'Payout',
    },
  ],
  p2p: [{ email: 'friend@example.com', amount: '10.00', currency: 'EUR', description: 'Thanks' }],
};

function table(type: MassTransferType): string[][] {
  const columns = MASS_COLUMNS[type];
  return [
    columns.map((column) => column.header),
    ...SAMPLE_ROWS[type].map((row) => columns.map((column) => row[column.key] ?? '')),
  ];
}

/** Cells as CSV (csvLine guards formulas). */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => csvLine(row)).join('');
}

/** Cells as an XLSX of one sheet, every cell text (guarded), so nothing is read as a number or formula. */
export async function toXlsx(rows: readonly (readonly string[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Batch');
  for (const row of rows) sheet.addRow(row.map((cell) => guardFormula(cell)));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function sampleCsv(type: MassTransferType): string {
  return toCsv(table(type));
}

export function sampleXlsx(type: MassTransferType): Promise<Buffer> {
  return toXlsx(table(type));
}

export function sampleLinks() {
  return MASS_TRANSFER_TYPES.map((type) => ({
    type,
    csvUrl: `/api/mass-transfers/samples/${type}/csv`,
    xlsxUrl: `/api/mass-transfers/samples/${type}/xlsx`,
    columns: MASS_COLUMNS[type].map((column) => ({ ...column })),
  }));
}
