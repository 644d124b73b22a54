/** Query keys of the registration feature. */
export const registrationKeys = {
  all: ['registration'] as const,
  /** One entry per address (lower case): the existence check is cached per value (spec 2 §5). */
  emailCheck: (email: string) =>
    [...registrationKeys.all, 'email-check', email.trim().toLowerCase()] as const,
  countries: (lang: string) => [...registrationKeys.all, 'countries', lang] as const,
  industryGroups: (lang: string) => [...registrationKeys.all, 'industry-groups', lang] as const,
};
