import { useMutation } from '@tanstack/react-query';
import type { AgreementPdfRequest, PdfGeneratorResponse } from '@ledgerline/contract';
import { useApiClient, useSessionManager } from '@/app/session';
import { apiLink, downloadFile } from '@/lib/download-file';

/** The PDF generator's agreement (spec 2 §7 "Agreement download (id)"), outside the main API. */
export const AGREEMENT_PATH = '/api/pdf/api/generator_pdf/agreement';

/**
 * Asks for the agreement with the session's bearer (the API client), then opens the single-use,
 * short-lived link it answers: a link a browser opens cannot carry a bearer, and the token never
 * goes into a URL.
 */
export function useDownloadAgreement() {
  const client = useApiClient();
  const { baseUrl } = useSessionManager();
  return useMutation({
    mutationFn: async (id: number) => {
      const body: Pick<AgreementPdfRequest, 'id'> = { id };
      const answer = await client.rest<PdfGeneratorResponse>({
        method: 'POST',
        path: AGREEMENT_PATH,
        body,
      });
      const url = apiLink(baseUrl, answer.redirectLink);
      downloadFile(url);
      return url;
    },
  });
}
