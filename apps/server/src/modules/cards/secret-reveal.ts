import { randomUUID } from 'node:crypto';
import { and, count, eq, gte } from 'drizzle-orm';
import type { CardSecret } from '@ledgerline/contract';
import { RESPONSE_CODES } from '@ledgerline/domain';
import type { Language } from '@ledgerline/domain/languages';
import type { Database, Tx } from '../../db/client';
import { cardDetails, cardSecretReveals } from '../../db/schema';
import { t } from '../../i18n/translate';
import type { Actor } from '../../lib/actor';
import { sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';
import { requireFullAccess } from '../customers';
import type { DeviceRequestHook } from '../auth';
import type { Mailer } from '../notifications';
import {
  FACTOR,
  confirmationPlan,
  createPushRequest,
  judgeFactor,
  sendFactorCode,
  sentToOf,
  sixDigitCode,
  supersedePushRequest,
} from '../security';
import { loadOwnedCard, refuse, requireCardAction, type AccountRow } from './access';
import type { CardVault } from './vault';

/*
 * Card secrets behind a step-up (issue 13; PSD2 treats card data as sensitive payment data): the
 * PIN, or a virtual card's number, expiry and CVV, are shown only to a user with full access to
 * the card's customer (an initiate-only clerk may pay, not read the company card), and only after
 * the user's own second factor, the one transfers confirm with (security's confirmationPlan; an
 * e-mailed code when the customer confirms nothing). startCardSecretReveal sends the code or the
 * phone request; showCardPin / getCardDetails pass its operationId and code and show the secret
 * once. Each request, reveal and refusal after too many codes leaves an audit row.
 */

type RevealActor = Pick<
  Actor,
  'userId' | 'ownCustomerId' | 'customerId' | 'accessLevel' | 'ip' | 'lang'
>;
type RevealRow = typeof cardSecretReveals.$inferSelect;
/** What a step-up unlocks: a secret shown once, or turning on the card's 3-D Secure enrollment (issue 16). */
export type StepUpPurpose = CardSecret | 'enroll';

export interface CardSecretDeps {
  db: Database;
  vault: CardVault;
  mailer: Mailer;
}

const REVEAL_TTL_MS = 5 * 60_000;
const MAX_CODE_ATTEMPTS = 5;
/** Step-ups one user may start for one card in STARTS_WINDOW_MS: each sends an SMS or e-mail. */
const MAX_STARTS = 5;
const STARTS_WINDOW_MS = 15 * 60_000;

const ACTION_OF = { pin: 'showPin', details: 'details', enroll: 'enrollment' } as const;
const AUDIT_ACTION_OF = {
  pin: 'card.showPin',
  details: 'card.details',
  enroll: 'card.enrollmentConfirmed',
} as const;
/** The texts of each purpose in the card-secrets namespace: enrollment has its own wording. */
const TEXT_PREFIX = { pin: '', details: '', enroll: 'enroll' } as const;
function textKey(purpose: StepUpPurpose, key: string): string {
  const prefix = TEXT_PREFIX[purpose];
  return `card-secrets:${prefix === '' ? key : `${prefix}${key[0]?.toUpperCase() ?? ''}${key.slice(1)}`}`;
}

function codeHash(row: Pick<RevealRow, 'id' | 'accountId' | 'secret'>, code: string): string {
  // Bound to the card and the secret: a code sent to show one card's PIN shows nothing else.
  return sha256(`${row.id}:card:${row.accountId}:${row.secret}:${code}`);
}

/** Full access, the acting customer's card, and a secret its status and kind may show. */
async function authorise(
  db: Database,
  actor: RevealActor,
  accountId: number,
  secret: StepUpPurpose,
): Promise<AccountRow> {
  requireFullAccess(actor);
  const card = await loadOwnedCard(db, actor.customerId, accountId);
  requireCardAction(card, ACTION_OF[secret]);
  return card;
}

function cardText(card: AccountRow): string {
  return `•••• ${card.cardPanLast4 ?? ''}`.trim();
}

function messageValues(
  lang: Language,
  card: AccountRow,
  secret: StepUpPurpose,
  brandName: string,
): Record<string, string | number> {
  return {
    brand: brandName,
    card: cardText(card),
    secret:
      secret === 'enroll'
        ? ''
        : t(lang, secret === 'pin' ? 'card-secrets:secretPin' : 'card-secrets:secretDetails'),
    minutes: REVEAL_TTL_MS / 60_000,
  };
}

/** startCardSecretReveal: sends the user's second factor for one secret of one card. */
export async function startCardSecretReveal(
  deps: CardSecretDeps,
  actor: RevealActor,
  input: { accountId: number; secret: StepUpPurpose },
) {
  const card = await authorise(deps.db, actor, input.accountId, input.secret);
  if (input.secret === 'pin') {
    const [details] = await deps.db
      .select({ pin: cardDetails.pinEncrypted })
      .from(cardDetails)
      .where(eq(cardDetails.accountId, card.id));
    if (!details?.pin) throw refuse('accountId', 'validation.cardHasNoPin', 'This card has no PIN');
  }
  const plan = await confirmationPlan(deps.db, actor.userId, actor.ownCustomerId);
  // A customer who confirms nothing still proves it is them before card data is shown.
  const approveType = plan.approveType === FACTOR.none ? FACTOR.email : plan.approveType;
  const now = new Date();
  const operationId = randomUUID();
  await deps.db.transaction(async (tx) => {
    const [recent] = await tx
      .select({ starts: count() })
      .from(cardSecretReveals)
      .where(
        and(
          eq(cardSecretReveals.userId, actor.userId),
          eq(cardSecretReveals.accountId, card.id),
          gte(cardSecretReveals.createdAt, new Date(now.getTime() - STARTS_WINDOW_MS)),
        ),
      );
    if ((recent?.starts ?? 0) >= MAX_STARTS)
      throw AppError.invalid(
        { accountId: 'validation.tooManyCodes' },
        'Too many codes were asked for: try again in a few minutes',
      );
    await supersedePending(tx, actor.userId, card.id, input.secret);
    const values = messageValues(actor.lang, card, input.secret, plan.brandName);
    const expiresAt = new Date(now.getTime() + REVEAL_TTL_MS);
    const row = { id: operationId, accountId: card.id, secret: input.secret };
    let hash: string | null = null;
    let deviceRequestKey: string | null = null;
    if (approveType === FACTOR.sms || approveType === FACTOR.email) {
      const code = sixDigitCode();
      hash = codeHash(row, code);
      const text = (key: string) => t(actor.lang, textKey(input.secret, key), { ...values, code });
      await sendFactorCode(tx, deps.mailer, {
        approveType,
        plan,
        userId: actor.userId,
        sms: text('smsCode'),
        emailSubject: text('emailSubject'),
        emailBody: text('emailBody'),
      });
    } else if (approveType === FACTOR.push) {
      deviceRequestKey = await createPushRequest(tx, {
        userId: actor.userId,
        kind: 'cardSecret',
        title: t(actor.lang, textKey(input.secret, 'pushTitle'), values),
        details: { card: String(values.card) },
        expiresAt,
      });
    }
    await tx.insert(cardSecretReveals).values({
      ...row,
      userId: actor.userId,
      customerId: actor.customerId,
      approveType,
      codeHash: hash,
      deviceRequestKey,
      expiresAt,
    });
    await audit(tx, {
      action: 'card.secretRequested',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { accountId: card.id, secret: input.secret, approveType },
    });
  });
  return {
    operationId,
    approveType,
    approvalSentTo: sentToOf({ approveType, smsPhone: plan.smsPhone, email: plan.email }),
    availableApprovalMethods: plan.usable,
  };
}

/** Asking again replaces the request before it: only the newest code or phone request works. */
async function supersedePending(tx: Tx, userId: number, accountId: number, secret: string) {
  const pending = await tx
    .update(cardSecretReveals)
    .set({ status: 'superseded', decidedAt: new Date() })
    .where(
      and(
        eq(cardSecretReveals.userId, userId),
        eq(cardSecretReveals.accountId, accountId),
        eq(cardSecretReveals.secret, secret),
        eq(cardSecretReveals.status, 'pending'),
      ),
    )
    .returning({ deviceRequestKey: cardSecretReveals.deviceRequestKey });
  for (const { deviceRequestKey } of pending) await supersedePushRequest(tx, deviceRequestKey);
}

const expiredError = () =>
  AppError.invalid(
    { code: 'validation.codeExpired' },
    'This request has expired or was already used. Please ask again.',
  );

type Outcome = { kind: 'passed' | 'pending' } | { kind: 'error'; error: AppError };

/**
 * Checks the step-up of one reveal and uses it up; throws when it does not pass. A wrong code
 * counts (and is kept: the transaction commits it before the refusal is thrown).
 */
export async function passStepUp(
  deps: Pick<CardSecretDeps, 'db'>,
  actor: RevealActor,
  card: AccountRow,
  secret: StepUpPurpose,
  input: { operationId?: string | undefined; code?: string | undefined },
): Promise<void> {
  if (!input.operationId)
    throw AppError.invalid(
      { operationId: 'validation.required' },
      'Not Operation Id, Fail Operation',
    );
  const operationId = input.operationId;
  const now = new Date();
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    const [row] = await tx
      .select()
      .from(cardSecretReveals)
      .where(
        and(
          eq(cardSecretReveals.id, operationId),
          eq(cardSecretReveals.userId, actor.userId),
          eq(cardSecretReveals.accountId, card.id),
          eq(cardSecretReveals.secret, secret),
        ),
      )
      .for('update');
    if (!row) return { kind: 'error', error: AppError.notFound('Operation not found') };
    const close = async (status: 'revealed' | 'rejected' | 'expired') =>
      tx
        .update(cardSecretReveals)
        .set({ status, decidedAt: now })
        .where(eq(cardSecretReveals.id, row.id));
    if (row.status !== 'pending') return { kind: 'error', error: expiredError() };
    if (row.expiresAt <= now) {
      await close('expired');
      return { kind: 'error', error: expiredError() };
    }
    const verdict = await judgeFactor(tx, row, {
      userId: actor.userId,
      code: input.code,
      now,
      hashOf: (code) => codeHash(row, code),
      maxAttempts: MAX_CODE_ATTEMPTS,
    });
    if (verdict.kind === 'pending') return { kind: 'pending' };
    if (verdict.kind === 'declined') {
      await close('rejected');
      return {
        kind: 'error',
        error: AppError.invalid(
          { operationId: 'validation.transactionRejected' },
          'The request was declined in the phone app',
        ),
      };
    }
    if (verdict.kind === 'missingCode')
      return {
        kind: 'error',
        error: AppError.invalid({ code: 'validation.required' }, 'Enter the code'),
      };
    if (verdict.kind === 'wrong') {
      await tx
        .update(cardSecretReveals)
        .set({ attempts: verdict.attempts })
        .where(eq(cardSecretReveals.id, row.id));
      if (verdict.exhausted) {
        await close('rejected');
        await audit(tx, {
          action: 'card.secretRefused',
          userId: actor.userId,
          customerId: actor.customerId,
          ip: actor.ip,
          details: { accountId: card.id, secret, reason: 'tooManyAttempts' },
        });
        return {
          kind: 'error',
          error: AppError.invalid(
            { code: 'validation.codeExpired' },
            'Too many wrong codes: please ask again.',
          ),
        };
      }
      return {
        kind: 'error',
        error: AppError.invalid(
          { code: 'validation.codeWrong' },
          `The code is not correct (${verdict.triesLeft} tries left)`,
        ),
      };
    }
    await close('revealed');
    await audit(tx, {
      action: AUDIT_ACTION_OF[secret],
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { accountId: card.id, operationId: row.id, approveType: row.approveType },
    });
    return { kind: 'passed' };
  });
  if (outcome.kind === 'error') throw outcome.error;
  if (outcome.kind === 'pending')
    throw new AppError(RESPONSE_CODES.verifyError, 'Waiting for approval in the phone app', {
      httpStatus: 409,
      extra: { reason: 'pending' },
    });
}

async function detailsOf(db: Database, accountId: number) {
  const [details] = await db.select().from(cardDetails).where(eq(cardDetails.accountId, accountId));
  if (!details) throw new Error(`cards: account ${accountId} has no card details`);
  return details;
}

type RevealInput = {
  accountId: number;
  operationId?: string | undefined;
  code?: string | undefined;
};

/** The card's PIN: the customer may look it up again (hence sealed, not hashed; docs/decisions.md). */
export async function showCardPin(
  deps: CardSecretDeps,
  actor: RevealActor,
  input: RevealInput,
): Promise<{ pin: string }> {
  const card = await authorise(deps.db, actor, input.accountId, 'pin');
  const details = await detailsOf(deps.db, card.id);
  if (!details.pinEncrypted)
    throw refuse('accountId', 'validation.cardHasNoPin', 'This card has no PIN');
  await passStepUp(deps, actor, card, 'pin', input);
  return { pin: deps.vault.open('pin', details.pinEncrypted) };
}

/** Number, expiry, CVV and holder of a virtual card (physical cards carry them printed). */
export async function getCardDetails(
  deps: CardSecretDeps,
  actor: RevealActor,
  input: RevealInput,
): Promise<{
  cardNumber: string;
  expiryMonth: number;
  expiryYear: number;
  cvv: string;
  holderName: string;
}> {
  const card = await authorise(deps.db, actor, input.accountId, 'details');
  const details = await detailsOf(deps.db, card.id);
  if (!card.cardNumberEncrypted || card.cardExpiryMonth === null || card.cardExpiryYear === null)
    throw new Error(`cards: account ${card.id} lacks its number or expiry`);
  await passStepUp(deps, actor, card, 'details', input);
  return {
    cardNumber: deps.vault.open('pan', card.cardNumberEncrypted),
    expiryMonth: card.cardExpiryMonth,
    expiryYear: card.cardExpiryYear,
    cvv: deps.vault.open('cvv', details.cvvEncrypted),
    holderName: details.holderName,
  };
}

/** The phone decided a 'cardSecret' request: the reveal reads the decision, nothing else happens. */
export const decideCardSecretRequest: DeviceRequestHook = async () => [];
