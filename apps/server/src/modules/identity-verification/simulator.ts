import { randomUUID } from 'node:crypto';
import { IDV_SIGNATURE_HEADER, IDV_TIMESTAMP_HEADER, type IdvCallback } from '@ledgerline/contract';
import { simulatedIdvDecision, type IdvProvider } from '@ledgerline/domain';
import type { DbOrTx } from '../../db/client';
import { submittedFiles } from './provider';
import { signCallback } from './signature';

/** How the simulated provider reaches the bank: an HTTP POST of the signed body to the callback path. */
export type CallbackTransport = (request: {
  path: string;
  headers: Record<string, string>;
  body: string;
}) => Promise<{ status: number; body: string }>;

/**
 * The provider simulators jmo and nfd deciding a submitted check (spec 1 §3): the decision is
 * deterministic from the file names (simulatedIdvDecision), the document data is made up from the
 * run, and the answer goes to the bank as a real signed callback over HTTP, exactly as a hosted
 * provider's would: the bank trusts it only because the signature verifies.
 */
export async function answerSubmittedRun(
  db: DbOrTx,
  input: {
    provider: IdvProvider;
    workflowRunId: number;
    secret: string;
    transport: CallbackTransport;
    now?: Date;
  },
): Promise<{ status: number; body: string }> {
  const decision = simulatedIdvDecision(await submittedFiles(db, input.workflowRunId));
  const now = input.now ?? new Date();
  const callback: IdvCallback = {
    eventId: randomUUID(),
    workflowRunId: input.workflowRunId,
    outcome: decision.outcome,
    reason: decision.reason,
    document:
      decision.outcome === 'rejected'
        ? null
        : {
            typeId: 1,
            number: `${input.provider.toUpperCase()}${String(input.workflowRunId).padStart(7, '0')}`,
            issuedDate: `${now.getUTCFullYear() - 2}-03-14`,
            expiresDate: `${now.getUTCFullYear() + 8}-03-13`,
          },
  };
  const body = JSON.stringify(callback);
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return input.transport({
    path: `/api/identity-verification/callbacks/${input.provider}`,
    headers: {
      'content-type': 'application/json',
      [IDV_TIMESTAMP_HEADER]: timestamp,
      [IDV_SIGNATURE_HEADER]: signCallback(input.secret, timestamp, body),
    },
    body,
  });
}
