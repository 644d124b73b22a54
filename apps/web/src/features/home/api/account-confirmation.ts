import { useMutation } from '@tanstack/react-query';
import type { PdfGeneratorResponse } from '@ledgerline/contract';
import { useApiClient, useSessionManager } from '@/app/session';
import { apiLink, downloadFile } from '@/lib/download-file';

/** The PDF generator's account-confirmation letter (outside the main API). */
export const ACCOUNT_CONFIRMATION_PATH = '/api/pdf/api/generator_pdf/accountConfirmation';

/**
 * Asks for the letter with the session's bearer (the API client), then opens the single-use,
 * short-lived link it answers: a link a browser opens cannot carry a bearer, and the token never
 * goes into a URL.
 */
export function useAccountConfirmationLetter() {
  const client = useApiClient();
  const { baseUrl } = useSessionManager();
  return useMutation({
    mutationFn: async (accountId: number) => {
      const answer = await client.rest<PdfGeneratorResponse>({
        method: 'POST',
        path: ACCOUNT_CONFIRMATION_PATH,
        body: { accountId },
      });
      const url = apiLink(baseUrl, answer.redirectLink);
      downloadFile(url);
      return url;
    },
  });
}
