import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '@/lib/storage';
import { createGate, startApiServer, type TestApiServer } from '@/test/api-server';
import { createSessionApiClient } from './api-client';
import { createSessionStore } from './session-store';
import { createTokenRefresher } from './token-refresher';

const CUSTOMER_OK = { responseCode: '00', responseDescription: 'OK', customer: { userId: 1 } };
const UNAUTHORISED = {
  status: 401,
  body: { responseCode: 'AU', responseDescription: 'Unauthorized' },
};

let server: TestApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A session, its refresher and API client against `baseUrl`, on a clock the test moves. */
function setUp(baseUrl: string, clock = { now: 1_000_000 }) {
  const session = createSessionStore({ storage: createMemoryStorage(), now: () => clock.now });
  const inner = createTokenRefresher({ baseUrl, session, now: () => clock.now, locks: null });
  const asked = { ensureFresh: 0 };
  // Counts the calls that have asked for a fresh token, so a test can hold the refresh until all have.
  const refresher = {
    ...inner,
    ensureFresh: () => {
      asked.ensureFresh += 1;
      return inner.ensureFresh();
    },
  };
  const client = createSessionApiClient({ baseUrl, session, refresher, getLanguage: () => 'en' });
  return { session, refresher, client, clock, asked };
}

const refreshCalls = (api: TestApiServer) =>
  api.requests.filter((request) => request.path === '/api/auth/refresh');
const bearers = (api: TestApiServer) =>
  api.requests
    .filter((request) => request.path === '/api/main/?getCustomerInfo')
    .map((request) => request.headers.authorization);

describe('token refresh', () => {
  it('fifty calls meeting an expired token cause one refresh, and all of them go out with the new token', async () => {
    const gate = createGate();
    server = await startApiServer({
      'POST /api/auth/refresh': () => ({
        body: { accessToken: 'fresh', expiresIn: 300 },
        hold: gate.promise,
      }),
      'POST /api/main/?getCustomerInfo': (request) =>
        request.headers.authorization === 'Bearer fresh' ? { body: CUSTOMER_OK } : UNAUTHORISED,
    });
    const { session, client, clock, asked } = setUp(server.url);
    session.signIn({ accessToken: 'stale', expiresIn: 300 });
    clock.now += 300_000; // the token has run out

    const calls = Array.from({ length: 50 }, () => client.main('getCustomerInfo', {}));
    // The refresh is held at the server until every call has asked for a fresh token.
    await waitFor(() => expect(asked.ensureFresh).toBe(50));
    await waitFor(() => expect(refreshCalls(server!)).toHaveLength(1));
    gate.open();
    const answers = await Promise.all(calls);

    expect(answers).toHaveLength(50);
    expect(refreshCalls(server)).toHaveLength(1);
    expect(bearers(server)).toEqual(Array.from({ length: 50 }, () => 'Bearer fresh'));
    expect(session.getAccessToken()).toBe('fresh');
  });

  it('fifty calls that all meet a 401 together cause one refresh and one retry each', async () => {
    server = await startApiServer({
      'POST /api/auth/refresh': () => ({ body: { accessToken: 'fresh', expiresIn: 300 } }),
      'POST /api/main/?getCustomerInfo': (request) =>
        request.headers.authorization === 'Bearer fresh' ? { body: CUSTOMER_OK } : UNAUTHORISED,
    });
    // The token looks valid here, but the server has ended it (e.g. a forced expiry).
    const { session, client } = setUp(server.url);
    session.signIn({ accessToken: 'revoked', expiresIn: 300 });

    await Promise.all(Array.from({ length: 50 }, () => client.main('getCustomerInfo', {})));

    expect(refreshCalls(server)).toHaveLength(1);
    const sent = bearers(server);
    expect(sent.filter((bearer) => bearer === 'Bearer revoked')).toHaveLength(50);
    expect(sent.filter((bearer) => bearer === 'Bearer fresh')).toHaveLength(50);
  });

  it('refreshes before a call when the token is within 10 s of expiry, not earlier', async () => {
    server = await startApiServer({
      'POST /api/auth/refresh': () => ({ body: { accessToken: 'fresh', expiresIn: 300 } }),
      'POST /api/main/?getCustomerInfo': () => ({ body: CUSTOMER_OK }),
    });
    const { session, client, clock } = setUp(server.url);
    session.signIn({ accessToken: 'first', expiresIn: 300 });
    clock.now += 289_000; // 11 s left
    await client.main('getCustomerInfo', {});
    expect(refreshCalls(server)).toHaveLength(0);
    clock.now += 1_000; // 10 s left
    await client.main('getCustomerInfo', {});
    expect(refreshCalls(server)).toHaveLength(1);
    expect(bearers(server)).toEqual(['Bearer first', 'Bearer fresh']);
  });

  it('sends the refresh with the cookie and an empty body, never a token from the page', async () => {
    server = await startApiServer({
      'POST /api/auth/refresh': () => ({ body: { accessToken: 'fresh', expiresIn: 300 } }),
    });
    const { session, refresher } = setUp(server.url);
    session.signIn({ accessToken: 'old', expiresIn: 300 });
    await refresher.refresh();
    const [call] = refreshCalls(server);
    expect(call?.body).toEqual({});
    expect(call?.headers.authorization).toBeUndefined();
  });

  it('ends the session as expired when the server refuses the refresh, and only then', async () => {
    let refuse = false;
    server = await startApiServer({
      'POST /api/auth/refresh': () =>
        refuse
          ? {
              status: 401,
              body: { responseCode: 'AU', responseDescription: 'Reused', reason: 'refreshReused' },
            }
          : { status: 503, body: { responseCode: 'UE', responseDescription: 'Busy' } },
    });
    const { session, refresher } = setUp(server.url);
    session.signIn({ accessToken: 'old', expiresIn: 300 });
    expect(await refresher.refresh()).toBe(false);
    expect(session.getState().isAuthed).toBe(true); // a server in trouble is not a refusal
    refuse = true;
    expect(await refresher.refresh()).toBe(false);
    expect(session.getState()).toMatchObject({ isAuthed: false, endReason: 'expired' });
  });

  it('restores a session after a reload with one refresh (only the non-secret flag survived)', async () => {
    server = await startApiServer({
      'POST /api/auth/refresh': () => ({
        body: { accessToken: 'restored', expiresIn: 300, userId: 4 },
      }),
      'POST /api/main/?getCustomerInfo': () => ({ body: CUSTOMER_OK }),
    });
    const storage = createMemoryStorage();
    createSessionStore({ storage }).signIn({ accessToken: 'before-reload', expiresIn: 300 });
    const session = createSessionStore({ storage });
    const refresher = createTokenRefresher({ baseUrl: server.url, session, locks: null });
    const client = createSessionApiClient({
      baseUrl: server.url,
      session,
      refresher,
      getLanguage: () => 'en',
    });
    expect(session.isAuthenticated()).toBe(false);
    await Promise.all([client.main('getCustomerInfo', {}), client.main('getCustomerInfo', {})]);
    expect(refreshCalls(server)).toHaveLength(1);
    expect(session.isAuthenticated()).toBe(true);
    expect(bearers(server)).toEqual(['Bearer restored', 'Bearer restored']);
  });
});
