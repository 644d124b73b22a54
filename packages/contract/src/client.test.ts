import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ApiError,
  KEYED_RETRIES_ON_UNAVAILABLE,
  createApiClient,
  isServiceUnavailable,
  type ApiClientOptions,
} from './client';
import { authRoutes } from './auth/routes';
import { platformRoutes } from './platform/routes';

/** A real HTTP peer on loopback: it records what arrives and answers what the test sets. */
interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}
let http: Server;
let baseUrl = '';
let seen: Seen[] = [];
let answer: (request: Seen) => {
  status: number;
  body: string;
  delayMs?: number;
  headers?: Record<string, string>;
} = () => ({
  status: 200,
  body: '{}',
});

beforeAll(async () => {
  http = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const record = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body,
      };
      seen.push(record);
      const reply = answer(record);
      setTimeout(() => {
        response.writeHead(reply.status, {
          'content-type': 'application/json',
          ...reply.headers,
        });
        response.end(reply.body);
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
  const address = http.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  baseUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(() => new Promise<void>((done) => http.close(() => done())));
beforeEach(() => {
  seen = [];
  answer = () => ({
    status: 200,
    body: JSON.stringify({ responseCode: '00', responseDescription: 'Success', customer: {} }),
  });
});

function client(overrides: Partial<ApiClientOptions> = {}) {
  return createApiClient({
    baseUrl,
    getLanguage: () => 'ua',
    getAccessToken: () => 'token-123',
    ...overrides,
  });
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('the typed client: what it sends', () => {
  it('posts to /api/main/?method with the envelope, Accept-Language, client version and bearer token', async () => {
    await client({ getCustomerId: () => 42 }).main('getCustomerInfo', {});
    const [request] = seen;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/main/?getCustomerInfo');
    expect(request?.headers['accept-language']).toBe('uk');
    expect(request?.headers['x-client-version']).toBe('2.1.2');
    expect(request?.headers.authorization).toBe('Bearer token-123');
    expect(request?.headers['customer-id']).toBe('42');
    expect(JSON.parse(request?.body ?? '')).toEqual({ method: 'getCustomerInfo', lang: 'ua' });
  });

  it('sends no bearer token to a public method', async () => {
    answer = () => ({
      status: 200,
      body: JSON.stringify({
        responseCode: 'SUCCESS',
        responseDescription: 'Success',
        countries: [],
      }),
    });
    await client().main('getCountries', {});
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });

  it('strips null-valued fields from bodies, deeply (array positions are kept)', async () => {
    await client().route(platformRoutes.main, {
      body: { note: null, companyId: 5, nested: { a: null, b: [1, null] } },
    });
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ companyId: 5, nested: { b: [1, null] } });
  });
});

describe('the typed client: what it makes of answers', () => {
  it('turns number-looking strings into numbers, except codes and address, name, description and bank fields', async () => {
    answer = () => ({
      status: 200,
      body: JSON.stringify({
        responseCode: '00',
        responseDescription: '12',
        customer: {
          customerId: '17',
          balance: '1050.25',
          postalCode: '007',
          cardNumber: '4111111111111111',
          firstName: '123',
          address1: '42',
          bankName: '1',
        },
      }),
    });
    const result = (await client().main('getCustomerInfo', {})) as unknown as {
      responseCode: string;
      responseDescription: string;
      customer: Record<string, unknown>;
    };
    expect(result.responseCode).toBe('00');
    expect(result.responseDescription).toBe('12');
    expect(result.customer).toEqual({
      customerId: 17,
      balance: 1050.25,
      postalCode: '007',
      cardNumber: '4111111111111111',
      firstName: '123',
      address1: '42',
      bankName: '1',
    });
  });

  it("says 'Server is not available' for HTTP 500", async () => {
    answer = () => ({ status: 500, body: '{"message":"boom"}' });
    const error = await failureOf(client().main('getCustomerInfo', {}));
    expect(error.message).toBe('Server is not available');
  });

  it("says 'server error' for an empty reply", async () => {
    answer = () => ({ status: 200, body: '' });
    expect((await failureOf(client().main('getCustomerInfo', {}))).message).toBe('server error');
  });

  it('says the network-error text when the transport fails', async () => {
    const error = await failureOf(
      createApiClient({ baseUrl: 'http://127.0.0.1:1', getLanguage: () => 'en' }).main(
        'getCountries',
        {},
      ),
    );
    expect(error.kind).toBe('network');
    expect(error.message).toMatch(/Network error/);
  });

  it('gives up after the request timeout', async () => {
    answer = () => ({ status: 200, body: '{}', delayMs: 300 });
    const error = await failureOf(client({ timeoutMs: 50 }).main('getCustomerInfo', {}));
    expect(error.kind).toBe('timeout');
  });

  it('takes a shorter time limit for one call', async () => {
    answer = () => ({ status: 200, body: '{}', delayMs: 300 });
    const error = await failureOf(client().main('getCustomerInfo', {}, { timeoutMs: 50 }));
    expect(error.kind).toBe('timeout');
  });

  it('cancels the request when the caller aborts it, and says it was aborted, not timed out', async () => {
    answer = () => ({ status: 200, body: '{}', delayMs: 300 });
    const controller = new AbortController();
    const pending = client().main('getCustomerInfo', {}, { signal: controller.signal });
    controller.abort();
    const error: unknown = await pending.then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });

  it('takes the message of a failed answer in the spec order and keeps the field errors', async () => {
    answer = () => ({
      status: 400,
      body: JSON.stringify({
        responseCode: 'TA1',
        responseDescription: 'Invalid parameters',
        validationErrors: { countryCode: 'Too long', lang: 'Unknown' },
      }),
    });
    const error = await failureOf(client().main('getCustomerInfo', {}));
    expect(error.message).toBe('Too long, Unknown');
    expect(error.responseCode).toBe('TA1');
    expect(error.validationErrors).toEqual({ countryCode: 'Too long', lang: 'Unknown' });
  });

  it('treats a 200 answer with a failure code as a failure', async () => {
    answer = () => ({
      status: 200,
      body: JSON.stringify({ responseCode: 'CA', responseDescription: 'Closed account' }),
    });
    const error = await failureOf(client().main('getCustomerInfo', {}));
    expect(error).toMatchObject({
      kind: 'response',
      responseCode: 'CA',
      message: 'Closed account',
    });
  });

  it('on 401 asks the refresh hook once and retries once', async () => {
    let calls = 0;
    let token = 'old';
    answer = (request) =>
      request.headers.authorization === 'Bearer new'
        ? {
            status: 200,
            body: JSON.stringify({
              responseCode: '00',
              responseDescription: 'Success',
              customer: {},
            }),
          }
        : { status: 401, body: '{"responseCode":"AU","responseDescription":"Unauthorized"}' };
    const api = client({
      getAccessToken: () => token,
      onUnauthorized: async () => {
        calls += 1;
        token = 'new';
        return true;
      },
    });
    await api.main('getCustomerInfo', {});
    expect(calls).toBe(1);
    expect(seen.map((request) => request.headers.authorization)).toEqual([
      'Bearer old',
      'Bearer new',
    ]);
  });

  it('does not retry when the refresh hook fails, and does not loop', async () => {
    answer = () => ({
      status: 401,
      body: '{"responseCode":"AU","responseDescription":"Unauthorized"}',
    });
    let calls = 0;
    const error = await failureOf(
      client({ onUnauthorized: async () => ((calls += 1), false) }).main('getCustomerInfo', {}),
    );
    expect(error.status).toBe(401);
    expect(calls).toBe(1);
    expect(seen).toHaveLength(1);
  });

  it('tells the refresh hook which token failed, and retries only once even if that fails again', async () => {
    answer = () => ({
      status: 401,
      body: '{"responseCode":"AU","responseDescription":"Unauthorized"}',
    });
    const failed: (string | undefined)[] = [];
    let token = 'first';
    const api = client({
      getAccessToken: () => token,
      onUnauthorized: async (failedToken) => {
        failed.push(failedToken);
        token = 'second';
        return true;
      },
    });
    const error = await failureOf(api.main('getCustomerInfo', {}));
    expect(error.status).toBe(401);
    expect(failed).toEqual(['first']);
    expect(seen.map((request) => request.headers.authorization)).toEqual([
      'Bearer first',
      'Bearer second',
    ]);
  });

  it('lets the session freshen its token before an authenticated call, never before a public one', async () => {
    let token = 'stale';
    let freshened = 0;
    const api = client({
      getAccessToken: () => token,
      beforeAuthenticatedCall: async () => {
        freshened += 1;
        token = 'fresh';
      },
    });
    await api.main('getCustomerInfo', {});
    await api.route(authRoutes.login, {
      body: { client: 'web', username: 'a@b.c', password: 'x', codeChallenge: 'c' },
    });
    expect(freshened).toBe(1);
    expect(seen.map((request) => request.headers.authorization)).toEqual([
      'Bearer fresh',
      undefined,
    ]);
  });

  it('sends a call’s own bearer instead of the session token and does not refresh it on 401', async () => {
    answer = () => ({
      status: 401,
      body: '{"responseCode":"AU","responseDescription":"Unauthorized"}',
    });
    let refreshes = 0;
    let freshened = 0;
    const api = client({
      onUnauthorized: async () => ((refreshes += 1), true),
      beforeAuthenticatedCall: async () => void (freshened += 1),
    });
    const error = await failureOf(api.route(authRoutes.pushResend, { bearer: 'tmp-jwt' }));
    expect(error.status).toBe(401);
    expect(seen.map((request) => request.headers.authorization)).toEqual(['Bearer tmp-jwt']);
    expect(refreshes).toBe(0);
    expect(freshened).toBe(0);
  });
});

describe('the typed client: REST routes from the table', () => {
  it('fills the path parameters, sends the body and answers what the route answers', async () => {
    answer = () => ({ status: 200, body: JSON.stringify({ id: 7, name: 'Work phone' }) });
    const device = await client().route(authRoutes.devices.rename, {
      params: { id: 7 },
      body: { name: 'Work phone' },
    });
    expect(device.name).toBe('Work phone');
    expect(seen[0]).toMatchObject({ method: 'PATCH', url: '/api/auth/devices/7' });
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ name: 'Work phone' });
  });

  it('encodes a path parameter, so it cannot reach another path', async () => {
    await client().route(authRoutes.sei.approve, { params: { authorizationId: '../x?y' } });
    expect(seen[0]?.url).toBe('/api/auth/sei/authorize/..%2Fx%3Fy');
  });

  it('refreshes once on 401 and retries a session route with the fresh token', async () => {
    let token = 'old';
    answer = (request) =>
      request.headers.authorization === 'Bearer old'
        ? { status: 401, body: '{"responseCode":"AU","responseDescription":"Unauthorized"}' }
        : { status: 200, body: '{"devices":[]}' };
    const api = client({
      getAccessToken: () => token,
      onUnauthorized: async () => {
        token = 'new';
        return true;
      },
    });
    const answerOf = await api.route(authRoutes.devices.list);
    expect(answerOf.devices).toEqual([]);
    expect(seen.map((request) => request.headers.authorization)).toEqual([
      'Bearer old',
      'Bearer new',
    ]);
  });

  it('sends no bearer to a public route, nor to an own route called anonymously', async () => {
    await client().route(authRoutes.altcha);
    await client().route(authRoutes.realtimeTicket, { body: { tmpJwt: 't' }, anonymous: true });
    expect(seen.map((request) => request.headers.authorization)).toEqual([undefined, undefined]);
  });
});

describe('the typed client while the service is briefly unavailable (503)', () => {
  const unavailable = {
    status: 503,
    body: '{"responseCode":"UE","responseDescription":"Сервіс ненадовго недоступний."}',
    headers: { 'retry-after': '5' },
  };
  const success = {
    status: 200,
    body: JSON.stringify({
      responseCode: '00',
      responseDescription: 'Success',
      transactionId: 't-1',
    }),
  };
  const transferPayload = {
    fromAccount: 1,
    toAccount: 2,
    toAmount: '10.00',
    currency: 'EUR',
    idempotencyKey: '2f1a0c56-0d3c-4a55-9a39-5d3a8f0e6b21',
  };

  it("fails as 'server-unavailable' with the server's own text and its Retry-After, and reports the status", async () => {
    answer = () => unavailable;
    const statuses: number[] = [];
    const error = await failureOf(
      client({ onAnswer: (status) => statuses.push(status) }).main('getAccounts', {}),
    );
    expect(error.kind).toBe('server-unavailable');
    expect(error.status).toBe(503);
    expect(error.message).toBe('Сервіс ненадовго недоступний.');
    expect(error.retryAfterSeconds).toBe(5);
    expect(isServiceUnavailable(error)).toBe(true);
    // A read is not repeated here: the query layer retries reads.
    expect(seen).toHaveLength(1);
    expect(statuses).toEqual([503]);
  });

  it('sends a money-moving call again after a 503 with the very same idempotency key, waiting as the server asks', async () => {
    let calls = 0;
    answer = () => ((calls += 1), calls < 3 ? unavailable : success);
    const waits: [number, number | undefined][] = [];
    const api = client({
      unavailableRetryDelayMs: (attempt, retryAfter) => (waits.push([attempt, retryAfter]), 0),
    });
    const result = await api.main('transferBetweenAccounts', transferPayload);
    expect(result.transactionId).toBe('t-1');
    expect(seen).toHaveLength(3);
    const keys = seen.map((request) => JSON.parse(request.body).idempotencyKey);
    expect(keys).toEqual([
      transferPayload.idempotencyKey,
      transferPayload.idempotencyKey,
      transferPayload.idempotencyKey,
    ]);
    expect(waits).toEqual([
      [0, 5],
      [1, 5],
    ]);
  });

  it('gives up on a money-moving call after a bounded number of retries', async () => {
    answer = () => unavailable;
    const error = await failureOf(
      client({ unavailableRetryDelayMs: () => 0 }).main('transferBetweenAccounts', transferPayload),
    );
    expect(isServiceUnavailable(error)).toBe(true);
    expect(seen).toHaveLength(1 + KEYED_RETRIES_ON_UNAVAILABLE);
  });

  it('never sends a call without an idempotency key twice', async () => {
    answer = () => unavailable;
    const api = client({ unavailableRetryDelayMs: () => 0 });
    await failureOf(api.route(authRoutes.logout, { body: {} }));
    const { idempotencyKey: _dropped, ...withoutKey } = transferPayload;
    await failureOf(
      api.main('transferBetweenAccounts', withoutKey as unknown as typeof transferPayload),
    );
    expect(seen).toHaveLength(2);
  });

  it('does not send a money-moving call again after a refusal or a 500', async () => {
    answer = () => ({
      status: 400,
      body: '{"responseCode":"TA1","responseDescription":"Invalid parameters"}',
    });
    const api = client({ unavailableRetryDelayMs: () => 0 });
    await failureOf(api.main('transferBetweenAccounts', transferPayload));
    expect(seen).toHaveLength(1);
    answer = () => ({ status: 500, body: '{}' });
    await failureOf(api.main('transferBetweenAccounts', transferPayload));
    expect(seen).toHaveLength(2);
  });
});
