import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  ACCOUNT_STATUS,
  ACCOUNT_TYPES,
  IDENTITY_LIST_PAGE_SIZE,
  IDENTITY_REQUEST_STATUSES,
  getBrand,
  identityListFilter,
  identityRequestFee,
  isBrandId,
  oneOf,
  type IdentityRequestStatus,
} from '@ledgerline/domain';
import type { IdentityRequest, IdentityRequestEvent } from '@ledgerline/contract';
import type { Database, DbOrTx } from '../../db/client';
import {
  accounts,
  customers,
  identityWorkflowRuns,
  merchantIdentityRequests,
} from '../../db/schema';
import { t } from '../../i18n/translate';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';
import { customerDisplayName, requireMayMoveMoney } from '../customers';
import { startMerchantRun } from '../identity-verification';
import { hashRequest, Money, moneyText, postTransfer, systemAccount } from '../ledger';
import { enqueueMessage } from '../notifications';

/*
 * Identity verification requests (issue 18; spec 2 §3, §5, §7, §9): a merchant pays a fee to have a
 * person prove who they are at the brand's provider. The request's status and history are read
 * from its workflow run, which the provider's callback completes (identity-verification module).
 */

const FEE_ACCOUNT_TYPES: number[] = [ACCOUNT_TYPES.payment, ACCOUNT_TYPES.prepaidFunding];

/** The status a request shows, from its run (a link not used in time is expired though no job rewrote it). */
const statusSql: SQL<string> = sql<string>`case
  when ${identityWorkflowRuns.state} = 'completed' then coalesce(${identityWorkflowRuns.outcome}, 'rejected')
  when ${identityWorkflowRuns.state} = 'submitted' then 'submitted'
  when ${identityWorkflowRuns.state} = 'expired' or ${identityWorkflowRuns.expiresAt} <= now() then 'expired'
  else 'sent' end`;

const columns = {
  id: merchantIdentityRequests.id,
  name: merchantIdentityRequests.name,
  email: merchantIdentityRequests.email,
  reference: merchantIdentityRequests.reference,
  feeAmount: merchantIdentityRequests.feeAmount,
  currencyCode: merchantIdentityRequests.currencyCode,
  accountId: merchantIdentityRequests.feeAccountId,
  workflowRunId: merchantIdentityRequests.workflowRunId,
  createdAt: merchantIdentityRequests.createdAt,
  status: statusSql,
  state: identityWorkflowRuns.state,
  expiresAt: identityWorkflowRuns.expiresAt,
  submittedAt: identityWorkflowRuns.submittedAt,
  finishedAt: identityWorkflowRuns.finishedAt,
};

type Row = {
  id: number;
  name: string;
  email: string;
  reference: string | null;
  feeAmount: string;
  currencyCode: string;
  accountId: number;
  workflowRunId: number;
  createdAt: Date;
  status: string;
  state: string;
  expiresAt: Date;
  submittedAt: Date | null;
  finishedAt: Date | null;
};

function statusOf(row: Row): IdentityRequestStatus {
  return oneOf(IDENTITY_REQUEST_STATUSES, row.status) ?? 'sent';
}

/** When the request last changed: its answer, its submission, its expiry or its creation. */
function changedAt(row: Row): Date {
  const status = statusOf(row);
  if (status === 'expired') return row.finishedAt ?? row.expiresAt;
  return row.finishedAt ?? row.submittedAt ?? row.createdAt;
}

function view(row: Row): IdentityRequest {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    reference: row.reference,
    status: statusOf(row),
    fee: { amount: moneyText(row.feeAmount), currencyCode: row.currencyCode },
    accountId: row.accountId,
    workflowRunId: row.workflowRunId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: changedAt(row).toISOString(),
  };
}

function selectRequests(db: DbOrTx) {
  return db
    .select(columns)
    .from(merchantIdentityRequests)
    .innerJoin(
      identityWorkflowRuns,
      eq(identityWorkflowRuns.id, merchantIdentityRequests.workflowRunId),
    );
}

/** An active payment account or wallet of the company: another customer's is "not found". */
async function feeAccount(db: DbOrTx, actor: Actor, accountId: number) {
  const [account] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.customerId, actor.customerId)));
  if (!account) throw AppError.notFound('Account not found');
  if (
    !FEE_ACCOUNT_TYPES.includes(account.type) ||
    account.accountStatusId !== ACCOUNT_STATUS.active
  )
    throw AppError.invalid(
      { accountId: 'validation.identityFeeAccountNotUsable' },
      'The fee is paid from an active payment account or wallet',
    );
  const fee = identityRequestFee(account.currencyCode);
  if (fee === null)
    throw AppError.invalid(
      { accountId: 'validation.identityFeeCurrency' },
      `An identity verification cannot be paid in ${account.currencyCode}`,
    );
  return { account, fee };
}

export async function identityRequestFeeFor(db: Database, actor: Actor, accountId: number) {
  const { account, fee } = await feeAccount(db, actor, accountId);
  return { amount: moneyText(fee), currencyCode: account.currencyCode };
}

export interface CreateIdentityRequest {
  name: string;
  email: string;
  accountId: number;
  reference?: string | undefined;
  fee: string;
  idempotencyKey: string;
}

async function byKey(db: DbOrTx, actor: Actor, key: string) {
  const [row] = await db
    .select({ id: merchantIdentityRequests.id, requestHash: merchantIdentityRequests.requestHash })
    .from(merchantIdentityRequests)
    .where(
      and(
        eq(merchantIdentityRequests.customerId, actor.customerId),
        eq(merchantIdentityRequests.idempotencyKey, key),
      ),
    );
  return row;
}

async function oneRequest(db: DbOrTx, actor: Actor, id: number): Promise<IdentityRequest> {
  const [row] = await selectRequests(db).where(
    and(
      eq(merchantIdentityRequests.id, id),
      eq(merchantIdentityRequests.customerId, actor.customerId),
    ),
  );
  if (!row) throw AppError.notFound();
  return view(row);
}

/**
 * Charges the fee, starts the check and e-mails the person its link, in one transaction. The fee
 * the merchant confirmed must be the fee (else nothing is charged); a retry with the same
 * idempotency key answers the first request; the same key with another request is refused.
 */
export async function createIdentityRequest(
  db: Database,
  actor: Actor,
  input: CreateIdentityRequest,
  origin: string,
): Promise<IdentityRequest> {
  const requestHash = hashRequest({ ...input, idempotencyKey: undefined });
  const replay = async () => {
    const earlier = await byKey(db, actor, input.idempotencyKey);
    if (!earlier) return undefined;
    if (earlier.requestHash !== requestHash)
      throw AppError.invalid(
        { idempotencyKey: 'validation.idempotencyKeyReused' },
        'This idempotency key was already used for a different request',
      );
    return oneRequest(db, actor, earlier.id);
  };
  const first = await replay();
  if (first) return first;

  const { account, fee } = await feeAccount(db, actor, input.accountId);
  const amount = new Money(fee);
  if (!new Money(input.fee).equals(amount))
    throw AppError.invalid(
      { fee: 'validation.feeChanged' },
      'The fee is no longer the one shown: look at it again before you confirm',
    );
  const reference = input.reference ? input.reference : null;
  try {
    const id = await db.transaction(async (tx) => {
      await requireMayMoveMoney(tx, actor.customerId);
      const [company] = await tx.select().from(customers).where(eq(customers.id, actor.customerId));
      if (!company) throw AppError.notFound('Customer not found');
      const revenue = await systemAccount(tx, 'feeRevenue', account.currencyCode);
      let transferId: string;
      try {
        const transfer = await postTransfer(tx, {
          kind: 'identityRequestFee',
          customerId: actor.customerId,
          initiatedByUserId: actor.userId,
          idempotencyKey: `idv-request:${input.idempotencyKey}`,
          requestHash,
          status: 'settled',
          currencyCode: account.currencyCode,
          amount: amount.toFixed(),
          fee: amount.toFixed(),
          postings: [
            { accountId: account.id, amount: amount.negated().toFixed() },
            { accountId: revenue.id, amount: amount.toFixed() },
          ],
          details: { description: 'Identity verification request', email: input.email },
        });
        transferId = transfer.id;
      } catch (error) {
        if (error instanceof AppError && error.extra?.accountId === account.id)
          throw AppError.invalid(
            { accountId: 'validation.insufficientFunds' },
            'The account does not have enough money for the fee',
          );
        throw error;
      }
      const run = await startMerchantRun(tx, {
        customerId: actor.customerId,
        brandId: company.brandId,
        userId: actor.userId,
      });
      const [created] = await tx
        .insert(merchantIdentityRequests)
        .values({
          customerId: actor.customerId,
          requestedByUserId: actor.userId,
          name: input.name,
          email: input.email,
          reference,
          feeAccountId: account.id,
          feeAmount: amount.toFixed(),
          currencyCode: account.currencyCode,
          feeTransferId: transferId,
          workflowRunId: run.workflowRunId,
          idempotencyKey: input.idempotencyKey,
          requestHash,
        })
        .returning({ id: merchantIdentityRequests.id });
      if (!created) throw new Error('merchant-trust: request insert returned nothing');
      const brand = getBrand(isBrandId(company.brandId) ? company.brandId : 'pebble').projectName;
      const values = {
        name: input.name,
        merchant: customerDisplayName(company),
        brand,
        link: `${origin}${run.path}`,
        expires: run.expiresAt.toISOString().slice(0, 10),
        reference: reference ?? '',
      };
      await enqueueMessage(tx, {
        channel: 'email',
        recipient: input.email,
        subject: t(actor.lang, 'merchant-trust:identityRequestSubject', values),
        body: t(
          actor.lang,
          reference
            ? 'merchant-trust:identityRequestBodyReference'
            : 'merchant-trust:identityRequestBody',
          values,
        ),
      });
      await audit(tx, {
        action: 'merchantTrust.identityRequest',
        userId: actor.userId,
        customerId: actor.customerId,
        ip: actor.ip,
        details: {
          requestId: created.id,
          workflowRunId: run.workflowRunId,
          feeTransferId: transferId,
          amount: amount.toFixed(),
          currencyCode: account.currencyCode,
        },
      });
      return created.id;
    });
    return await oneRequest(db, actor, id);
  } catch (error) {
    // A concurrent retry with the same key committed first: answer its request.
    const again = await replay().catch(() => undefined);
    if (again) return again;
    throw error;
  }
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (match) => `\\${match}`);
}

/** The company's requests, newest first, IDENTITY_LIST_PAGE_SIZE a page; empty filter values are dropped. */
export async function listIdentityRequests(
  db: Database,
  actor: Actor,
  input: { status?: string | undefined; query?: string | undefined; pageNumber: number },
) {
  const { filter, isEmpty } = identityListFilter(input);
  const conditions: SQL[] = [eq(merchantIdentityRequests.customerId, actor.customerId)];
  if (filter.status !== undefined) conditions.push(sql`(${statusSql}) = ${filter.status}`);
  if (filter.query !== undefined) {
    const pattern = `%${escapeLike(filter.query)}%`;
    const text = or(
      ilike(merchantIdentityRequests.name, pattern),
      ilike(merchantIdentityRequests.email, pattern),
      ilike(merchantIdentityRequests.reference, pattern),
    );
    if (text) conditions.push(text);
  }
  const where = and(...conditions);
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(merchantIdentityRequests)
    .innerJoin(
      identityWorkflowRuns,
      eq(identityWorkflowRuns.id, merchantIdentityRequests.workflowRunId),
    )
    .where(where);
  const rows = await selectRequests(db)
    .where(where)
    .orderBy(desc(merchantIdentityRequests.id))
    .limit(IDENTITY_LIST_PAGE_SIZE)
    .offset((input.pageNumber - 1) * IDENTITY_LIST_PAGE_SIZE);
  return {
    identities: rows.map(view),
    pageSize: IDENTITY_LIST_PAGE_SIZE,
    pageNumber: input.pageNumber,
    total,
    filterEmpty: isEmpty,
  };
}

/** The status changes a request went through, each with its time, oldest first. */
function eventsOf(row: Row): IdentityRequestEvent[] {
  const base = { requestId: row.id, name: row.name, email: row.email };
  const events: IdentityRequestEvent[] = [
    { ...base, status: 'sent', at: row.createdAt.toISOString() },
  ];
  if (row.submittedAt)
    events.push({ ...base, status: 'submitted', at: row.submittedAt.toISOString() });
  const status = statusOf(row);
  if (status !== 'sent' && status !== 'submitted')
    events.push({ ...base, status, at: changedAt(row).toISOString() });
  return events;
}

/**
 * The history of the company's requests (the latest IDENTITY_LIST_PAGE_SIZE of them), newest change
 * first; with an id, that request's only (another company's id is "not found").
 */
export async function identityRequestHistory(
  db: Database,
  actor: Actor,
  id: number | undefined,
): Promise<IdentityRequestEvent[]> {
  const own = eq(merchantIdentityRequests.customerId, actor.customerId);
  const rows = await selectRequests(db)
    .where(id === undefined ? own : and(own, eq(merchantIdentityRequests.id, id)))
    .orderBy(desc(merchantIdentityRequests.id))
    .limit(IDENTITY_LIST_PAGE_SIZE);
  if (id !== undefined && rows.length === 0) throw AppError.notFound();
  return rows
    .flatMap(eventsOf)
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : b.requestId - a.requestId));
}

/** The company's requests to one e-mail (lower-cased), for reputation. */
export async function identityRequestsTo(db: DbOrTx, customerId: number, email: string) {
  const rows = await selectRequests(db)
    .where(
      and(
        eq(merchantIdentityRequests.customerId, customerId),
        sql`lower(${merchantIdentityRequests.email}) = ${email}`,
      ),
    )
    .orderBy(desc(merchantIdentityRequests.id));
  return rows.map(view);
}
