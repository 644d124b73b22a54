import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Beneficiary, PaymentTemplate } from '@ledgerline/contract';
import type { DbOrTx } from '../../db/client';
import { externalCards } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { transferAccessLevel } from '../customers';
import { recentTransfers } from '../ledger';
import { listTemplates } from './templates';

function templateBeneficiary(template: PaymentTemplate): Beneficiary {
  const details = template.bankDetails;
  return {
    type: template.type,
    templateId: template.id,
    externalCardId: null,
    name: template.name,
    beneficiaryName: details.beneficiaryName,
    countryCode: details.countryCode,
    bankName: 'bankName' in details ? (details.bankName ?? null) : null,
    bankAccount:
      'iban' in details && details.iban !== undefined
        ? details.iban
        : (details.accountNumber ?? null),
    email: null,
    wireStatus: template.wireStatus,
    eftStatus: template.eftStatus,
    lastUsedAt: null,
  };
}

/** P2P payees from the customer's P2P transfers, most recent first, one per e-mail. */
async function p2pBeneficiaries(db: DbOrTx, customerId: number): Promise<Beneficiary[]> {
  const seen = new Map<string, Beneficiary>();
  for (const row of await recentTransfers(db, customerId, 'p2p', 200)) {
    const email = typeof row.details.email === 'string' ? row.details.email : null;
    if (email === null || seen.has(email)) continue;
    const name = typeof row.details.name === 'string' ? row.details.name : '';
    seen.set(email, {
      type: 'p2p',
      templateId: null,
      externalCardId: null,
      name: name || email,
      beneficiaryName: name,
      countryCode: null,
      bankName: null,
      bankAccount: null,
      email,
      wireStatus: null,
      eftStatus: null,
      lastUsedAt: row.createdAt.toISOString(),
    });
  }
  return [...seen.values()];
}

const CARD_BRAND_NAMES: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard' };

/** The customer's verified external cards (linked on /add-card), which card payouts can go to. */
async function cardBeneficiaries(db: DbOrTx, customerId: number): Promise<Beneficiary[]> {
  const rows = await db
    .select()
    .from(externalCards)
    .where(
      and(
        eq(externalCards.customerId, customerId),
        eq(externalCards.status, 'verified'),
        isNull(externalCards.deletedAt),
      ),
    )
    .orderBy(asc(externalCards.id));
  return rows.map((card) => {
    const masked = `•••• ${card.panLast4}`;
    const brand = card.cardBrand === null ? undefined : CARD_BRAND_NAMES[card.cardBrand];
    return {
      type: 'card',
      templateId: null,
      externalCardId: card.id,
      name: brand ? `${brand} ${masked}` : masked,
      beneficiaryName: card.holderName,
      countryCode: null,
      bankName: card.issuer,
      bankAccount: masked,
      email: null,
      wireStatus: null,
      eftStatus: null,
      lastUsedAt: null,
    };
  });
}

/** Whom the customer may pay (spec 2 §7 getBeneficiaries): saved templates, recent P2P payees and verified cards. */
export async function listBeneficiaries(
  db: DbOrTx,
  actor: Actor,
  type: Beneficiary['type'] | undefined,
): Promise<Beneficiary[]> {
  transferAccessLevel(actor);
  const wanted = (kind: Beneficiary['type']) => type === undefined || type === kind;
  const templates =
    type === 'wire' || type === 'eft'
      ? await listTemplates(db, actor, type)
      : type === undefined
        ? await listTemplates(db, actor)
        : [];
  const p2p = wanted('p2p') ? await p2pBeneficiaries(db, actor.customerId) : [];
  const cards = wanted('card') ? await cardBeneficiaries(db, actor.customerId) : [];
  return [...templates.map(templateBeneficiary), ...p2p, ...cards];
}
