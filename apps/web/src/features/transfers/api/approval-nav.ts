import { useTransferScreens } from './access';
import { useApprovalCounts, useLiveApprovals } from './approvals';

/**
 * The navigation's pending-approvals badge (issue 15): requests waiting for the user (an approver:
 * others' requests they have not approved; an initiator: their own), kept live by
 * ApprovalRequestChanged while any page of the main layout is open.
 */
export function useApprovalNavCount(enabled: boolean): number {
  const { screens } = useTransferScreens({ enabled });
  const mayApprove = enabled && screens.includes('approved');
  useLiveApprovals(mayApprove);
  return useApprovalCounts({ enabled: mayApprove }).data?.pending ?? 0;
}
