/** Query keys of the home feature. */
export const homeKeys = {
  all: ['home'] as const,
  customerInfo: () => [...homeKeys.all, 'customer-info'] as const,
};
