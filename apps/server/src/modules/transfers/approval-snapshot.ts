import { eq } from 'drizzle-orm';
import type { ApprovalParty } from '@ledgerline/contract';
import type { DbOrTx } from '../../db/client';
import { paymentInstructions } from '../../db/schema';
import { moneyText } from '../ledger';
import type { Quote } from './quote';

/*
 * What the approver is shown and approves (issue 15): the source and destination (name, account
 * number or IBAN, e-mail), the amounts on both sides, the rate, the fee and the reference, taken
 * from the quote when the request is made. The approver's code is bound to this (amount, fee and
 * payee); on approval the transfer is quoted again and refused if it would now differ.
 */

export interface ApprovalSnapshot {
  source: ApprovalParty;
  destination: ApprovalParty;
  sourceAmount: string;
  toAmount: string;
  toCurrency: string;
  rate: string;
  fee: string;
  reference: string | null;
  payeeKey: string;
  payeeText: string;
}

async function ibanOf(db: DbOrTx, accountId: number): Promise<string | null> {
  const [row] = await db
    .select({ iban: paymentInstructions.iban })
    .from(paymentInstructions)
    .where(eq(paymentInstructions.accountId, accountId));
  return row?.iban ?? null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

export async function snapshotOf(db: DbOrTx, quote: Quote): Promise<ApprovalSnapshot> {
  const details = quote.details;
  const source: ApprovalParty = {
    kind: 'ownAccount',
    name: quote.from.name,
    accountId: quote.from.id,
    iban: await ibanOf(db, quote.from.id),
    email: null,
    currency: quote.from.currencyCode,
  };
  let destination: ApprovalParty;
  if (quote.kind === 'betweenAccounts') {
    destination = {
      kind: 'ownAccount',
      name: quote.to.name,
      accountId: quote.to.id,
      iban: await ibanOf(db, quote.to.id),
      email: null,
      currency: quote.to.currencyCode,
    };
  } else if (quote.kind === 'p2p') {
    destination = {
      kind: 'person',
      name: text(details.name),
      accountId: null,
      iban: null,
      email: text(details.email),
      currency: quote.to.currencyCode,
    };
  } else {
    const rail = details.rail as { destination?: unknown } | undefined;
    destination = {
      kind: 'external',
      name: text(details.name),
      accountId: null,
      iban: text(rail?.destination),
      email: null,
      currency: quote.to.currencyCode,
    };
  }
  return {
    source,
    destination,
    sourceAmount: moneyText(quote.sourceAmount),
    toAmount: moneyText(quote.toAmount),
    toCurrency: quote.to.currencyCode,
    rate: quote.rate,
    fee: moneyText(quote.fee),
    reference: text(details.description),
    payeeKey: quote.payeeKey,
    payeeText: quote.payeeText,
  };
}

/** Whether a new quote still does what the approver approved (the same amount, fee and payee). */
export function sameAsApproved(snapshot: ApprovalSnapshot, quote: Quote): boolean {
  return (
    snapshot.sourceAmount === moneyText(quote.sourceAmount) &&
    snapshot.fee === moneyText(quote.fee) &&
    snapshot.toAmount === moneyText(quote.toAmount) &&
    snapshot.payeeKey === quote.payeeKey
  );
}
