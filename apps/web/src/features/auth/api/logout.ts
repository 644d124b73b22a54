import { useMutation } from '@tanstack/react-query';
import { useSessionManager } from '@/app/session';

/**
 * Signs out: the server revokes the session and clears the refresh cookie, then — whether or not
 * it answered — every tab forgets the session, cached data is cleared, the wrapper is told, and
 * the layouts send the visitor to the sign-in page (spec 1 §4).
 */
export function useSignOut() {
  const manager = useSessionManager();
  return useMutation({ mutationFn: () => manager.logout('logout') });
}
