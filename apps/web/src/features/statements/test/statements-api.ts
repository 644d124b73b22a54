import type { Reply, Routes, TestApiServer } from '@/test/api-server';
import { startApiServer } from '@/test/api-server';
import { demoCustomer, ok, paymentAccount } from '@/test/fixtures';
import { fullAccessInfo } from '@/test/signed-in-home';

/** Component-test helpers of the statements and batch screens: a real HTTP API answering the screens' calls. */

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

export const EUR = () => paymentAccount({ accountId: 100, currencyCode: 'EUR', balance: '1250.5' });
export const USD = () => paymentAccount({ accountId: 101, currencyCode: 'USD', balance: '300' });

export function statementRow(overrides: Record<string, unknown> = {}) {
  return {
    yearMonth: '2026-03',
    index: 3,
    currency: 'EUR',
    beginningBalance: '1000',
    totalDebit: '249.5',
    totalCredit: '500',
    endingBalance: '1250.5',
    processingCount: 1,
    rejectedCount: 2,
    ...overrides,
  };
}

export function exportItem(overrides: Record<string, unknown> = {}) {
  return {
    exportId: 9,
    source: 'monthly',
    format: 'pdf',
    accountId: 100,
    yearMonth: '2026-03',
    status: 'ready',
    progress: 100,
    fileName: 'statement-100-2026-03.pdf',
    size: 20480,
    rows: 12,
    createdAt: '2026-04-01T10:00:00.000Z',
    finishedAt: '2026-04-01T10:00:02.000Z',
    ...overrides,
  };
}

export function batch(overrides: Record<string, unknown> = {}) {
  return {
    batchId: 31,
    name: 'October payroll',
    type: 'wire',
    accountId: 100,
    status: 'completed',
    paymentsCount: 3,
    totalAmount: '8635.5',
    currency: 'EUR',
    fileName: 'october-payroll.csv',
    createdAt: '2026-10-12T09:30:00.000Z',
    ...overrides,
  };
}

export interface StatementsServer extends TestApiServer {
  /** The payloads a main-API method was called with, without the envelope (method, lang). */
  calls: (method: string) => Record<string, unknown>[];
}

/** The screens' calls with quiet defaults (two accounts, no statements, no exports, no batches); `routes` override them. */
export async function serveStatements(routes: Routes = {}): Promise<StatementsServer> {
  const api = await startApiServer({
    'POST /api/main/?getCustomerInfo': () => ok({ customer: demoCustomer() }),
    'POST /api/main/?getCustomerAccessInfo': () => ok(fullAccessInfo()),
    'POST /api/main/?getAnnouncements': () => ok({ announcements: [] }),
    'POST /api/main/?getAccounts': () => ok({ accounts: [EUR(), USD()] }),
    'POST /api/main/?getStatements': () => ok({ statements: [] }),
    'POST /api/main/?getExports': () => ok({ exports: [], total: 0 }),
    'POST /api/main/?getBatchTransfers': () => ok({ batches: [], total: 0 }),
    'POST /api/auth/realtime-ticket': () => ({
      body: { ticket: 'ticket-1', expiresInSeconds: 30 },
    }),
    'POST /api/auth/logout': () => ({ body: { responseCode: '00', responseDescription: 'OK' } }),
    ...routes,
  });
  return {
    ...api,
    calls: (method: string) =>
      api.requests
        .filter((request) => request.path === `/api/main/?${method}`)
        .map((request) => {
          const {
            method: _method,
            lang: _lang,
            ...payload
          } = request.body as Record<string, unknown>;
          return payload;
        }),
  };
}
