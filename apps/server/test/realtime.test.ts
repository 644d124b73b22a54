import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '../src/db/schema';
import { startTestServer, type TestServer } from './helper';
import { openSocket } from './realtime-client';

let server: TestServer;
let base: string;
let origin: string;

beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `ws://127.0.0.1:${address.port}`;
  origin = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => server.close());

async function ticketFor(token: string): Promise<string> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/auth/realtime-ticket',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode).toBe(200);
  return response.json().ticket as string;
}

describe('the realtime channel', () => {
  it('delivers an event to the signed-in user and to no one else', async () => {
    const anna = await server.signIn('anna@pebble.example');
    const tomas = await server.signIn('tomas@northmere.example');
    const annaSocket = await openSocket(`${base}/realtime?ticket=${await ticketFor(anna)}`, origin);
    const tomasSocket = await openSocket(
      `${base}/realtime?ticket=${await ticketFor(tomas)}`,
      origin,
    );
    const annaInfo = (await server.main('getCustomerInfo', {}, { token: anna })).json();

    await server.services.realtime.publish(annaInfo.customer.userId, {
      type: 'TwoStepVerificationModeSet',
    });
    const event = await annaSocket.next('TwoStepVerificationModeSet');
    expect(event.at).toEqual(expect.any(String));
    // A ping round trip on Tomás's socket proves the event had time to arrive had it been sent.
    tomasSocket.socket.send('ping');
    await tomasSocket.next('pong');
    expect(tomasSocket.messages).toEqual([{ type: 'pong' }]);
    annaSocket.socket.close();
    tomasSocket.socket.close();
  });

  it('refuses a ticket the second time it is used', async () => {
    const token = await server.signIn('anna@pebble.example');
    const ticket = await ticketFor(token);
    const first = await openSocket(`${base}/realtime?ticket=${ticket}`, origin);
    await expect(openSocket(`${base}/realtime?ticket=${ticket}`, origin)).rejects.toThrow(
      /HTTP 401/,
    );
    first.socket.close();
  });

  it('refuses a handshake without a ticket or from another origin', async () => {
    await expect(openSocket(`${base}/realtime`, origin)).rejects.toThrow(/HTTP 401/);
    const token = await server.signIn('anna@pebble.example');
    await expect(
      openSocket(`${base}/realtime?ticket=${await ticketFor(token)}`, 'https://evil.example'),
    ).rejects.toThrow(/HTTP 403/);
  });

  it('closes the socket when the session signs out', async () => {
    const token = await server.signIn('tomas@northmere.example');
    const socket = await openSocket(`${base}/realtime?ticket=${await ticketFor(token)}`, origin);
    const logout = await server.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
      payload: {},
    });
    expect(logout.statusCode).toBe(200);
    expect(await socket.next('SessionClosed')).toMatchObject({ payload: { reason: 'logout' } });
    expect((await socket.closed).code).toBe(4001);
    // The token of a closed session no longer opens anything.
    expect((await server.main('getCustomerInfo', {}, { token })).statusCode).toBe(401);
  });

  it('closes the socket when the session reaches the end of its life', async () => {
    const token = await server.signIn('anna@pebble.example');
    const claims = await server.services.tokens.verifyAccessToken(token);
    if (!claims) throw new Error('no claims');
    // Bring the session's end near instead of waiting 12 hours.
    await server.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 1500) })
      .where(eq(sessions.id, claims.sessionId));
    const socket = await openSocket(`${base}/realtime?ticket=${await ticketFor(token)}`, origin);
    expect(await socket.next('SessionClosed')).toMatchObject({ payload: { reason: 'expired' } });
    expect((await socket.closed).code).toBe(4001);
  });
});

describe('AccountChanged after a transfer', () => {
  /** The customer's accounts as getAccounts answers them. */
  async function accountsOf(token: string) {
    const { accounts } = (await server.main('getAccounts', {}, { token })).json() as {
      accounts: { accountId: number; currencyCode: string; type: number }[];
    };
    return accounts;
  }

  /** Proves, by a ping round trip, that nothing else had been sent to the socket before it. */
  async function quiet(socket: Awaited<ReturnType<typeof openSocket>>) {
    socket.socket.send('ping');
    await socket.next('pong');
    return socket.messages.filter((message) => message.type === 'AccountChanged');
  }

  it('tells the payer and the payee once the transfer commits, and no one of a refused one', async () => {
    const payer = await server.signIn('personal@ledgerline.test');
    const payee = await server.signIn('anna@pebble.example');
    const payerSocket = await openSocket(
      `${base}/realtime?ticket=${await ticketFor(payer)}`,
      origin,
    );
    const payeeSocket = await openSocket(
      `${base}/realtime?ticket=${await ticketFor(payee)}`,
      origin,
    );
    const eur = (await accountsOf(payer)).filter((account) => account.currencyCode === 'EUR');
    expect(eur.length).toBeGreaterThanOrEqual(2);

    const betweenOwn = (toAmount: string) =>
      server.main(
        'transferBetweenAccounts',
        {
          fromAccount: eur[0]!.accountId,
          toAccount: eur[1]!.accountId,
          toAmount,
          currency: 'EUR',
          idempotencyKey: crypto.randomUUID(),
        },
        { token: payer },
      );

    // A refused transfer (more than the account holds) sends nothing.
    expect((await betweenOwn('999999999')).statusCode).toBe(400);
    expect(await quiet(payerSocket)).toEqual([]);

    expect((await betweenOwn('1.25')).json()).toMatchObject({ status: 'settled' });
    await payerSocket.next('AccountChanged');
    const changed = (await quiet(payerSocket)).map(
      (message) => (message.payload as { accountId: number }).accountId,
    );
    expect(changed.sort()).toEqual([eur[0]!.accountId, eur[1]!.accountId].sort());

    const p2p = await server.main(
      'transferP2P',
      {
        fromAccount: eur[0]!.accountId,
        email: 'anna@pebble.example',
        amount: '2',
        idempotencyKey: crypto.randomUUID(),
      },
      { token: payer },
    );
    expect(p2p.json()).toMatchObject({ status: 'settled' });
    const received = await payeeSocket.next('AccountChanged');
    const annaEur = (await accountsOf(payee)).filter((account) => account.currencyCode === 'EUR');
    expect(annaEur.map((account) => account.accountId)).toContain(
      (received.payload as { accountId: number }).accountId,
    );
    payerSocket.socket.close();
    payeeSocket.socket.close();
  });
});
