import { DOCUMENT_STATUS, type DocumentStatusKey } from '@ledgerline/domain/verification';

/** The name of a document status id (spec 2 §4), for its translated label. */
export function documentStatusKey(statusId: number): DocumentStatusKey {
  const found = (Object.entries(DOCUMENT_STATUS) as [DocumentStatusKey, number][]).find(
    ([, id]) => id === statusId,
  );
  return found ? found[0] : 'submitted';
}
