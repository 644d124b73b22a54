import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@ledgerline/contract';
import type { SessionStore } from '@/app/session';
import { notifyWrapper } from '@/lib/mobile-wrapper';

/**
 * Ends any session in this tab before an activation (spec 2 §4 "Any session is logged out
 * first"): the server is told when it can be, and whatever it answers the tokens, the cached
 * data and the session flags are forgotten, as the sign-out button does.
 */
export async function endAnySession(client: ApiClient, session: SessionStore, queryClient: QueryClient): Promise<void> {
  if (!session.getState().isAuthed) return;
  try {
    await client.rest({ method: 'POST', path: '/api/auth/logout', body: {} });
  } catch {
    // Signed out locally below either way; a session the server still holds expires by itself.
  }
  session.end('logout');
  queryClient.clear();
  notifyWrapper({ type: 'logout' });
}
