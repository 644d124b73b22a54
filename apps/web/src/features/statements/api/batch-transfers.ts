import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  BATCH_TRANSFER_TYPES,
  BATCH_TRANSFERS_PAGE_SIZE,
  type ApiClient,
} from '@ledgerline/contract';
import { useApiClient, useSessionState } from '@/app/session';
import { statementKeys, type BatchFilter } from '../keys';

type BatchType = (typeof BATCH_TRANSFER_TYPES)[number];
/** Only the types the contract knows go out (the address may carry anything). */
const isBatchType = (value: string): value is BatchType =>
  (BATCH_TRANSFER_TYPES as readonly string[]).includes(value);

/** The acting customer's batch transfers matching the filter, newest first, 20 a page (spec 2 §3 "Batch filter"). */
export function batchTransfersQueryOptions(
  client: ApiClient,
  customerId: number | undefined,
  filter: BatchFilter,
) {
  return queryOptions({
    queryKey: statementKeys.batches(customerId, filter),
    queryFn: ({ signal }) =>
      client.main(
        'getBatchTransfers',
        {
          ...(filter.search ? { search: filter.search } : {}),
          ...(filter.types.some(isBatchType) ? { types: filter.types.filter(isBatchType) } : {}),
          ...(filter.from ? { from: filter.from } : {}),
          ...(filter.to ? { to: filter.to } : {}),
          pageNumber: filter.pageNumber,
          pageSize: BATCH_TRANSFERS_PAGE_SIZE,
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useBatchTransfers(filter: BatchFilter) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery(batchTransfersQueryOptions(client, customerId, filter));
}

/** The file a batch was uploaded as (CSV text), asked for when the customer opens it. */
export function useBatchTransferFile(batchId: number | null) {
  const client = useApiClient();
  const { customerId } = useSessionState();
  return useQuery({
    queryKey: statementKeys.batchFile(customerId, batchId ?? 0),
    queryFn: ({ signal }) =>
      client.main('getBatchTransferFile', { batchId: batchId ?? 0 }, { signal }),
    enabled: batchId !== null,
  });
}
