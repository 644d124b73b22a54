import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `sm` breakpoint (48em): the layouts switch to their phone navigation. */
export const PHONE_MEDIA_QUERY = '(max-width: 47.99em)';

/**
 * Whether the window is phone-sized. Read synchronously on the first render (not in an effect),
 * so the first paint already has the right navigation and nothing moves after it (issue 13, CLS).
 */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_MEDIA_QUERY, false, { getInitialValueInEffect: false });
}
