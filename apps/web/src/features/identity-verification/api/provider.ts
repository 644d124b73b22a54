import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  identityVerificationRoutes,
  type IdvProviderSession,
} from '@ledgerline/contract';
import type { IdvStep } from '@ledgerline/domain/identity-verification';
import { useApiClient, useSessionManager } from '@/app/session';
import { identityVerificationKeys } from '../keys';

/** How a provider page names its run: the document check's id and token, or the video job's id. */
export type ProviderLink =
  { kind: 'document'; workflowRunId: string; token: string } | { kind: 'video'; id: string };

const routes = identityVerificationRoutes.provider;

function linkKey(link: ProviderLink): string {
  return link.kind === 'video' ? `video:${link.id}` : `run:${link.workflowRunId}:${link.token}`;
}

function apiBase(link: ProviderLink): string {
  return link.kind === 'video'
    ? `/api/identity-verification/provider/video-jobs/${encodeURIComponent(link.id)}`
    : `/api/identity-verification/provider/runs/${encodeURIComponent(link.workflowRunId)}/${encodeURIComponent(link.token)}`;
}

/** The provider's page is outside the bank's session: its link is the credential, so no bearer is sent. */
export function useProviderSession(link: ProviderLink) {
  const client = useApiClient();
  return useQuery({
    queryKey: identityVerificationKeys.providerRun(linkKey(link)),
    queryFn: (): Promise<IdvProviderSession> =>
      link.kind === 'video'
        ? client.route(routes.videoSession, { params: { id: link.id }, anonymous: true })
        : client.route(routes.session, {
            params: { workflowRunId: Number(link.workflowRunId), token: link.token },
            anonymous: true,
          }),
    retry: false,
  });
}

/**
 * Sends one picture as the request body (the provider takes the bytes as they are, no form
 * encoding); the server decides its type from the content. A refusal comes back as an ApiError
 * with the envelope's validation errors.
 */
export function useUploadPicture(link: ProviderLink) {
  const { baseUrl } = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ step, file }: { step: IdvStep; file: File }) => {
      const response = await fetch(
        `${baseUrl}${apiBase(link)}/images/${step}?fileName=${encodeURIComponent(file.name)}`,
        {
          method: 'PUT',
          headers: {
            'Content-Type': file.type || 'application/octet-stream',
            Accept: 'application/json',
          },
          body: file,
        },
      );
      const data = (await response.json().catch(() => ({}))) as {
        responseDescription?: string;
        responseCode?: string;
      };
      if (!response.ok)
        throw new ApiError('response', data.responseDescription ?? response.statusText, {
          status: response.status,
          ...(data.responseCode ? { responseCode: data.responseCode } : {}),
          data,
        });
      return data;
    },
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: identityVerificationKeys.providerRun(linkKey(link)),
      }),
  });
}

export function useSubmitCheck(link: ProviderLink) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<IdvProviderSession> =>
      link.kind === 'video'
        ? client.route(routes.videoSubmit, { params: { id: link.id }, anonymous: true })
        : client.route(routes.submit, {
            params: { workflowRunId: Number(link.workflowRunId), token: link.token },
            anonymous: true,
          }),
    onSuccess: (session) => {
      queryClient.setQueryData(identityVerificationKeys.providerRun(linkKey(link)), session);
      // The customer's own screens (this tab's /kyc and banner) read the new state on return.
      void queryClient.invalidateQueries({ queryKey: identityVerificationKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['session'] });
    },
  });
}
