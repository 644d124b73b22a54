import type { GlobalPayMethod } from '@ledgerline/domain/global-pay';

/**
 * Where the recipient is in the claim (spec 2 §4 "Global payout, recipient flow"): choose a
 * country, then a method (and the currency it pays in), fill the beneficiary details, submit
 * (an operation to approve), approve with the e-mailed code, done. Each choice clears what came
 * after it; reset returns to the defaults.
 */
export interface ClaimOperation {
  operationId: string;
  approveType: number;
  approvalSentTo: string | null;
}

export interface ClaimState {
  countryCode: string | null;
  method: GlobalPayMethod | null;
  currencyCode: string | null;
  operation: ClaimOperation | null;
  isDone: boolean;
}

export type ClaimAction =
  | { type: 'country'; countryCode: string | null }
  | { type: 'method'; method: GlobalPayMethod | null; currencyCode: string | null }
  | { type: 'currency'; currencyCode: string | null }
  | { type: 'submitted'; operation: ClaimOperation }
  | { type: 'approved' }
  | { type: 'reset' };

export const INITIAL_CLAIM: ClaimState = {
  countryCode: null,
  method: null,
  currencyCode: null,
  operation: null,
  isDone: false,
};

export function claimReducer(state: ClaimState, action: ClaimAction): ClaimState {
  switch (action.type) {
    case 'country':
      return { ...INITIAL_CLAIM, countryCode: action.countryCode };
    case 'method':
      return {
        ...INITIAL_CLAIM,
        countryCode: state.countryCode,
        method: action.method,
        currencyCode: action.currencyCode,
      };
    case 'currency':
      return { ...state, currencyCode: action.currencyCode, operation: null };
    case 'submitted':
      return { ...state, operation: action.operation };
    case 'approved':
      return { ...state, isDone: true };
    case 'reset':
      return INITIAL_CLAIM;
  }
}

/** The step in front of the recipient, numbered as the page shows them. */
export type ClaimStep = 'country' | 'method' | 'details' | 'code' | 'done';

export function currentClaimStep(state: ClaimState): ClaimStep {
  if (state.isDone) return 'done';
  if (state.operation) return 'code';
  if (!state.countryCode) return 'country';
  if (!state.method || !state.currencyCode) return 'method';
  return 'details';
}
