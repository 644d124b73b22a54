import { createContext, useContext } from 'react';
import type { SubmitResult } from '@ledgerline/contract';

/*
 * The customer's second factor for money moved by a screen outside features/transfers (issue 17:
 * a global-payout batch, shown under the mass transfers layout). features/transfers provides it
 * with its one confirmation flow (code, resend, push, expiry); the screen hands over its submit
 * answer. Features never import each other (STYLE.md): the route that nests them joins them here.
 */

export interface ConfirmationRequest {
  result: SubmitResult;
  /** Already formatted: what the customer approves, as the phone shows it (amount and payee). */
  summary: { amount: string; payee: string };
  /** Delivered later (a rail, a claim): the success says "on its way" rather than "completed". */
  settledState?: 'completed' | 'onItsWay';
  /** The flow closed: settled when the code was accepted. */
  onClose?: (outcome: 'settled' | 'approvalCreated' | 'rejected' | 'dismissed') => void;
}

export const ConfirmationHostContext = createContext<
  ((request: ConfirmationRequest) => void) | null
>(null);

/** Starts the shared confirmation; null outside a layout that provides it. */
export function useConfirmationHost(): ((request: ConfirmationRequest) => void) | null {
  return useContext(ConfirmationHostContext);
}
