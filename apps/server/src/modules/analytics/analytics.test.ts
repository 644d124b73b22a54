import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsBatches } from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const event = (
  name = 'loginFailed',
  properties: Record<string, unknown> = { reason: 'wrongCredentials' },
) => ({
  name,
  at: '2026-01-02T10:00:00.000Z',
  properties,
});

function post(body: unknown) {
  return server.app.inject({
    method: 'POST',
    url: '/api/analytics/events',
    payload: body as Record<string, unknown>,
  });
}

async function batchCount(): Promise<number> {
  return (await server.database.db.select().from(analyticsBatches)).length;
}

describe('POST /api/analytics/events', () => {
  it('stores one batch per request, without a sign-in', async () => {
    const before = await batchCount();
    const response = await post({
      brand: 'pebble',
      events: [event(), event('botCheckFailed', { flow: 'login' })],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      responseCode: '00',
      responseDescription: 'Success',
      accepted: 2,
    });
    const rows = await server.database.db.select().from(analyticsBatches);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      brandId: 'pebble',
      eventCount: 2,
      events: [{ name: 'loginFailed' }, { name: 'botCheckFailed' }],
    });
  });

  it.each([
    ['an empty batch', { brand: 'pebble', events: [] }],
    ['more than 50 events', { brand: 'pebble', events: Array.from({ length: 51 }, () => event()) }],
    ['an event we do not track', { brand: 'pebble', events: [event('pageView')] }],
    [
      'a nested property',
      { brand: 'pebble', events: [event('loginFailed', { user: { email: 'a@b.c' } })] },
    ],
    ['an unknown field', { brand: 'pebble', events: [event()], password: 'x' }],
    ['no brand', { events: [event()] }],
  ])('refuses %s with TA1 and stores nothing', async (_name, body) => {
    const before = await batchCount();
    const response = await post(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      responseCode: 'TA1',
      validationErrors: expect.any(Object),
    });
    expect(await batchCount()).toBe(before);
  });
});
