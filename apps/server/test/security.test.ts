import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestServer, type TestServer } from './helper';

describe('security headers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('sends a strict CSP, HSTS, nosniff, no-referrer and no-store on API answers', async () => {
    const response = await server.main('getCountries', {});
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    const scriptSrc =
      csp.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc).not.toContain('unsafe-eval');
    expect(csp).not.toContain('upgrade-insecure-requests');
    const connectSrc =
      csp.split(';').find((directive) => directive.trim().startsWith('connect-src')) ?? '';
    expect(connectSrc).toContain('https://*.staging.pebble.example');
    expect(connectSrc).not.toMatch(/ (ws|wss|https):( |$)/);
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('sends the same headers on error answers', async () => {
    const response = await server.main('nope', {});
    expect(response.headers['content-security-policy']).toContain("object-src 'none'");
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('guards every mounted service with the bearer token', async () => {
    const token = await server.signIn('anna@pebble.example');
    for (const prefix of [
      '/api/contracts',
      '/api/public-api',
      '/api/support',
      '/api/pdf',
      '/api/esign',
    ]) {
      const anonymous = await server.app.inject({ method: 'GET', url: `${prefix}/health` });
      expect(anonymous.statusCode, prefix).toBe(401);
      expect(anonymous.json()).toMatchObject({ responseCode: 'AU' });
      const signedIn = await server.app.inject({
        method: 'GET',
        url: `${prefix}/health`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(signedIn.statusCode, prefix).toBe(200);
      const unknown = await server.app.inject({
        method: 'GET',
        url: `${prefix}/nothing-here`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(unknown.statusCode, prefix).toBe(404);
      expect(unknown.json()).toMatchObject({ responseCode: 'IM' });
    }
  });

  it('never logs the password, the tokens or the realtime ticket', async () => {
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: {
        client: 'web',
        username: 'anna@pebble.example',
        password: DEMO_PASSWORD,
        codeChallenge: 'y'.repeat(43),
      },
    });
    const { accessToken, refreshToken } = login.json();
    await server.main('getCustomerInfo', {}, { token: accessToken });
    const ticket = (
      await server.app.inject({
        method: 'POST',
        url: '/api/auth/realtime-ticket',
        headers: { authorization: `Bearer ${accessToken}` },
      })
    ).json().ticket;
    await server.app.inject({ method: 'GET', url: `/realtime?ticket=${ticket}` });
    await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: {
        client: 'web',
        username: 'anna@pebble.example',
        password: 'Wrong-Password-1',
        codeChallenge: 'y'.repeat(43),
      },
    });
    const logs = server.logs.join('\n');
    expect(logs).toContain('/api/auth/login');
    for (const secret of [DEMO_PASSWORD, 'Wrong-Password-1', accessToken, refreshToken, ticket]) {
      expect(logs).not.toContain(secret);
    }
  });
});

describe('rate limiting of public methods', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '3' });
  });
  afterAll(async () => server.close());

  it('answers 429 with Retry-After once a caller exceeds the limit, and only for public methods', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await server.main('getCountries', {})).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await server.main('getCountries', {});
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({
      responseCode: 'RL',
      responseDescription: expect.stringMatching(/Too many requests/),
    });

    const token = await server.signIn('anna@pebble.example');
    const protectedStatuses: number[] = [];
    for (let i = 0; i < 5; i += 1)
      protectedStatuses.push((await server.main('getCustomerInfo', {}, { token })).statusCode);
    expect(protectedStatuses).toEqual([200, 200, 200, 200, 200]);
  });
});

describe('development stand-ins', () => {
  it('are served when NODE_ENV is not production and absent in production', async () => {
    const dev = await startTestServer();
    const page = await dev.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Nothing has been sent yet.');
    await dev.close();

    const production = await startTestServer({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
    });
    expect((await production.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(
      404,
    );
    expect((await production.app.inject({ method: 'GET', url: '/dev/device' })).statusCode).toBe(
      404,
    );
    await production.close();
  });

  it('shows every e-mail and SMS the server sent in the outbox, escaped', async () => {
    const server = await startTestServer();
    await server.services.mailer.enqueue(server.database.db, {
      channel: 'email',
      recipient: 'anna@pebble.example',
      subject: 'Welcome <b>',
      body: 'Your code is 123456',
    });
    await server.services.mailer.enqueue(server.database.db, {
      channel: 'sms',
      recipient: '+37060000000',
      body: 'Code 654321',
    });
    expect(await server.services.mailer.deliverPending()).toBe(2);
    const page = await server.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.body).toContain('Your code is 123456');
    expect(page.body).toContain('Code 654321');
    expect(page.body).toContain('Welcome &lt;b&gt;');
    const json = (await server.app.inject({ method: 'GET', url: '/dev/outbox.json' })).json();
    expect(json.messages.map((message: { status: string }) => message.status).sort()).toEqual([
      'outbox',
      'sent',
    ]);
    await server.close();
  });
});
