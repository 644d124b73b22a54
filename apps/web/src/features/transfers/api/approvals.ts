import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MainRequest } from '@ledgerline/contract';
import { useApiClient, useRealtimeEvent, useSessionState } from '@/app/session';
import { transferKeys } from '../keys';

/*
 * Business approvals (spec 2 §7 "Approvals"; issue 15): the company's requests, who made them,
 * the counts in the navigation, the approver's two-call decision (start, then confirm with their
 * own code) and the company's approval policy.
 */

/** One page (at most 50) of the acting company's approval requests, filtered. */
export function useApprovalRequests(request: MainRequest<'getBusinessApprovals'>) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: transferKeys.approvals(customerId, request),
    queryFn: () => client.main('getBusinessApprovals', request),
    placeholderData: keepPreviousData,
  });
}

/** The approvals users list: who initiated the company's requests (the initiator filter). */
export function useApprovalUsers() {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: [...transferKeys.approvals(customerId), 'users'],
    queryFn: () => client.main('getBusinessApprovalUsers', {}),
  });
}

export function useApprovalCounts(options: { enabled?: boolean } = {}) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: transferKeys.approvalCounts(customerId),
    queryFn: () => client.main('getBusinessApprovalNotificationCounts', {}),
    enabled: options.enabled ?? true,
  });
}

/** A request was made or decided somewhere: the lists and the counts are stale (ApprovalRequestChanged). */
export function useLiveApprovals(enabled: boolean) {
  const queryClient = useQueryClient();
  const { customerId } = useSessionState();
  useRealtimeEvent('ApprovalRequestChanged', () => {
    if (!enabled) return;
    void queryClient.invalidateQueries({ queryKey: transferKeys.approvals(customerId) });
    void queryClient.invalidateQueries({ queryKey: transferKeys.approvalCounts(customerId) });
  });
}

/** Starts a decision on requests: the approver's code (or phone request) is sent. */
export function useStartDecision() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (request: MainRequest<'businessApprovalsApprove'>) =>
      client.main('businessApprovalsApprove', request),
  });
}

/** Finishes a decision with the approver's code; the lists, counts and balances are stale afterwards. */
export function useConfirmDecision() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: MainRequest<'businessConfirm'>) =>
      client.main('businessConfirm', request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: transferKeys.all }),
  });
}

/** A new code (or phone request) for a started decision. */
export function useResendDecisionCode() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (request: MainRequest<'generateApprovalCode'>) =>
      client.main('generateApprovalCode', request),
  });
}

export function useApprovalPolicy() {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: [...transferKeys.of(customerId), 'approval-policy'],
    queryFn: () => client.main('getApprovalPolicy', {}),
  });
}

export function useSetApprovalPolicy() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { customerId } = useSessionState();
  return useMutation({
    mutationFn: (request: MainRequest<'setApprovalPolicy'>) =>
      client.main('setApprovalPolicy', request),
    onSuccess: (answer) =>
      queryClient.setQueryData([...transferKeys.of(customerId), 'approval-policy'], answer),
  });
}
