/** Query keys of the legal info screen, by acting customer and language (titles come translated). */
export const legalInfoKeys = {
  all: ['legal-info'] as const,
  list: (customerId: number | undefined, language: string) =>
    [...legalInfoKeys.all, customerId ?? 'own', language] as const,
};
