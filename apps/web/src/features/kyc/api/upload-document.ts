import { useMutation, useQueryClient } from '@tanstack/react-query';
import { documentRoutes, type DocumentUploadData } from '@ledgerline/contract';
import type { DocumentPart } from '@ledgerline/domain';
import { sessionKeys, useApiClient, useSessionManager, useSessionState } from '@/app/session';
import { apiLink, downloadFile } from '@/lib/download-file';
import { kycKeys } from '../keys';

export interface UploadInput {
  data: DocumentUploadData;
  files: Partial<Record<DocumentPart, File>>;
}

/** After a document changes, the banner, the customer and /kyc read again. */
export function useInvalidateVerification() {
  const queryClient = useQueryClient();
  const { customerId } = useSessionState();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: kycKeys.all }),
      queryClient.invalidateQueries({ queryKey: sessionKeys.verificationInfo(customerId) }),
      queryClient.invalidateQueries({ queryKey: sessionKeys.customerInfo(customerId) }),
    ]);
}

/** Uploads one document as multipart/form-data (the data part as JSON plus its files). */
export function useUploadDocument() {
  const client = useApiClient();
  const invalidate = useInvalidateVerification();
  return useMutation({
    mutationFn: async ({ data, files }: UploadInput) => {
      const body = new FormData();
      body.set('data', JSON.stringify(data));
      for (const [part, file] of Object.entries(files)) body.set(part, file, file.name);
      return (await client.route(documentRoutes.upload, { body })).document;
    },
    onSuccess: invalidate,
  });
}

/** Withdraws a document nobody has decided on yet. */
export function useCancelDocument() {
  const client = useApiClient();
  const invalidate = useInvalidateVerification();
  return useMutation({
    mutationFn: (documentId: number) => client.main('cancelDocument', { documentId }),
    onSuccess: invalidate,
  });
}

/**
 * Downloads one file of the customer's own document: asks for a single-use link with the session's
 * bearer, then opens it (the statements' mechanism; the token never goes into a URL).
 */
export function useDownloadDocumentFile() {
  const client = useApiClient();
  const { baseUrl } = useSessionManager();
  return useMutation({
    mutationFn: async (input: { documentId: number; part: DocumentPart }) => {
      const { redirectLink } = await client.main('getDocumentFileLink', input);
      const url = apiLink(baseUrl, redirectLink);
      downloadFile(url);
      return url;
    },
  });
}
