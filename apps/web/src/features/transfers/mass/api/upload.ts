import { useMutation } from '@tanstack/react-query';
import { restRoutes, type MassUploadData } from '@ledgerline/contract';
import { useApiClient } from '@/app/session';

export interface MassUploadInput {
  data: MassUploadData;
  /** The chosen CSV or XLSX file; without one, data.text holds the pasted rows. */
  file: File | null;
}

/**
 * Uploads a batch as multipart/form-data (spec 2 §7 "Mass upload: multipart with data and file"):
 * the data part as JSON and the file as `attachedFile`. It answers 00 with the new batch, or 92
 * with the date and id of an identical batch (the screen asks before sending ignoreIdenticalBatch).
 */
export function useUploadMassBatch() {
  const client = useApiClient();
  return useMutation({
    mutationFn: async ({ data, file }: MassUploadInput) => {
      const body = new FormData();
      body.set('data', JSON.stringify(data));
      if (file) body.set('attachedFile', file, file.name);
      return client.route(restRoutes.massTransfers.upload, { body });
    },
  });
}
