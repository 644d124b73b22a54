/**
 * Query keys of the news feature. Announcements come in the caller's language, so the language is
 * part of the key; the customer too, so acting for another company never shows the last one's news.
 */
export const newsKeys = {
  all: ['news'] as const,
  list: (customerId: number | undefined, language: string) =>
    [...newsKeys.all, 'list', customerId ?? 'own', language] as const,
  detail: (customerId: number | undefined, language: string, id: number) =>
    [...newsKeys.all, 'detail', customerId ?? 'own', language, id] as const,
};
