import { eq, inArray } from 'drizzle-orm';
import {
  INVOICE_STATUS_IDS,
  type Invoice,
  type InvoiceKind,
  type InvoiceStatus,
} from '@ledgerline/contract';
import type { DbOrTx } from '../../db/client';
import { customers, users } from '../../db/schema';
import { customerDisplayName } from '../customers';
import { moneyText } from '../ledger';
import type { InvoiceRow } from './repository';

/** The invoice as its parties see it (contract invoiceSchema). */

export function invoiceNumber(row: Pick<InvoiceRow, 'id' | 'kind'>): string {
  return `${row.kind === 'request' ? 'REQ' : 'INV'}-${String(row.id).padStart(6, '0')}`;
}

const OPEN: readonly string[] = ['unpaid', 'overdue'];

export function isOpen(row: Pick<InvoiceRow, 'status'>): boolean {
  return OPEN.includes(row.status);
}

export interface Parties {
  names: Map<number, string>;
  payeeEmails: Map<number, string>;
}

/** Names of the customers the rows name and the login e-mail of each sender. */
export async function partiesOf(db: DbOrTx, rows: readonly InvoiceRow[]): Promise<Parties> {
  const ids = [
    ...new Set(
      rows.flatMap((row) => [row.payeeCustomerId, row.payerCustomerId ?? row.payeeCustomerId]),
    ),
  ];
  const names = new Map<number, string>();
  const payeeEmails = new Map<number, string>();
  if (ids.length === 0) return { names, payeeEmails };
  for (const customer of await db.select().from(customers).where(inArray(customers.id, ids)))
    names.set(customer.id, customerDisplayName(customer));
  const senders = [...new Set(rows.map((row) => row.payeeUserId))];
  for (const user of await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, senders)))
    payeeEmails.set(user.id, user.email.toLowerCase());
  return { names, payeeEmails };
}

export async function payeeEmailOf(db: DbOrTx, row: InvoiceRow): Promise<string> {
  const [user] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, row.payeeUserId));
  return user?.email.toLowerCase() ?? '';
}

export function toInvoice(
  row: InvoiceRow,
  role: 'payee' | 'payer',
  parties: Parties,
  urlPdf: string | null = null,
): Invoice {
  const status = row.status as InvoiceStatus;
  return {
    id: row.id,
    number: invoiceNumber(row),
    kind: row.kind as InvoiceKind,
    role,
    payerEmail: row.payerEmail,
    payeeEmail: parties.payeeEmails.get(row.payeeUserId) ?? '',
    payerName:
      row.payerCustomerId === null ? null : (parties.names.get(row.payerCustomerId) ?? null),
    payeeName: parties.names.get(row.payeeCustomerId) ?? '',
    amount: moneyText(row.amount),
    currencyCode: row.currencyCode,
    statusId: INVOICE_STATUS_IDS[status],
    status,
    dueDate: row.dueDate,
    sentDate: row.createdAt.toISOString(),
    updatedDate: row.updatedAt.toISOString(),
    paidDate: row.paidAt?.toISOString() ?? null,
    noteBody: row.noteBody,
    rejectNote: row.rejectNote,
    total: moneyText(row.amount),
    feePayment: row.paidFee === null ? null : moneyText(row.paidFee),
    paidTotal: row.paidTotal === null ? null : moneyText(row.paidTotal),
    paymentCurrencyCode: row.paidCurrencyCode,
    isFunding: false,
    isSystem: false,
    urlPdf,
    payerAccountId: role === 'payer' ? row.payerAccountId : null,
    payeeAccountId: role === 'payee' ? row.payeeAccountId : null,
    canPay: role === 'payer' && isOpen(row),
    canReject: role === 'payer' && isOpen(row),
    canCancel: role === 'payee' && isOpen(row),
  };
}
