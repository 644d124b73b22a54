import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { SubmitResult } from '@ledgerline/contract';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import {
  transferStateOf,
  useMoneyMovingSubmit,
  type MoneyMovingSubmitOptions,
} from './use-money-moving-submit';

type Request = { fromAccount: number; amount: string };
type Sent = Request & { idempotencyKey: string };

const SETTLED: SubmitResult = {
  transactionId: 't-1',
  operationId: null,
  approveType: 0,
  approvalSentTo: null,
  availableApprovalMethods: [0],
  fee: '0.5',
  status: 'settled',
};

/** A stand-in for the money-moving call: records what it was sent, answers or refuses as told. */
function fakeServer() {
  const sent: Sent[] = [];
  let refuse: unknown = null;
  const submit = (request: Sent): Promise<SubmitResult> => {
    sent.push(request);
    return refuse === null ? Promise.resolve(SETTLED) : Promise.reject(refuse);
  };
  return {
    sent,
    submit,
    refuseWith: (error: unknown) => {
      refuse = error;
    },
  };
}

function renderFlow(
  options: Partial<MoneyMovingSubmitOptions<Request>> & {
    submit: MoneyMovingSubmitOptions<Request>['submit'];
  },
) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(
    () => useMoneyMovingSubmit<Request, string>({ settlesBy: 'ledger', ...options }),
    { wrapper },
  );
}

const REQUEST: Request = { fromAccount: 100, amount: '120' };

describe('useMoneyMovingSubmit', () => {
  it('opens a review without sending anything, and going back sends nothing either', async () => {
    const server = fakeServer();
    const { result } = renderFlow({ submit: server.submit });
    act(() => result.current.openReview(REQUEST, '€120.00'));
    expect(result.current.review).toEqual({ request: REQUEST, details: '€120.00' });
    act(() => result.current.backToForm());
    expect(result.current.review).toBeNull();
    expect(server.sent).toEqual([]);
  });

  it('sends the reviewed request with an idempotency key only on confirm, then leaves the review for the result', async () => {
    const server = fakeServer();
    const { result } = renderFlow({ submit: server.submit });
    act(() => result.current.openReview(REQUEST, '€120.00'));
    act(() => result.current.confirm());
    await waitFor(() => expect(result.current.result).toEqual(SETTLED));
    expect(server.sent).toHaveLength(1);
    expect(server.sent[0]).toMatchObject(REQUEST);
    expect(server.sent[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.current.review).toBeNull();
    expect(result.current.sent).toBe('€120.00');
  });

  it('keeps the key when the same review is confirmed again after a failure, and shows the failure on the review', async () => {
    const server = fakeServer();
    server.refuseWith(new Error('connection lost'));
    const { result } = renderFlow({ submit: server.submit });
    act(() => result.current.openReview(REQUEST, '€120.00'));
    act(() => result.current.confirm());
    await waitFor(() => expect(result.current.error).toBeInstanceOf(Error));
    expect(result.current.review).not.toBeNull();
    act(() => result.current.confirm());
    await waitFor(() => expect(server.sent).toHaveLength(2));
    expect(server.sent[1]?.idempotencyKey).toBe(server.sent[0]?.idempotencyKey);
  });

  it('makes a new key when the form changed between two reviews', async () => {
    const server = fakeServer();
    server.refuseWith(new Error('connection lost'));
    const { result } = renderFlow({ submit: server.submit });
    act(() => result.current.openReview(REQUEST, '€120.00'));
    act(() => result.current.confirm());
    await waitFor(() => expect(server.sent).toHaveLength(1));
    await waitFor(() => expect(result.current.isPending).toBe(false));
    act(() => result.current.backToForm());
    act(() => result.current.openReview({ ...REQUEST, amount: '125' }, '€125.00'));
    act(() => result.current.confirm());
    await waitFor(() => expect(server.sent).toHaveLength(2));
    expect(server.sent[1]?.idempotencyKey).not.toBe(server.sent[0]?.idempotencyKey);
  });

  it('makes a new key for the next transfer once money moved, even with the same details', async () => {
    const server = fakeServer();
    const { result } = renderFlow({ submit: server.submit });
    act(() => result.current.openReview(REQUEST, '€120.00'));
    act(() => result.current.confirm());
    await waitFor(() => expect(result.current.result).not.toBeNull());
    act(() => result.current.finish('settled'));
    await waitFor(() => expect(result.current.result).toBeNull());
    act(() => result.current.openReview(REQUEST, '€120.00'));
    act(() => result.current.confirm());
    await waitFor(() => expect(server.sent).toHaveLength(2));
    expect(server.sent[1]?.idempotencyKey).not.toBe(server.sent[0]?.idempotencyKey);
  });

  it('closes the review when the refusal belongs on the form’s fields', async () => {
    const server = fakeServer();
    server.refuseWith(new Error('amount too high'));
    const placed: unknown[] = [];
    const { result } = renderFlow({
      submit: server.submit,
      onFieldErrors: (error) => {
        placed.push(error);
        return true;
      },
    });
    act(() => result.current.openReview(REQUEST, '€120.00'));
    act(() => result.current.confirm());
    await waitFor(() => expect(placed).toHaveLength(1));
    await waitFor(() => expect(result.current.review).toBeNull());
    expect(result.current.error).toBeNull();
  });

  it('runs the review’s side work only once the server took the request', async () => {
    const server = fakeServer();
    const done: string[] = [];
    const { result } = renderFlow({ submit: server.submit });
    act(() =>
      result.current.openReview(REQUEST, '€120.00', { onSent: (details) => done.push(details) }),
    );
    expect(done).toEqual([]);
    act(() => result.current.confirm());
    await waitFor(() => expect(done).toEqual(['€120.00']));
  });

  it('names a settled transfer by where the money is: completed inside the bank, on its way over a rail', () => {
    const server = fakeServer();
    expect(
      renderFlow({ submit: server.submit, settlesBy: 'rail' }).result.current.settledState,
    ).toBe('onItsWay');
    expect(renderFlow({ submit: server.submit }).result.current.settledState).toBe('completed');
    expect(transferStateOf('settled', 'ledger')).toBe('completed');
    expect(transferStateOf('settled', 'rail')).toBe('onItsWay');
    expect(transferStateOf('approvalCreated', 'rail')).toBe('awaitingApproval');
  });
});
