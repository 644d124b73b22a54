/** Query keys of identity verification: the acting customer's status, and a provider page's run. */
export const identityVerificationKeys = {
  all: ['identity-verification'] as const,
  status: (customerId: number | undefined) =>
    [...identityVerificationKeys.all, 'status', customerId ?? 'own'] as const,
  providerRun: (link: string) => [...identityVerificationKeys.all, 'provider-run', link] as const,
};
