import { and, eq, sql } from 'drizzle-orm';
import type { ApprovalPolicy } from '@ledgerline/contract';
import { ACCESS_LEVELS } from '@ledgerline/domain';
import type { Database, DbOrTx } from '../../db/client';
import { approvalPolicies, customerAccess, customers, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { customerMainCurrency } from '../accounts';
import { audit } from '../audit';
import { Money, moneyText, requireMinorUnits } from '../ledger';
import { transferExchangeRate } from '../rates';

/*
 * A company's approval policy (beyond spec 2 §4, as Revolut Business and Wise Business offer it):
 * rules "above this amount, N approvers" in one currency the company chooses (its main currency by
 * default). A request's amount is converted at the recorded rate when it is made, and the number of
 * approvals it needs is fixed then (approval_requests.required_approvals): changing the policy
 * governs new requests, never one an approver is looking at. No rule: one approver (the spec).
 */

type Rule = { aboveAmount: string; approvals: number };

/**
 * The users who may approve for a company: its own users and those with full access to it. Never
 * an administrator acting on behalf (issue 15: staff never move a customer's money on their own).
 */
export async function approverIds(db: DbOrTx, customerId: number): Promise<number[]> {
  const own = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.customerId, customerId), eq(users.disabled, false)));
  const granted = await db
    .select({ id: customerAccess.userId })
    .from(customerAccess)
    .innerJoin(users, eq(users.id, customerAccess.userId))
    .where(
      and(
        eq(customerAccess.customerId, customerId),
        eq(customerAccess.accessRight, ACCESS_LEVELS.fullAccess),
        eq(users.disabled, false),
      ),
    );
  return [...new Set([...own, ...granted].map((row) => row.id))];
}

async function loadPolicy(db: DbOrTx, customerId: number) {
  const [row] = await db
    .select()
    .from(approvalPolicies)
    .where(eq(approvalPolicies.customerId, customerId));
  return row ?? null;
}

/** Approvals a request of `amount` (in `currency`) needs under the company's policy now. */
export async function requiredApprovalsFor(
  db: DbOrTx,
  customerId: number,
  amount: Money,
  currency: string,
): Promise<number> {
  const policy = await loadPolicy(db, customerId);
  if (!policy || policy.rules.length === 0) return 1;
  const rate = (await transferExchangeRate(db, currency, policy.currencyCode)).rate;
  const inPolicyCurrency = amount.times(rate);
  let required = 1;
  for (const rule of policy.rules)
    if (inPolicyCurrency.greaterThan(rule.aboveAmount))
      required = Math.max(required, rule.approvals);
  return required;
}

function sorted(rules: Rule[]): Rule[] {
  return [...rules]
    .map((rule) => ({ aboveAmount: moneyText(rule.aboveAmount), approvals: rule.approvals }))
    .sort((a, b) => new Money(a.aboveAmount).comparedTo(b.aboveAmount));
}

async function answer(db: DbOrTx, actor: Actor) {
  const policy = await loadPolicy(db, actor.customerId);
  return {
    policy: {
      currencyCode: policy?.currencyCode ?? (await customerMainCurrency(db, actor.customerId)),
      rules: sorted(policy?.rules ?? []),
    },
    approvers: (await approverIds(db, actor.customerId)).length,
    canEdit: actor.accessLevel === ACCESS_LEVELS.fullAccess,
  };
}

/** getApprovalPolicy: anyone who may see the company's requests (full access or initiate). */
export async function getApprovalPolicy(db: Database, actor: Actor) {
  if (
    actor.accessLevel !== ACCESS_LEVELS.fullAccess &&
    actor.accessLevel !== ACCESS_LEVELS.initiate
  )
    throw AppError.noAccess('You may not see this company’s approvals');
  return answer(db, actor);
}

/** setApprovalPolicy: full access only; a rule may not ask more approvers than the company has. */
export async function setApprovalPolicy(db: Database, actor: Actor, input: ApprovalPolicy) {
  if (actor.accessLevel !== ACCESS_LEVELS.fullAccess)
    throw AppError.noAccess('Only a user with full access may change the approval policy');
  input.rules.forEach((rule, index) =>
    requireMinorUnits(rule.aboveAmount, input.currencyCode, `rules.${index}.aboveAmount`),
  );
  return db.transaction(async (tx) => {
    // One writer at a time per company, so the approver count checked is the one saved against.
    await tx.execute(
      sql`select id from ${customers} where ${customers.id} = ${actor.customerId} for update`,
    );
    const approvers = (await approverIds(tx, actor.customerId)).length;
    const tooMany = input.rules.findIndex((rule) => rule.approvals > approvers);
    if (tooMany >= 0)
      throw AppError.invalid(
        { [`rules.${tooMany}.approvals`]: 'validation.tooManyApprovers' },
        `The company has ${approvers} users who may approve`,
      );
    const rules = sorted(input.rules);
    const before = await loadPolicy(tx, actor.customerId);
    await tx
      .insert(approvalPolicies)
      .values({
        customerId: actor.customerId,
        currencyCode: input.currencyCode,
        rules,
        updatedByUserId: actor.userId,
      })
      .onConflictDoUpdate({
        target: approvalPolicies.customerId,
        set: {
          currencyCode: input.currencyCode,
          rules,
          updatedByUserId: actor.userId,
          updatedAt: new Date(),
        },
      });
    await audit(tx, {
      action: 'approval.policyChanged',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: {
        before: before ? { currencyCode: before.currencyCode, rules: before.rules } : null,
        after: { currencyCode: input.currencyCode, rules },
      },
    });
    return answer(tx, actor);
  });
}
