import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  EXPORTS_PAGE_SIZE,
  type ApiClient,
  type ExportFormat,
  type ExportItem,
} from '@ledgerline/contract';
import { useApiClient, useSessionManager, useSessionState } from '@/app/session';
import { apiLink, downloadFile } from '@/lib/download-file';
import { statementKeys } from '../keys';

/** While a file in the list is still being written, the list looks again this often. */
const UNFINISHED_REFRESH_MS = 1_500;

const isUnfinished = (item: ExportItem) => item.status === 'queued' || item.status === 'running';

/** The monthly statement files of an account, newest first, 12 a page (spec 2 §9). */
export function exportsQueryOptions(
  client: ApiClient,
  customerId: number | undefined,
  accountId: number,
  pageNumber: number,
) {
  return queryOptions({
    queryKey: statementKeys.exports(customerId, accountId, pageNumber),
    queryFn: ({ signal }) =>
      client.main(
        'getExports',
        { source: 'monthly', accountId, pageNumber, pageSize: EXPORTS_PAGE_SIZE },
        { signal },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.exports.some(isUnfinished) ? UNFINISHED_REFRESH_MS : false,
  });
}

export function useStatementExports(accountId: number | undefined, pageNumber: number) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    ...exportsQueryOptions(client, customerId, accountId ?? 0, pageNumber),
    enabled: accountId !== undefined,
  });
}

/** Starts a statement file of one month; the exports list learns of it at once. */
export function useExportStatement() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { customerId } = useSessionState();
  return useMutation({
    mutationFn: async (input: { accountId: number; yearMonth: string; format: ExportFormat }) =>
      (await client.main('exportStatement', input)).exportId,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: statementKeys.exportsAll(customerId) }),
  });
}

/** The file cannot be downloaded (it failed, or is not written yet). */
export class ExportUnavailableError extends Error {
  constructor(readonly status: ExportItem['status']) {
    super(`export ${status}`);
    this.name = 'ExportUnavailableError';
  }
}

/**
 * Downloads a ready file again: getExportStatus hands out a fresh single-use link each time (a
 * link a browser opens cannot carry the bearer, and the token never goes into a URL).
 */
export function useDownloadExport() {
  const client = useApiClient();
  const { baseUrl } = useSessionManager();
  return useMutation({
    mutationFn: async (exportId: number) => {
      const answer = await client.main('getExportStatus', { exportId });
      if (!answer.redirectLink) throw new ExportUnavailableError(answer.status);
      const url = apiLink(baseUrl, answer.redirectLink);
      downloadFile(url);
      return url;
    },
  });
}

/**
 * Sends a ready file's link by e-mail. A business user acting for a company needs no
 * fromCustomerId here: the API client sends the acting customer as the Customer-Id header, which
 * the server reads as fromCustomerId.
 */
export function useSendExportToEmail() {
  const client = useApiClient();
  return useMutation({
    mutationFn: async (input: { exportId: number; email: string }) =>
      client.main('sendExportToEmail', input),
  });
}
