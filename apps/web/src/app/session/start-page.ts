import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient, CustomerAccessInfo } from '@ledgerline/contract';
import {
  decideStartPage,
  type AccessInfoOutcome,
  type CustomerInfoOutcome,
  type StartPageDecision,
  type StartPageInput,
} from '@ledgerline/domain/start-page';
import { isApiError } from '@/lib/api-error';
import {
  accessInfoQueryOptions,
  accountsQueryOptions,
  customerInfoQueryOptions,
} from './customer-info';
import type { SessionStore } from './session-store';

export type StartDestination = Exclude<
  StartPageDecision,
  { kind: 'loadAccessInfo' } | { kind: 'loadOwnUse' } | { kind: 'actFor' }
>;

/** TE (spec 1 §8) or TERMS_ERROR (spec 2 §8): terms must be accepted first. */
export function isTermsError(error: unknown): boolean {
  return isApiError(error) && (error.responseCode === 'TE' || error.responseCode === 'TERMS_ERROR');
}

/** A refusal is an answer (the rules say "back to login"); trouble on the way is not, and is thrown. */
function isRefusal(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.kind === 'http' || error.kind === 'response') &&
    error.status !== 429
  );
}

function toAccessOutcome(
  info: CustomerAccessInfo,
  hasCustomCustomerId: boolean,
): AccessInfoOutcome {
  const related = info.accessibleCustomers.filter((customer) => !customer.isOwn).length;
  return {
    status: 'loaded',
    accessibleCustomers: related,
    // Own info counts for a business without related accounts; with them, only the chosen company's.
    current:
      hasCustomCustomerId || related === 0
        ? {
            isNeedKyc: info.isNeedKyc,
            balanceInfoAccess: info.accessList.balanceInfo,
            taxResidencySelfCertificationDocumentStatus:
              info.taxResidencySelfCertificationDocumentStatus,
          }
        : undefined,
  };
}

/**
 * Loads what the start-page rules need and asks them (packages/domain start-page.ts) until they
 * name a place. Answers are kept in the query cache, so the first screen does not load them again.
 * A stored initial path the rules choose is used up here (spec 1 §4 "used once, then cleared").
 */
export async function resolveStartPage(deps: {
  session: SessionStore;
  apiClient: ApiClient;
  queryClient: QueryClient;
}): Promise<StartDestination> {
  const { session, apiClient, queryClient } = deps;
  const customerId = session.getCustomerId();
  let customerInfo: CustomerInfoOutcome;
  try {
    const info = await queryClient.fetchQuery({
      ...customerInfoQueryOptions(apiClient, customerId),
      staleTime: 0,
    });
    customerInfo = { status: 'loaded', customer: info.customer };
  } catch (error) {
    if (isTermsError(error)) customerInfo = { status: 'termsPending' };
    else if (isRefusal(error)) customerInfo = { status: 'failed' };
    else throw error;
  }
  const input: StartPageInput = {
    customerInfo,
    hasCustomCustomerId: customerId !== undefined,
    initialPath: session.getState().initialPath,
  };
  for (;;) {
    const decision = decideStartPage(input);
    if (decision.kind === 'actFor') {
      // The person's only use is this company (issue 15): act for it and let its info decide.
      session.setCustomerId(decision.customerId);
      return resolveStartPage(deps);
    }
    if (decision.kind === 'loadOwnUse') {
      try {
        const [info, accounts] = await Promise.all([
          queryClient.fetchQuery({
            ...accessInfoQueryOptions(apiClient, customerId),
            staleTime: 0,
          }),
          queryClient.fetchQuery(accountsQueryOptions(apiClient, customerId)),
        ]);
        input.ownUse = {
          ownAccounts: accounts.length,
          companyIds: info.accessibleCustomers
            .filter((customer) => !customer.isOwn)
            .map((customer) => customer.id),
        };
      } catch (error) {
        if (!isRefusal(error)) throw error;
        // Refused: the person's own home, as before issue 15.
        input.ownUse = { ownAccounts: 1, companyIds: [] };
      }
      continue;
    }
    if (decision.kind !== 'loadAccessInfo') {
      if (decision.kind === 'navigate' && decision.usesInitialPath) session.takeInitialPath();
      return decision;
    }
    try {
      const info = await queryClient.fetchQuery({
        ...accessInfoQueryOptions(apiClient, customerId),
        staleTime: 0,
      });
      input.accessInfo = toAccessOutcome(info, input.hasCustomCustomerId);
    } catch (error) {
      if (!isRefusal(error)) throw error;
      input.accessInfo = { status: 'failed' };
    }
  }
}

/** The old web client's address, if it is one a browser may be sent to. */
export function safeOldWebUrl(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:'
      ? parsed.toString()
      : undefined;
  } catch {
    return undefined;
  }
}
