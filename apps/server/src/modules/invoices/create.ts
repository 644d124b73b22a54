import { and, asc, eq } from 'drizzle-orm';
import type { CreateInvoiceRequest, RequestMoneyRequest } from '@ledgerline/contract';
import { ACCOUNT_STATUS, ACCOUNT_TYPES } from '@ledgerline/domain/accounts';
import { getBrand, isBrandId } from '@ledgerline/domain';
import { accounts, invoices } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';
import {
  refuseStaffMoneyMovement,
  transferAccessLevel,
  transferPermissionFlags,
} from '../customers';
import { customerDisplayName } from '../customers';
import { Money, moneyText, requireMinorUnits } from '../ledger';
import type { InvoiceDeps } from './deps';
import { customerByLogin, loadCustomer } from './repository';
import { invoiceEvents, mailAbout, newPublicLink, type Published } from './notify';
import { partiesOf, toInvoice } from './view';

/*
 * Sending an invoice (createInvoice) or asking for money (requestMoney), read top to bottom:
 * who may, the sender's account in the currency (the money lands there), the payer (a customer of
 * the brand by login e-mail, or only an e-mail), one transaction with the row, its first public
 * link, the e-mail to the payer and the audit row; InvoiceChanged after commit.
 */

const REQUEST_DAYS = 14;

function addDays(days: number, now = new Date()): string {
  return new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

type Input = (CreateInvoiceRequest | RequestMoneyRequest) & { toEmail: string };

async function send(
  deps: InvoiceDeps,
  actor: Actor,
  kind: 'invoice' | 'request',
  input: Input,
  origin: string,
) {
  const sender = await loadCustomer(deps.db, actor.customerId);
  const email = input.toEmail.trim().toLowerCase();
  requireMinorUnits(input.amount, input.currency, 'amount');
  const [account] = await deps.db
    .select()
    .from(accounts)
    .where(
      and(
        eq(accounts.customerId, sender.id),
        eq(accounts.type, ACCOUNT_TYPES.payment),
        eq(accounts.accountStatusId, ACCOUNT_STATUS.active),
        eq(accounts.currencyCode, input.currency),
      ),
    )
    .orderBy(asc(accounts.id))
    .limit(1);
  if (!account)
    throw AppError.invalid(
      { currency: 'validation.noPaymentAccountInCurrency' },
      `You have no payment account in ${input.currency} for the money to land in`,
    );
  const payer = await customerByLogin(deps.db, sender.brandId, email);
  if (payer?.customer.id === sender.id)
    throw AppError.invalid({ toEmail: 'validation.payeeSelf' }, 'You cannot bill yourself');
  if (kind === 'request' && !payer)
    throw AppError.invalid(
      { email: 'validation.payeeNotFound' },
      'Money can be requested only from a customer of the bank',
    );
  const brandName = getBrand(isBrandId(sender.brandId) ? sender.brandId : 'pebble').projectName;
  let events: Published = [];
  const { row, publicUrl } = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(invoices)
      .values({
        brandId: sender.brandId,
        kind,
        payeeCustomerId: sender.id,
        payeeUserId: actor.userId,
        payeeAccountId: account.id,
        payerEmail: email,
        payerCustomerId: payer?.customer.id ?? null,
        amount: moneyText(new Money(input.amount)),
        currencyCode: input.currency,
        dueDate: input.dueDate ?? addDays(REQUEST_DAYS),
        noteBody: input.noteBody ? input.noteBody : null,
        language: actor.lang,
        linkOrigin: origin,
      })
      .returning();
    if (!created) throw new Error('invoice insert returned nothing');
    const link = await newPublicLink(tx, created);
    await mailAbout(tx, created, kind === 'request' ? 'requested' : 'sent', {
      brand: brandName,
      payee: customerDisplayName(sender),
      amount: `${moneyText(created.amount)} ${created.currencyCode}`,
      link,
    });
    await audit(tx, {
      action: kind === 'request' ? 'invoice.requested' : 'invoice.created',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: {
        invoiceId: created.id,
        amount: moneyText(created.amount),
        currency: created.currencyCode,
        payerCustomerId: created.payerCustomerId,
      },
    });
    events = await invoiceEvents(tx, created);
    return { row: created, publicUrl: link };
  });
  await publish(deps, events);
  const parties = await partiesOf(deps.db, [row]);
  return { invoice: toInvoice(row, 'payee', parties), publicUrl };
}

export async function publish(deps: InvoiceDeps, events: Published): Promise<void> {
  for (const item of events) await deps.realtime.publish(item.userId, item.event);
}

/** Who may bill for the customer: its own users and users with full access or initiate rights, not staff. */
function requireSender(actor: Actor): number {
  refuseStaffMoneyMovement(actor);
  return transferAccessLevel(actor);
}

export async function createInvoice(
  deps: InvoiceDeps,
  actor: Actor,
  input: CreateInvoiceRequest,
  origin: string,
) {
  requireSender(actor);
  return send(deps, actor, 'invoice', input, origin);
}

export async function requestMoney(
  deps: InvoiceDeps,
  actor: Actor,
  input: RequestMoneyRequest,
  origin: string,
) {
  const level = requireSender(actor);
  const flags = await transferPermissionFlags(deps.db, actor.userId, actor.customerId, level);
  if (!flags['otherPerson.requestMoney'])
    throw AppError.noAccess('Your permissions do not allow requesting money');
  return send(deps, actor, 'request', { ...input, toEmail: input.email }, origin);
}
