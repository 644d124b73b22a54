import type { Language } from '@ledgerline/domain/languages';
import type { DbOrTx, Tx } from '../../db/client';
import { transactionConfirmations } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { sha256 } from '../../lib/crypto';
import { moneyText, type Money } from '../ledger';
import type { Mailer } from '../notifications';
import {
  FACTOR,
  createPushRequest,
  sendFactorCode,
  sentToOf,
  sixDigitCode,
  type ConfirmationPlan,
} from '../security';
import { transferMessage } from './messages';
import type { Quote } from './quote';

/*
 * The second factor of a customer's transfer (issue 5): which one the user confirms with, the
 * code it sends (SMS, e-mail) or the phone-app request, each naming the amount and the payee.
 */

export const CONFIRMATION_TTL_MS = 5 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;
export const MAX_CODE_RESENDS = 3;

export function codeHash(operationId: string, binding: string, code: string): string {
  return sha256(`${operationId}:${binding}:${code}`);
}

export type Plan = ConfirmationPlan;

/**
 * Starts the second factor of a pending transfer in tx: stores the confirmation and sends the
 * code (SMS, e-mail) or the phone-app request, each naming the amount and the payee.
 */
export async function startConfirmation(
  tx: Tx,
  deps: { mailer: Mailer },
  input: {
    operationId: string;
    transferId: string;
    actor: Pick<Actor, 'userId' | 'customerId' | 'lang'>;
    plan: Plan;
    quote: Quote;
  },
): Promise<void> {
  const { quote } = input;
  await startConfirmationOf(tx, deps, {
    ...input,
    amount: quote.sourceAmount,
    fee: quote.fee,
    currencyCode: quote.from.currencyCode,
    payeeText: quote.payeeText,
    payeeKey: quote.payeeKey,
  });
}

/**
 * The same for what is confirmed as one operation though it is not one quote (issue 17: a mass
 * batch, whose confirmation names one of its pending transfers and covers them all): the amount,
 * fee and payee are given; the binding covers them.
 */
export async function startConfirmationOf(
  tx: Tx,
  deps: { mailer: Mailer },
  input: {
    operationId: string;
    transferId: string;
    actor: Pick<Actor, 'userId' | 'customerId' | 'lang'>;
    plan: Plan;
    amount: Money;
    fee: Money;
    currencyCode: string;
    payeeText: string;
    payeeKey: string;
  },
): Promise<void> {
  const { operationId, actor, plan } = input;
  const amount = `${moneyText(input.amount.plus(input.fee))} ${input.currencyCode}`;
  const binding = sha256(
    `${moneyText(input.amount)}|${input.currencyCode}|${moneyText(input.fee)}|${input.payeeKey}`,
  );
  const expiresAt = new Date(Date.now() + CONFIRMATION_TTL_MS);
  const values = {
    amount,
    payee: input.payeeText,
    brand: plan.brandName,
    minutes: CONFIRMATION_TTL_MS / 60_000,
  };
  let hash: string | null = null;
  let deviceRequestKey: string | null = null;
  if (plan.approveType === FACTOR.sms || plan.approveType === FACTOR.email) {
    const code = sixDigitCode();
    hash = codeHash(operationId, binding, code);
    await sendCode(tx, deps, {
      approveType: plan.approveType,
      plan,
      userId: actor.userId,
      lang: actor.lang,
      values: { ...values, code },
    });
  } else if (plan.approveType === FACTOR.push) {
    deviceRequestKey = await pushRequest(tx, {
      userId: actor.userId,
      lang: actor.lang,
      values,
      expiresAt,
      fee: `${moneyText(input.fee)} ${input.currencyCode}`,
    });
  }
  await tx.insert(transactionConfirmations).values({
    id: operationId,
    transferId: input.transferId,
    customerId: actor.customerId,
    userId: actor.userId,
    approveType: plan.approveType,
    binding,
    codeHash: hash,
    deviceRequestKey,
    sentTo: sentToOf(plan),
    expiresAt,
  });
}

export async function sendCode(
  tx: DbOrTx,
  deps: { mailer: Mailer },
  input: {
    approveType: number;
    plan: Pick<Plan, 'smsPhone' | 'email'>;
    userId: number;
    lang: Language;
    values: Record<string, string | number>;
  },
): Promise<void> {
  await sendFactorCode(tx, deps.mailer, {
    approveType: input.approveType,
    plan: input.plan,
    userId: input.userId,
    sms: transferMessage('smsCode', input.lang, input.values),
    emailSubject: transferMessage('emailSubject', input.lang, input.values),
    emailBody: transferMessage('emailBody', input.lang, input.values),
  });
}

/** A phone-app request (/dev/device plays the phone) showing the amount and the payee. */
export async function pushRequest(
  tx: DbOrTx,
  input: {
    userId: number;
    lang: Language;
    values: Record<string, string | number>;
    expiresAt: Date;
    fee: string;
  },
): Promise<string> {
  return createPushRequest(tx, {
    userId: input.userId,
    kind: 'transaction',
    title: transferMessage('pushTitle', input.lang, input.values),
    details: {
      amount: String(input.values.amount),
      payee: String(input.values.payee),
      fee: input.fee,
    },
    expiresAt: input.expiresAt,
  });
}
