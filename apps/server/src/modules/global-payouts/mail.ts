import { BRANDS, isBrandId } from '@ledgerline/domain/brands';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@ledgerline/domain/languages';
import type { DbOrTx } from '../../db/client';
import { t } from '../../i18n/translate';
import { enqueueMessage, type OutgoingMessage } from '../notifications';
import { moneyText } from '../ledger';
import type { PaymentRow } from './repository';

/*
 * What a recipient is e-mailed (i18n/<lang>/global-pay.json): the claim link, and the code that
 * approves a claim. The recipient has no account: the language is the one the sender gave for
 * the payment, else the sender's brand's first language.
 */

export function brandOf(brandId: string) {
  return BRANDS[isBrandId(brandId) ? brandId : 'pebble'];
}

export function readerLanguage(payment: Pick<PaymentRow, 'language'>, brandId: string): Language {
  if (payment.language !== null && isLanguage(payment.language)) return payment.language;
  return brandOf(brandId).availableLangs[0] ?? DEFAULT_LANGUAGE;
}

export function amountText(amount: string, currencyCode: string): string {
  return `${moneyText(amount)} ${currencyCode}`;
}

/** The claim link's e-mail (spec 2 §2 /receive/{id}); the secret is the id and is never stored. */
export function claimLinkMessage(
  payment: PaymentRow,
  context: { brandId: string; sender: string; origin: string; secret: string; days: number },
): OutgoingMessage {
  const lang = readerLanguage(payment, context.brandId);
  const values = {
    brand: brandOf(context.brandId).projectName,
    sender: context.sender,
    amount: amountText(payment.amount, payment.currencyCode),
    description: payment.description || '—',
    days: context.days,
    link: `${context.origin}/receive/${context.secret}`,
  };
  return {
    channel: 'email',
    recipient: payment.beneficiaryEmail,
    subject: t(lang, 'global-pay:claimSubject', values),
    body: t(lang, 'global-pay:claimBody', values),
  };
}

export async function mailApprovalCode(
  tx: DbOrTx,
  payment: PaymentRow,
  context: { brandId: string; code: string; amount: string; destination: string },
): Promise<void> {
  const lang = readerLanguage(payment, context.brandId);
  const values = {
    brand: brandOf(context.brandId).projectName,
    code: context.code,
    amount: context.amount,
    destination: context.destination,
  };
  await enqueueMessage(tx, {
    channel: 'email',
    recipient: payment.beneficiaryEmail,
    subject: t(lang, 'global-pay:codeSubject', values),
    body: t(lang, 'global-pay:codeBody', values),
  });
}

/** a***@example.com: where the code went, without the whole address. */
export function maskedEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}
