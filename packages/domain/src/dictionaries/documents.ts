/** Document categories 1 to 12 in the spec's order and spelling (spec 2 §3 "Identity, address and documents"). */
export const DOCUMENT_CATEGORY_CODES = [
  'ProofOfIdentity',
  'ProofOfAddress',
  'ProofOfPhone',
  'BusinessRegistration',
  'Other',
  'ProofOfRelationship',
  'BusinessAddress',
  'BusinessRegistrationAddress',
  'ControlDocument',
  'BusinessAdditionalDocument',
  'SourceOfWealth',
  'ResidencePermit',
] as const;
export type DocumentCategoryCode = (typeof DOCUMENT_CATEGORY_CODES)[number];

/** A category's id is its place in the spec's list, counted from 1. */
export function documentCategoryId(code: DocumentCategoryCode): number {
  return DOCUMENT_CATEGORY_CODES.indexOf(code) + 1;
}

export function documentCategoryCode(id: number): DocumentCategoryCode | undefined {
  return id >= 1 ? DOCUMENT_CATEGORY_CODES[id - 1] : undefined;
}

/**
 * Customer document types that are uploaded with an additional document: the page with the
 * holder's photo and name, beside the page that carries the address (spec 2 §3).
 */
export const DOCUMENT_TYPES_NEEDING_ADDITIONAL_DOCUMENT: readonly number[] = [4, 5, 88];

/** Document types offered only in some countries; a type not listed here is offered everywhere. */
export const DOCUMENT_TYPE_COUNTRIES: Readonly<Record<number, readonly string[]>> = {
  // The internal passport's registration page exists only in Russia and Ukraine.
  88: ['RU', 'UA'],
};

export function needsAdditionalDocument(documentTypeId: number): boolean {
  return DOCUMENT_TYPES_NEEDING_ADDITIONAL_DOCUMENT.includes(documentTypeId);
}

/** Whether a document type may be used by someone whose address (or document) is in this country. */
export function isDocumentTypeOfferedIn(documentTypeId: number, countryCode: string): boolean {
  const countries = DOCUMENT_TYPE_COUNTRIES[documentTypeId];
  return countries === undefined || countries.includes(countryCode);
}
