import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Routes } from '@/test/api-server';
import { signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import {
  accessInfo,
  ok,
  refused,
  serveTransfers,
  type TransfersServer,
} from '../test/transfers-api';

let server: TransfersServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function open(routes: Routes = {}) {
  server = await serveTransfers(routes);
  const rendered = await renderApp({
    path: '/transfer/approved',
    apiBaseUrl: server.url,
    ...signedIn,
  });
  await screen.findByRole('heading', { level: 1, name: 'Transfers' });
  return rendered;
}

const DECISION_ID = '0d8e2c6a-1b2c-4d5e-8f90-a1b2c3d4e5f6';

const request = (
  id: number,
  overrides: Partial<{ batchId: number; status: string; canDecide: boolean }> = {},
) => ({
  id,
  created: '2026-03-02T09:30:00.000Z',
  transactionIds: [] as string[],
  batchId: null as number | null,
  createdBy: 'clerk@harbourlight.example',
  createdByName: 'Clara Quinn',
  createdByUserId: 9,
  transactionType: 'betweenAccounts',
  amount: `${id}00`,
  currency: 'GBP',
  status: 'pending',
  description: null,
  source: {
    kind: 'ownAccount',
    name: 'Operations',
    accountId: 41,
    iban: 'GB33BUKB20201555555555',
    email: null,
    currency: 'GBP',
  },
  destination: {
    kind: 'ownAccount',
    name: 'Euro reserve',
    accountId: 42,
    iban: null,
    email: null,
    currency: 'EUR',
  },
  toAmount: `${id}15`,
  toCurrency: 'EUR',
  rate: '1.15',
  fee: '0.5',
  requiredApprovals: 1,
  approvals: [] as { by: string; at: string }[],
  decidedBy: null,
  decidedAt: null,
  declineReason: null,
  canDecide: true,
  ...overrides,
});

const operation = (ids: number[], declined = false) => ({
  approvalTransactionId: DECISION_ID,
  approveType: 4,
  approvalSentTo: 'i***@harbourlight.example',
  availableApprovalMethods: [4],
  transactionIds: ids,
  declined,
});

// The whole app renders with a real API client and server: slower than 15 s on a busy machine.
describe('/transfer/approved', { timeout: 40_000 }, () => {
  it('opens a request into what it pays and approves it with the approver’s own code', async () => {
    let list = [request(1), request(2), request(3, { batchId: 7 }), request(4, { batchId: 7 })];
    const { user } = await open({
      'POST /api/main/?getCustomerAccessInfo': () => ok(accessInfo({ business: true })),
      'POST /api/main/?getBusinessApprovalNotificationCounts': () =>
        ok({ pending: list.filter((item) => item.status === 'pending').length }),
      'POST /api/main/?getBusinessApprovalUsers': () =>
        ok({ users: [{ id: 9, email: 'clerk@harbourlight.example', name: 'Clara Quinn' }] }),
      'POST /api/main/?getBusinessApprovals': (call) => {
        const status = (call.body as { status?: string }).status;
        const requests = list.filter((item) => !status || item.status === status);
        return ok({ requests, total: requests.length });
      },
      'POST /api/main/?businessApprovalsApprove': (call) =>
        ok(operation((call.body as { transactionIds: number[] }).transactionIds)),
      'POST /api/main/?businessConfirm': (call) => {
        if ((call.body as { code: string }).code !== '246810')
          return refused('The code is not correct (4 tries left)', {
            code: 'validation.codeWrong',
          });
        list = list.map((item) => (item.id === 1 ? { ...item, status: 'approved' } : item));
        return ok({
          results: [{ id: 1, status: 'approved', transactionId: 'tr-1', message: null }],
        });
      },
    });
    const requests = within(await screen.findByRole('region', { name: 'Requests (4)' }));
    expect(server!.calls('getBusinessApprovals')[0]).toEqual({
      pageNumber: 1,
      pageSize: 50,
      status: 'pending',
    });
    // The count comes from its own call: it may land after the list.
    await waitFor(() =>
      expect(
        within(screen.getByRole('navigation', { name: 'Transfer types' })).getByRole('link', {
          name: /Approvals/,
        }),
      ).toHaveTextContent('4'),
    );
    // One request of a batch selects the whole batch.
    await user.click(
      requests.getByRole('checkbox', { name: 'Select £300.00 by clerk@harbourlight.example' }),
    );
    expect(
      requests.getByRole('checkbox', { name: 'Select £400.00 by clerk@harbourlight.example' }),
    ).toBeChecked();
    await user.click(
      requests.getByRole('checkbox', { name: 'Select £300.00 by clerk@harbourlight.example' }),
    );

    await user.click(
      requests.getByRole('button', { name: 'Review £100.00 by clerk@harbourlight.example' }),
    );
    const detail = within(await screen.findByRole('dialog', { name: 'Request 1' }));
    expect(detail.getByText('Operations')).toBeInTheDocument();
    expect(detail.getByText('GB33BUKB20201555555555')).toBeInTheDocument();
    expect(detail.getByText('Euro reserve')).toBeInTheDocument();
    expect(detail.getByText('£0.50')).toBeInTheDocument();
    expect(detail.getByText('£100.50', { selector: 'dd' })).toBeInTheDocument();
    expect(detail.getByText('€115.00')).toBeInTheDocument();
    expect(detail.getByText('Clara Quinn')).toBeInTheDocument();
    expect(detail.getByText('0 of 1')).toBeInTheDocument();
    await user.click(detail.getByRole('button', { name: 'Approve' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Approve with your code' }));
    expect(server!.calls('businessApprovalsApprove')).toEqual([
      { transactionIds: [1], declined: false },
    ]);
    expect(dialog.getByText(/i\*\*\*@harbourlight\.example/)).toBeInTheDocument();
    expect(dialog.getByTestId('decision-amount')).toHaveTextContent('£100.50');
    await user.type(dialog.getByLabelText('Code'), '111111');
    await user.click(dialog.getByRole('button', { name: 'Approve' }));
    expect(
      await dialog.findByText('That code is not right. Check it and try again.'),
    ).toBeInTheDocument();
    await user.clear(dialog.getByLabelText('Code'));
    await user.type(dialog.getByLabelText('Code'), '246810');
    await user.click(dialog.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Approved: 1')).toBeInTheDocument();
    expect(server!.calls('businessConfirm').at(-1)).toEqual({
      approvalTransactionId: DECISION_ID,
      code: '246810',
    });
    // The list reloads: the approved one left the "waiting" filter.
    expect(await screen.findByRole('region', { name: 'Requests (3)' })).toBeInTheDocument();

    // The initiator filter asks the server for that person's requests.
    await user.selectOptions(screen.getByLabelText('Requested by'), '9');
    await waitFor(() =>
      expect(server!.calls('getBusinessApprovals').at(-1)).toEqual({
        pageNumber: 1,
        pageSize: 50,
        status: 'pending',
        createdBy: 9,
      }),
    );
  });

  it('declines only with a reason, and refreshes when a request changes elsewhere', async () => {
    const { user } = await open({
      'POST /api/main/?getCustomerAccessInfo': () => ok(accessInfo({ business: true })),
      'POST /api/main/?getBusinessApprovals': () => ok({ requests: [request(1)], total: 1 }),
      'POST /api/main/?businessApprovalsApprove': (call) =>
        ok(operation([1], (call.body as { declined: boolean }).declined)),
    });
    const requests = within(await screen.findByRole('region', { name: 'Requests (1)' }));
    await user.click(
      requests.getByRole('button', { name: 'Review £100.00 by clerk@harbourlight.example' }),
    );
    const detail = within(await screen.findByRole('dialog', { name: 'Request 1' }));
    await user.click(detail.getByRole('button', { name: 'Decline' }));
    const reason = within(await screen.findByRole('dialog', { name: 'Decline requests: 1' }));
    await user.click(reason.getByRole('button', { name: 'Decline' }));
    expect(await reason.findByText('Say why you decline.')).toBeInTheDocument();
    expect(server!.calls('businessApprovalsApprove')).toEqual([]);
    await user.type(reason.getByLabelText('Reason'), 'Wrong supplier');
    await user.click(reason.getByRole('button', { name: 'Decline' }));
    expect(
      await screen.findByRole('dialog', { name: 'Decline with your code' }),
    ).toBeInTheDocument();
    expect(server!.calls('businessApprovalsApprove')).toEqual([
      { transactionIds: [1], declined: true, reason: 'Wrong supplier' },
    ]);

    const before = server!.calls('getBusinessApprovals').length;
    await server!.push({
      type: 'ApprovalRequestChanged',
      payload: { id: 2, status: 'pending', isOwn: false, declineReason: null },
    });
    await waitFor(() =>
      expect(server!.calls('getBusinessApprovals').length).toBeGreaterThan(before),
    );
  });

  it('lets an initiate-only user see requests and the policy but not decide or change them', async () => {
    await open({
      'POST /api/main/?getCustomerAccessInfo': () =>
        ok(accessInfo({ business: true, transfers: 3 })),
      'POST /api/main/?getBusinessApprovals': () =>
        ok({ requests: [request(1, { canDecide: false })], total: 1 }),
      'POST /api/main/?getApprovalPolicy': () =>
        ok({
          policy: { currencyCode: 'GBP', rules: [{ aboveAmount: '1000', approvals: 2 }] },
          approvers: 3,
          canEdit: false,
        }),
    });
    expect(await screen.findByText('£100.00')).toBeInTheDocument();
    expect(await screen.findByText('Above £1,000.00: 2 approvers')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Review/ })).not.toBeInTheDocument();
    // Details of a request they may not decide.
    expect(screen.getByRole('button', { name: /^Details/ })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change' })).not.toBeInTheDocument();
  });
});
