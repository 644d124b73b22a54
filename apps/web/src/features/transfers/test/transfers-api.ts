import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import type { RealtimeEvent, SubmitResult } from '@ledgerline/contract';
import { startApiServer, type Reply, type Routes, type TestApiServer } from '@/test/api-server';
import { demoCustomer, ok, paymentAccount } from '@/test/fixtures';

/** Component-test helpers of the transfer screens: a real HTTP API and a real /realtime socket server. */

export { ok };

/** A refusal as the server answers it: TA1, HTTP 400, the field's i18n key in validationErrors. */
export const refused = (description: string, validationErrors?: Record<string, string>): Reply => ({
  status: 400,
  body: {
    responseCode: 'TA1',
    responseDescription: description,
    ...(validationErrors ? { validationErrors } : {}),
  },
});

export const OPERATION_ID = '5b1f0c9e-2d3a-4c5b-8e6f-7a8b9c0d1e2f';

export const EUR = () => paymentAccount({ accountId: 100, currencyCode: 'EUR', balance: '1250.5' });
export const USD = () => paymentAccount({ accountId: 101, currencyCode: 'USD', balance: '300' });

/** Every transfer flag of the own-account and other-person groups, as a personal owner has them. */
export const ALL_FLAGS = {
  'ownAccount.betweenAccounts': true,
  'otherPerson.p2p': true,
  'otherPerson.wire': true,
};

export function accessInfo(
  options: { flags?: Record<string, boolean>; transfers?: number; business?: boolean } = {},
) {
  const transfers = options.transfers ?? 2;
  return {
    customer: { id: 70, username: 'anna@pebble.example', name: 'Anna Berg' },
    accessList: { balanceInfo: 2, transfers, companyDocuments: 2 },
    accessRights: transfers,
    permissions: { viewBalances: true, initiateTransfers: true, ...(options.flags ?? ALL_FLAGS) },
    isNeedKyc: false,
    businessRepresentativePositionIds: [],
    taxResidencySelfCertificationDocumentStatus: 'validated',
    accessibleCustomers: [
      {
        id: 70,
        username: 'anna@pebble.example',
        name: 'Anna Berg',
        customerType: options.business ? 2 : 0,
        accessRights: transfers,
        isOwn: true,
      },
    ],
  };
}

export function submitResult(overrides: Partial<SubmitResult> = {}): SubmitResult {
  return {
    transactionId: 'tr-1',
    operationId: null,
    approveType: 0,
    approvalSentTo: null,
    availableApprovalMethods: [0],
    fee: '0',
    status: 'settled',
    ...overrides,
  };
}

export interface TransfersServer extends TestApiServer {
  calls: (method: string) => Record<string, unknown>[];
  /** Sends a realtime event to every socket the page opened (waits for one to be open). */
  push: (event: RealtimeEvent) => Promise<void>;
}

/** The transfer screens' calls with quiet defaults (two accounts, no fee, no recurring, nobody paid yet); `routes` override them. */
export async function serveTransfers(routes: Routes = {}): Promise<TransfersServer> {
  const sockets: WebSocket[] = [];
  const api = await startApiServer({
    'POST /api/main/?getCustomerInfo': () => ok({ customer: demoCustomer() }),
    'POST /api/main/?getCustomerAccessInfo': () => ok(accessInfo()),
    'POST /api/main/?getAnnouncements': () => ok({ announcements: [] }),
    'POST /api/main/?getAccounts': () => ok({ accounts: [EUR(), USD()] }),
    'POST /api/main/?getTransferFee': () => ok({ fee: '0', currency: 'EUR' }),
    'POST /api/main/?getMaxAmount': () =>
      ok({ maxAmount: '1250.5', currency: 'EUR', type: 'balance' }),
    'POST /api/main/?getCustomerLimits': () =>
      ok({
        limits: [
          { period: 'daily', limit: '20000', used: '0', remaining: '20000', currency: 'EUR' },
        ],
      }),
    'POST /api/main/?getTransferExchangeRate': () => ok({ rate: '1.1', date: '2026-03-02' }),
    'POST /api/main/?getRecurringTransfers': () => ok({ recurring: [] }),
    'POST /api/main/?getP2pBeneficiaries': () => ok({ beneficiaries: [] }),
    'POST /api/main/?getRecentTransfers': () => ok({ transfers: [] }),
    'POST /api/main/?getBusinessApprovalNotificationCounts': () => ok({ pending: 0 }),
    'POST /api/main/?getBusinessApprovalUsers': () => ok({ users: [] }),
    'POST /api/main/?getApprovalPolicy': () =>
      ok({ policy: { currencyCode: 'GBP', rules: [] }, approvers: 2, canEdit: true }),
    'POST /api/auth/realtime-ticket': () => ({
      body: { ticket: 'ticket-1', expiresInSeconds: 30 },
    }),
    'POST /api/auth/logout': () => ({ body: { responseCode: '00', responseDescription: 'OK' } }),
    ...routes,
  });
  const realtime = new WebSocketServer({ server: api.server, path: '/realtime' });
  realtime.on('connection', (socket) => sockets.push(socket));
  return {
    ...api,
    calls: (method: string) =>
      api.requests
        .filter((request) => request.path === `/api/main/?${method}`)
        .map((request) => {
          // The envelope every call carries (method, lang) is not what the tests are about.
          const {
            method: _method,
            lang: _lang,
            ...payload
          } = request.body as Record<string, unknown>;
          return payload;
        }),
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
