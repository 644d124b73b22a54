/**
 * Query keys of the cards feature. Keyed by the customer the session acts for (a business user
 * acting for another company never sees the last one's cards) and, where the server answers in
 * the caller's language, by language.
 */
type Owner = number | undefined;
const owner = (customerId: Owner) => customerId ?? 'own';

export const cardKeys = {
  all: ['cards'] as const,
  accounts: (customerId: Owner) => [...cardKeys.all, 'accounts', owner(customerId)] as const,
  applyInfo: (customerId: Owner, language: string) =>
    [...cardKeys.all, 'apply-info', owner(customerId), language] as const,
  fees: (customerId: Owner, cardType: number, currencyCode: string) =>
    [...cardKeys.all, 'fees', owner(customerId), cardType, currencyCode] as const,
  activationData: (customerId: Owner, accountId: number, language: string) =>
    [...cardKeys.all, 'activation-data', owner(customerId), accountId, language] as const,
  externalCards: (customerId: Owner) =>
    [...cardKeys.all, 'external-cards', owner(customerId)] as const,
  /** A BIN's answer never changes during a visit: one lookup per BIN (spec 2 §5). */
  binInfo: (bin: string) => [...cardKeys.all, 'bin-info', bin] as const,
};
