import { useMutation } from '@tanstack/react-query';
import type { PdfGeneratorResponse } from '@ledgerline/contract';
import { useApiClient, useSessionManager } from '@/app/session';

/** The PDF generator's account-confirmation letter (outside the main API). */
export const ACCOUNT_CONFIRMATION_PATH = '/api/pdf/api/generator_pdf/accountConfirmation';

/**
 * Starts the download of a file at `url` without leaving the page: a link with `download` that is
 * clicked once. The server answers the single-use link as an attachment.
 */
function download(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

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
      // The link is relative to the API's origin, which is not the page's with ?api=.
      const url = /^https?:\/\//.test(answer.redirectLink) ? answer.redirectLink : `${baseUrl}${answer.redirectLink}`;
      download(url);
      return url;
    },
  });
}
