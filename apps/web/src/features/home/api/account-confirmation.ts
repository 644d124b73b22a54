import { useMutation } from '@tanstack/react-query';
import { pdfRoutes } from '@ledgerline/contract/pdf/routes';
import { useApiClient, useSessionManager } from '@/app/session';
import { apiLink, downloadFile } from '@/lib/download-file';

/**
 * The PDF generator's account-confirmation letter (outside the main API).
 * Asks for the letter with the session's bearer (the API client), then opens the single-use,
 * short-lived link it answers: a link a browser opens cannot carry a bearer, and the token never
 * goes into a URL.
 */
export function useAccountConfirmationLetter() {
  const client = useApiClient();
  const { baseUrl } = useSessionManager();
  return useMutation({
    mutationFn: async (accountId: number) => {
      const answer = await client.route(pdfRoutes.accountConfirmation, { body: { accountId } });
      const url = apiLink(baseUrl, answer.redirectLink);
      downloadFile(url);
      return url;
    },
  });
}
