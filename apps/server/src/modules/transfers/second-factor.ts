import { randomInt, randomUUID } from 'node:crypto';
import type { Language } from '@ledgerline/domain/languages';
import type { DbOrTx, Tx } from '../../db/client';
import { deviceRequests, transactionConfirmations } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { sha256 } from '../../lib/crypto';
import { moneyText } from '../ledger';
import type { Mailer } from '../notifications';
import { sentToOf, type ConfirmationPlan } from '../security';
import { transferMessage } from './messages';
import type { Quote } from './quote';

/*
 * The second factor of a customer's transfer (issue 5): which one the user confirms with, the
 * code it sends (SMS, e-mail) or the phone-app request, each naming the amount and the payee.
 */

export const CONFIRMATION_TTL_MS = 5 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;
export const MAX_CODE_RESENDS = 3;

function sixDigits(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

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
  const { operationId, actor, plan, quote } = input;
  const amount = `${moneyText(quote.sourceAmount.plus(quote.fee))} ${quote.from.currencyCode}`;
  const binding = sha256(
    `${moneyText(quote.sourceAmount)}|${quote.from.currencyCode}|${moneyText(quote.fee)}|${quote.payeeKey}`,
  );
  const expiresAt = new Date(Date.now() + CONFIRMATION_TTL_MS);
  const values = {
    amount,
    payee: quote.payeeText,
    brand: plan.brandName,
    minutes: CONFIRMATION_TTL_MS / 60_000,
  };
  let hash: string | null = null;
  let deviceRequestKey: string | null = null;
  if (plan.approveType === 2 || plan.approveType === 4) {
    const code = sixDigits();
    hash = codeHash(operationId, binding, code);
    await sendCode(tx, deps, {
      approveType: plan.approveType,
      plan,
      userId: actor.userId,
      lang: actor.lang,
      values: { ...values, code },
    });
  } else if (plan.approveType === 1) {
    deviceRequestKey = await pushRequest(tx, {
      userId: actor.userId,
      lang: actor.lang,
      values,
      expiresAt,
      fee: `${moneyText(quote.fee)} ${quote.from.currencyCode}`,
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
  if (input.approveType === 2 && input.plan.smsPhone) {
    await deps.mailer.enqueue(tx, {
      channel: 'sms',
      recipient: input.plan.smsPhone,
      body: transferMessage('smsCode', input.lang, input.values),
      userId: input.userId,
    });
  } else {
    await deps.mailer.enqueue(tx, {
      channel: 'email',
      recipient: input.plan.email,
      subject: transferMessage('emailSubject', input.lang, input.values),
      body: transferMessage('emailBody', input.lang, input.values),
      userId: input.userId,
    });
  }
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
  const key = randomUUID();
  await tx.insert(deviceRequests).values({
    id: key,
    userId: input.userId,
    kind: 'transaction',
    title: transferMessage('pushTitle', input.lang, input.values).slice(0, 256),
    details: {
      amount: String(input.values.amount),
      payee: String(input.values.payee),
      fee: input.fee,
    },
    expiresAt: input.expiresAt,
    pendingLoginId: null,
  });
  return key;
}
