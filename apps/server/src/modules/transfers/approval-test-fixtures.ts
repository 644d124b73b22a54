import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { MainMethodName } from '@ledgerline/contract';
import { outbox } from '../../db/schema';
import type { MainAnswer, MainPayload, TestServer } from '../../../test/helper';

/** Helpers of the business approval tests: start a decision, read the approver's code, confirm. */
export function approvalFixtures(server: () => TestServer) {
  const db = () => server().database.db;

  async function call<M extends MainMethodName>(
    method: M,
    token: string,
    body: MainPayload<M>,
    fromCustomerId?: number,
  ): Promise<{ status: number; body: MainAnswer<M> }> {
    return server().call(method, body, { token, fromCustomerId });
  }

  /** The 6-digit code in the newest message sent to a user. */
  async function lastCode(userId: number): Promise<string> {
    const [row] = await db()
      .select({ body: outbox.body })
      .from(outbox)
      .where(and(eq(outbox.userId, userId)))
      .orderBy(desc(outbox.id))
      .limit(1);
    const code = /\b(\d{6})\b/.exec(row?.body ?? '')?.[1];
    if (!code) throw new Error(`no code was sent to user ${userId}`);
    return code;
  }

  /** Starts a decision and answers its operation (the code went to the approver's outbox). */
  async function start(
    token: string,
    ids: number[],
    fromCustomerId: number,
    options: { declined?: boolean; reason?: string } = {},
  ) {
    return call(
      'businessApprovalsApprove',
      token,
      {
        transactionIds: ids,
        declined: options.declined ?? false,
        ...(options.reason !== undefined ? { reason: options.reason } : {}),
      },
      fromCustomerId,
    );
  }

  /** Approves (or declines) with the approver's own e-mailed code: start, read the code, confirm. */
  async function decide(
    token: string,
    approverUserId: number,
    ids: number[],
    fromCustomerId: number,
    options: { declined?: boolean; reason?: string } = {},
  ) {
    const started = await start(token, ids, fromCustomerId, options);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const code = await lastCode(approverUserId);
    return call(
      'businessConfirm',
      token,
      { approvalTransactionId: started.body.approvalTransactionId, code },
      fromCustomerId,
    );
  }

  async function pending(token: string, fromCustomerId: number) {
    const { body } = await call(
      'getBusinessApprovals',
      token,
      { pageNumber: 1, pageSize: 50, status: 'pending' },
      fromCustomerId,
    );
    return body.requests;
  }

  return { call, lastCode, start, decide, pending };
}
