import { z } from 'zod';
import { calendarDaySchema } from '../dates';
import { defineMethod } from '../define';
import { idSchema } from '../envelope';
import { moneySchema } from '../accounts/methods';
import { currencyCodeSchema } from '../dictionaries/methods';
import {
  APPROVAL_REQUEST_STATUSES,
  approvalRequestSchema,
  approveTypeSchema,
  positiveAmountSchema,
} from '../transfers/methods';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/*
 * Business approvals, complete (spec 2 §4 "Transaction approval", §6, §7 "Approvals"; issue 15):
 * a full-access user of the company decides requests an initiate-only user made, and proves it
 * with their OWN second factor, bound to the requests' amounts and payees. The decision is two
 * calls: businessApprovalsApprove (transactionIds, declined) starts it and sends the code (or the
 * phone request); businessConfirm (approvalTransactionId, code) finishes it. requestApprovalCode
 * and approveTransfer do the same for one request (trxid, approvalCode); generateApprovalCode
 * sends a new code. A company's policy may ask more than one approver above an amount.
 */

/** One side of a request: an account of the company, a person by e-mail, or an outside account. */
export const approvalPartySchema = lazySchema(() =>
  z.object({
    kind: z.enum(['ownAccount', 'person', 'external']),
    name: z.string().nullable(),
    /** Our account number (own accounts; a person's is not shown). */
    accountId: idSchema.nullable(),
    /** The IBAN of an own account, or the masked account/IBAN of an outside payee. */
    iban: z.string().nullable(),
    email: z.string().nullable(),
    currency: currencyCodeSchema,
  }),
);
export type ApprovalParty = z.infer<typeof approvalPartySchema>;

export const businessApprovalSchema = lazySchema(() =>
  approvalRequestSchema.extend({
    /** The initiator's display name. */
    createdByName: z.string(),
    createdByUserId: idSchema,
    source: approvalPartySchema.nullable(),
    destination: approvalPartySchema.nullable(),
    /** What reaches the payee, in the destination's currency. */
    toAmount: moneySchema.nullable(),
    toCurrency: currencyCodeSchema.nullable(),
    /** Units of the destination currency per one source unit. */
    rate: z.string().nullable(),
    fee: moneySchema.nullable(),
    requiredApprovals: z.number().int().min(1),
    /** Approvals given so far, oldest first. */
    approvals: z.array(z.object({ by: z.string(), at: z.string() })),
    /** Who declined it (or gave the last approval), when. */
    decidedBy: z.string().nullable(),
    decidedAt: z.string().nullable(),
    declineReason: z.string().nullable(),
    /** The caller may approve or decline it now (pending, not their own, not yet approved by them). */
    canDecide: z.boolean(),
  }),
);
export type BusinessApproval = z.infer<typeof businessApprovalSchema>;

/** A started decision: finish it with businessConfirm (or approveTransfer) and the approver's code. */
export const approvalOperationSchema = lazySchema(() =>
  z.object({
    approvalTransactionId: z.uuid(),
    /** 1 push, 2 SMS, 3 authenticator app, 4 e-mailed approval code (an approver always proves it). */
    approveType: approveTypeSchema,
    approvalSentTo: z.string().nullable(),
    availableApprovalMethods: z.array(approveTypeSchema),
    transactionIds: z.array(idSchema),
    declined: z.boolean(),
  }),
);
export type ApprovalOperation = z.infer<typeof approvalOperationSchema>;

export const BUSINESS_APPROVAL_OUTCOMES = ['approved', 'declined', 'awaiting', 'failed'] as const;
export const businessApprovalOutcomeSchema = lazySchema(() =>
  z.object({
    id: idSchema,
    /** approved: money moved; declined: nothing moved; awaiting: approval counted, more are needed; failed: still pending, message says why. */
    status: z.enum(BUSINESS_APPROVAL_OUTCOMES),
    transactionId: z.string().nullable(),
    message: z.string().nullable(),
  }),
);
export type BusinessApprovalOutcome = z.infer<typeof businessApprovalOutcomeSchema>;

const reasonSchema = lazySchema(() => z.string().trim().max(256, 'validation.tooLong'));
const codeSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'validation.sixDigitCode'),
);
const transactionIdsSchema = lazySchema(() => z.array(idSchema).min(1).max(50));

export const APPROVAL_POLICY_MAX_RULES = 3;
export const APPROVAL_POLICY_MAX_APPROVALS = 10;
export const approvalPolicyRuleSchema = lazySchema(() =>
  z
    .object({
      /** Requests above this amount (in the policy's currency) need `approvals` approvers. */
      aboveAmount: positiveAmountSchema,
      approvals: z.number().int().min(2).max(APPROVAL_POLICY_MAX_APPROVALS),
    })
    .strict(),
);
export const approvalPolicySchema = lazySchema(() =>
  z
    .object({
      currencyCode: currencyCodeSchema,
      rules: z.array(approvalPolicyRuleSchema).max(APPROVAL_POLICY_MAX_RULES),
    })
    .strict()
    .superRefine((value, ctx) => {
      const amounts = value.rules.map((rule) => rule.aboveAmount.replace(/^0+(?=\d)/, ''));
      amounts.forEach((amount, index) => {
        if (amounts.indexOf(amount) !== index)
          ctx.addIssue({
            code: 'custom',
            path: ['rules', index, 'aboveAmount'],
            message: 'validation.duplicate',
          });
      });
    }),
);
export type ApprovalPolicy = z.infer<typeof approvalPolicySchema>;

const policyAnswerSchema = lazySchema(() =>
  z.object({
    policy: z.object({
      currencyCode: currencyCodeSchema,
      rules: z.array(z.object({ aboveAmount: moneySchema, approvals: z.number().int() })),
    }),
    /** Users who may approve (full access): a rule never asks more than this. */
    approvers: z.number().int(),
    /** The caller may change the policy (full access). */
    canEdit: z.boolean(),
  }),
);

export const businessApprovalMethods = {
  /** The company's requests, newest first, page size ≤ 50 (spec 2 §9), by status, initiator and dates. */
  getBusinessApprovals: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          pageNumber: z.number().int().min(1).max(100_000),
          pageSize: z.number().int().min(1).max(50),
          status: z.enum(APPROVAL_REQUEST_STATUSES).optional(),
          /** The initiator's user id (getBusinessApprovalUsers). */
          createdBy: idSchema.optional(),
          fromDate: calendarDaySchema.optional(),
          toDate: calendarDaySchema.optional(),
        })
        .strict(),
    ),
    response: lazySchema(() =>
      z.object({ requests: z.array(businessApprovalSchema), total: z.number().int() }),
    ),
  }),
  /** The approvals users list: who initiated the company's requests (for the filter). */
  getBusinessApprovalUsers: defineMethod({
    request: lazySchema(() => z.object({}).strict()),
    response: lazySchema(() =>
      z.object({
        users: z.array(z.object({ id: idSchema, email: z.string(), name: z.string() })),
      }),
    ),
  }),
  /** Pending requests waiting for the caller (approver: others' requests they have not approved; initiator: their own). */
  getBusinessApprovalNotificationCounts: defineMethod({
    request: lazySchema(() => z.object({}).strict()),
    response: lazySchema(() => z.object({ pending: z.number().int() })),
  }),
  /** Starts a decision on requests (approve, or decline with a reason): sends the approver's code. */
  businessApprovalsApprove: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          transactionIds: transactionIdsSchema,
          declined: z.boolean(),
          reason: reasonSchema.optional(),
        })
        .strict(),
    ),
    response: approvalOperationSchema,
  }),
  /** Approval code request: starts a decision on one request (trxid). */
  requestApprovalCode: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          trxid: idSchema,
          declined: z.boolean().optional(),
          reason: reasonSchema.optional(),
        })
        .strict(),
    ),
    response: approvalOperationSchema,
  }),
  /** Approval code generate: a new code (or phone request) for a started decision; the old one stops working. */
  generateApprovalCode: defineMethod({
    request: lazySchema(() =>
      z.object({ approvalTransactionId: z.uuid('validation.operationId') }).strict(),
    ),
    response: lazySchema(() =>
      z.object({ sent: z.boolean(), approvalSentTo: z.string().nullable() }),
    ),
  }),
  /** Business confirm: finishes a decision with the approver's code (none for push). fromEmail (envelope), when given, must be the approver's. */
  businessConfirm: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          approvalTransactionId: z.uuid('validation.operationId'),
          code: codeSchema.optional(),
        })
        .strict(),
    ),
    response: lazySchema(() => z.object({ results: z.array(businessApprovalOutcomeSchema) })),
  }),
  /** Approve transfer: finishes the caller's started decision on one request with its code. */
  approveTransfer: defineMethod({
    request: lazySchema(() => z.object({ trxid: idSchema, approvalCode: codeSchema }).strict()),
    response: lazySchema(() => z.object({ results: z.array(businessApprovalOutcomeSchema) })),
  }),
  getApprovalPolicy: defineMethod({
    request: lazySchema(() => z.object({}).strict()),
    response: policyAnswerSchema,
  }),
  /** A full-access user sets the policy; no rules: one approver (the spec's default). New requests follow it. */
  setApprovalPolicy: defineMethod({
    request: approvalPolicySchema,
    response: policyAnswerSchema,
  }),
};
