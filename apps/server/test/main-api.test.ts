import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { mainMethods } from '@ledgerline/contract';
import { selectRows } from '../src/db/client';
import { startTestServer, type TestServer } from './helper';

let server: TestServer;
let annaToken: string;
let ioanaToken: string;

beforeAll(async () => {
  server = await startTestServer();
  annaToken = await server.signIn('anna@pebble.example');
  ioanaToken = await server.signIn('ioana@harbourlight.example');
});
afterAll(async () => server.close());

/** Row counts of every table of ours: "changes nothing" means these stay the same. */
async function tableCounts(): Promise<Record<string, number>> {
  const tables = await selectRows<{ table_name: string }>(
    server.database.db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name: name } of tables) {
    const [row] = await selectRows<{ n: number }>(
      server.database.db,
      sql.raw(`select count(*)::int as n from "${name}"`),
    );
    counts[name] = Number(row?.n);
  }
  return counts;
}

describe('the main API envelope', () => {
  it('answers a known public method with its success code and data', async () => {
    const response = await server.main('getCountries', { lang: 'en' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.responseCode).toBe('SUCCESS');
    expect(body.responseDescription).toBe('Success');
    expect(body.countries.length).toBeGreaterThan(200);
  });

  it('answers IM for a method that does not exist', async () => {
    const response = await server.main('transferEverything', {});
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ responseCode: 'IM' });
  });

  it('answers IM when no method is named at all', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/main/', payload: {} });
    expect(response.json()).toMatchObject({ responseCode: 'IM' });
  });

  it('refuses a body whose method disagrees with the URL', async () => {
    const response = await server.main('getCountries', { method: 'getCustomerInfo' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { method: expect.any(String) },
    });
  });

  it('names each bad field in validationErrors (TA1)', async () => {
    const response = await server.main('getCountries', {
      lang: 'xx',
      fromCustomerId: 'seven',
      surprise: true,
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.responseCode).toBe('TA1');
    expect(Object.keys(body.validationErrors)).toEqual(
      expect.arrayContaining(['lang', 'fromCustomerId']),
    );
  });

  it('answers HTTP 401 to a protected method without a token', async () => {
    const response = await server.main('getCustomerInfo', {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ responseCode: 'AU' });
  });

  it('answers HTTP 401 to a forged or malformed token', async () => {
    const [head, payload] = annaToken.split('.');
    for (const token of [`${head}.${payload}.forged-signature`, 'not-a-jwt', 'a'.repeat(5000)]) {
      const response = await server.main('getCustomerInfo', {}, { token });
      expect(response.statusCode).toBe(401);
    }
  });

  it("answers the caller's own customer with a valid token", async () => {
    const response = await server.main('getCustomerInfo', {}, { token: annaToken });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      responseCode: '00',
      customer: { login: 'anna@pebble.example', firstName: 'Anna', customerType: 0 },
    });
  });

  it('lets a user act for a customer they hold access to (fromCustomerId)', async () => {
    const own = (await server.main('getCustomerInfo', {}, { token: ioanaToken })).json();
    const office = await server.signIn('office@harbourlight.example');
    const business = (await server.main('getCustomerInfo', {}, { token: office })).json();
    const response = await server.main(
      'getCustomerInfo',
      { fromCustomerId: business.customer.customerId },
      { token: ioanaToken },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().customer).toMatchObject({
      businessName: 'Harbourlight Studio Ltd',
      customerType: 2,
    });
    expect(own.customer.isHaveRelatedAccounts).toBe(true);
  });

  it('answers ENOA when the named customer is not the caller’s to touch, by body or by header', async () => {
    const ioana = (await server.main('getCustomerInfo', {}, { token: ioanaToken })).json();
    const byBody = await server.main(
      'getCustomerInfo',
      { fromCustomerId: ioana.customer.customerId },
      { token: annaToken },
    );
    expect(byBody.statusCode).toBe(403);
    expect(byBody.json()).toMatchObject({ responseCode: 'ENOA' });
    const byHeader = await server.main(
      'getCustomerInfo',
      {},
      { token: annaToken, headers: { 'customer-id': String(ioana.customer.customerId) } },
    );
    expect(byHeader.json()).toMatchObject({ responseCode: 'ENOA' });
  });

  it('accepts the method in the body when the URL names none', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/main/',
      payload: { method: 'getCountries' },
    });
    expect(response.json()).toMatchObject({ responseCode: 'SUCCESS' });
  });
});

describe('bad input never answers 500 and changes nothing', () => {
  const hostileBodies: { label: string; payload: string; contentType?: string }[] = [
    { label: 'JSON that does not parse', payload: '{"lang": "en",' },
    { label: 'a JSON array', payload: '[1,2,3]' },
    { label: 'a JSON string', payload: '"hello"' },
    { label: 'null', payload: 'null' },
    {
      label: 'wrong types everywhere',
      payload: JSON.stringify({
        lang: 42,
        fromCustomerId: { a: 1 },
        fromEmail: ['x'],
        authSecret: false,
        countryCode: 7,
        type: null,
      }),
    },
    {
      label: 'a huge string',
      payload: JSON.stringify({
        lang: 'en',
        countryCode: 'A'.repeat(200_000),
        authSecret: 'B'.repeat(200_000),
      }),
    },
    {
      label: 'a body over the size limit',
      payload: JSON.stringify({ blob: 'C'.repeat(1_200_000) }),
    },
    { label: 'deep nesting', payload: `${'{"a":'.repeat(500)}1${'}'.repeat(500)}` },
    {
      label: 'prototype pollution',
      payload: '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"x": 1}}}',
    },
    {
      label: 'form encoding',
      payload: 'lang=en',
      contentType: 'application/x-www-form-urlencoded',
    },
    { label: 'an empty body with a JSON type', payload: '' },
    { label: 'a negative and a fractional id', payload: JSON.stringify({ fromCustomerId: -1.5 }) },
  ];

  it('answers every method with a clear 4xx envelope for each hostile body', async () => {
    const before = await tableCounts();
    for (const method of Object.keys(mainMethods)) {
      for (const body of hostileBodies) {
        for (const token of [undefined, annaToken]) {
          const response = await server.app.inject({
            method: 'POST',
            url: `/api/main/?${method}`,
            headers: {
              'content-type': body.contentType ?? 'application/json',
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
            payload: body.payload,
          });
          const label = `${method} with ${body.label}${token ? ' (signed in)' : ''}`;
          expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
          expect(response.statusCode, label).toBeLessThan(500);
          const envelope = response.json();
          expect(typeof envelope.responseCode, label).toBe('string');
          expect(envelope.responseDescription, label).toMatch(/\S/);
          expect(response.body, label).not.toMatch(/at .+\.ts:\d+|select |insert into/i);
        }
      }
    }
    // Sign-ins write audit rows; nothing above signs in, so every table stays as it was.
    expect(await tableCounts()).toEqual(before);
  });

  it.each([
    ['POST', '/api/main/?%'],
    ['POST', '/api/main/?%E0%A4%A'],
    ['PUT', '/api/auth/login/%00%ff/confirm'],
  ] as const)(
    'answers a path with bad percent-encoding (%s %s) with a 400 envelope and changes nothing',
    async (method, url) => {
      const before = await tableCounts();
      const response = await server.app.inject({
        method,
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(response.statusCode).toBe(400);
      const envelope = response.json();
      expect(Object.keys(envelope).sort()).toEqual(
        expect.arrayContaining(['responseCode', 'responseDescription']),
      );
      expect(envelope).not.toHaveProperty('code');
      expect(envelope.responseDescription).toMatch(/URL encoding/);
      expect(await tableCounts()).toEqual(before);
    },
  );

  it('refuses __proto__ in a body instead of letting it grant anything', async () => {
    const response = await server.main('getCustomerInfo', '{"__proto__": {"isAdmin": true}}', {
      token: annaToken,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ responseCode: 'TA1' });
    const after = await server.main('getCustomerInfo', {}, { token: annaToken });
    expect(after.json().customer.isAdmin).toBe(false);
  });
});
