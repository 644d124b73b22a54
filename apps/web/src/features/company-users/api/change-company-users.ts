import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MainRequest } from '@ledgerline/contract';
import { useApiClient } from '@/app/session';
import { companyUsersKeys } from '../keys';

/*
 * The changes a full-access user makes to the company's users. Whatever the outcome, the list is
 * read again (another full-access user may have changed it meanwhile).
 */

function useCompanyUsersMutation<Request, Answer>(call: (request: Request) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyUsersKeys.all }),
  });
}

export function useAddCompanyUser() {
  const client = useApiClient();
  return useCompanyUsersMutation((request: MainRequest<'addCompanyUser'>) =>
    client.main('addCompanyUser', request),
  );
}

export function useUpdateCompanyUserRights() {
  const client = useApiClient();
  return useCompanyUsersMutation((request: MainRequest<'updateCompanyUserRights'>) =>
    client.main('updateCompanyUserRights', request),
  );
}

export type UserAction = 'suspend' | 'resume' | 'remove' | 'resend';

const METHOD = {
  suspend: 'suspendCompanyUser',
  resume: 'resumeCompanyUser',
  remove: 'removeCompanyUser',
  resend: 'resendCompanyUserInvitation',
} as const;

/** Suspend, resume, remove or resend the invitation of one user. */
export function useCompanyUserAction() {
  const client = useApiClient();
  return useCompanyUsersMutation(
    async ({ action, userId }: { action: UserAction; userId: number }) => {
      await client.main(METHOD[action], { userId });
      return action;
    },
  );
}
