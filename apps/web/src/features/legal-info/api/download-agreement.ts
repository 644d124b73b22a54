import { useMutation } from '@tanstack/react-query';
import { pdfRoutes } from '@ledgerline/contract/pdf/routes';
import { useApiClient, useSessionManager } from '@/app/session';
import { apiLink, downloadFile } from '@/lib/download-file';

/**
 * The PDF generator's agreement (spec 2 §7 "Agreement download (id)"), outside the main API.
 * Asks for the agreement with the session's bearer (the API client), then opens the single-use,
 * short-lived link it answers: a link a browser opens cannot carry a bearer, and the token never
 * goes into a URL.
 */
export function useDownloadAgreement() {
  const client = useApiClient();
  const { baseUrl } = useSessionManager();
  return useMutation({
    mutationFn: async (id: number) => {
      const answer = await client.route(pdfRoutes.agreement, { body: { id } });
      const url = apiLink(baseUrl, answer.redirectLink);
      downloadFile(url);
      return url;
    },
  });
}
