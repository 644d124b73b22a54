import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import type { RealtimeEvent } from '@ledgerline/contract';
import { startApiServer, type Reply, type Routes, type TestApiServer } from '@/test/api-server';
import { demoCustomer } from '@/test/fixtures';

/** Component-test helpers of the security centre: a real HTTP API and a real /realtime socket server. */

export const ok = (body: Record<string, unknown> = {}): Reply => ({
  body: { responseCode: '00', responseDescription: 'OK', ...body },
});

/** A refusal as the server answers it: TA1, HTTP 400, the field's i18n key in validationErrors. */
export const refused = (description: string, validationErrors?: Record<string, string>): Reply => ({
  status: 400,
  body: {
    responseCode: 'TA1',
    responseDescription: description,
    ...(validationErrors ? { validationErrors } : {}),
  },
});

export const signedIn = {
  prepareSession: (session: {
    signIn: (tokens: { accessToken: string; expiresIn: number }) => void;
  }) => session.signIn({ accessToken: 'tok', expiresIn: 300 }),
};

export const REQUEST_KEY = '7d3f1c2a-4b5e-4f60-8a71-92b3c4d5e6f7';

export interface SecurityServer extends TestApiServer {
  calls: (method: string) => Record<string, unknown>[];
  /** Sends a realtime event to every socket the page opened (waits for one to be open). */
  push: (event: RealtimeEvent) => Promise<void>;
}

/** The settings screen's calls with quiet defaults (no 2FA, no devices, an empty IP list); `routes` override them. */
export async function serveSecurity(routes: Routes = {}): Promise<SecurityServer> {
  const sockets: WebSocket[] = [];
  const api = await startApiServer({
    'POST /api/main/?getCustomerInfo': () => ok({ customer: demoCustomer() }),
    'POST /api/main/?getSecuritySettings': () =>
      ok({
        login2faMode: 'no',
        transactionApproveMode: 0,
        availableLoginModes: ['no', 'otp'],
        availableTransactionModes: [0, 3, 4],
        ipWhitelistEnabled: false,
        currentIp: '198.51.100.20',
      }),
    'GET /api/auth/devices': () => ({ body: { devices: [] } }),
    'POST /api/main/?getIpWhitelist': () =>
      ok({ enabled: false, currentIp: '198.51.100.20', entries: [] }),
    'POST /api/auth/realtime-ticket': () => ({
      body: { ticket: 'ticket-1', expiresInSeconds: 30 },
    }),
    ...routes,
  });
  const realtime = new WebSocketServer({ server: api.server, path: '/realtime' });
  realtime.on('connection', (socket) => sockets.push(socket));
  return {
    ...api,
    calls: (method: string) =>
      api.requests
        .filter((request) => request.path === `/api/main/?${method}`)
        .map((request) => request.body as Record<string, unknown>),
    push: async (event) => {
      await waitFor(() =>
        expect(
          sockets.filter((socket) => socket.readyState === socket.OPEN).length,
        ).toBeGreaterThan(0),
      );
      for (const socket of sockets)
        socket.send(JSON.stringify({ ...event, at: new Date().toISOString() }));
    },
    close: async () => {
      for (const client of realtime.clients) client.terminate();
      await new Promise<void>((resolve) => realtime.close(() => resolve()));
      await api.close();
    },
  };
}
