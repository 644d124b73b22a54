import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler';

/** Errors as `pg` and Drizzle raise them when PostgreSQL goes away mid-request. */
const OUTAGE_ERRORS: [string, () => Error][] = [
  [
    '57P01 admin shutdown (pg_ctl stop)',
    () =>
      Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      }),
  ],
  [
    '57P02 crash shutdown',
    () =>
      Object.assign(new Error('terminating connection due to unexpected postmaster exit'), {
        code: '57P02',
      }),
  ],
  [
    '57P03 still starting up',
    () => Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
  ],
  [
    '08006 connection failure',
    () => Object.assign(new Error('connection failure'), { code: '08006' }),
  ],
  [
    'ECONNREFUSED',
    () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
  ],
  ['ECONNRESET', () => Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
  ['Connection terminated', () => new Error('Connection terminated unexpectedly')],
  [
    'a Drizzle query error wrapping ECONNREFUSED',
    () =>
      new Error('Failed query: select 1', {
        cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      }),
  ],
  [
    'an AggregateError of ECONNREFUSED (::1 and 127.0.0.1)',
    () =>
      new AggregateError(
        [Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })],
        '',
      ),
  ],
];

function appThrowing(error: () => Error) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app, { serveSpa: false });
  app.post('/api/main/', async () => {
    throw error();
  });
  return app;
}

describe('the error handler during a database outage', () => {
  it.each(OUTAGE_ERRORS)(
    'answers %s with 503, Retry-After and the envelope',
    async (_label, error) => {
      const app = appThrowing(error);
      const response = await app.inject({ method: 'POST', url: '/api/main/', payload: {} });
      expect(response.statusCode).toBe(503);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(response.json()).toEqual({
        responseCode: 'UE',
        responseDescription:
          'The service is briefly unavailable. Please try again in a few seconds.',
      });
      await app.close();
    },
  );

  it("answers in the caller's language: the body's lang first, else Accept-Language", async () => {
    const app = appThrowing(OUTAGE_ERRORS[0]![1]);
    const byBody = await app.inject({
      method: 'POST',
      url: '/api/main/',
      headers: { 'accept-language': 'ru' },
      payload: { lang: 'ua' },
    });
    expect(byBody.json().responseDescription).toBe(
      'Сервіс ненадовго недоступний. Спробуйте ще раз за кілька секунд.',
    );
    const byHeader = await app.inject({
      method: 'POST',
      url: '/api/main/',
      headers: { 'accept-language': 'es-ES,es;q=0.9' },
      payload: {},
    });
    expect(byHeader.json().responseDescription).toBe(
      'El servicio no está disponible por un momento. Inténtalo de nuevo en unos segundos.',
    );
    await app.close();
  });

  it('still answers a query the database refused (not an outage) with 500 Unknown error', async () => {
    const app = appThrowing(() =>
      Object.assign(new Error('duplicate key value violates unique constraint'), {
        code: '23505',
      }),
    );
    const response = await app.inject({ method: 'POST', url: '/api/main/', payload: {} });
    expect(response.statusCode).toBe(500);
    expect(response.headers['retry-after']).toBeUndefined();
    expect(response.json()).toEqual({ responseCode: 'UE', responseDescription: 'Unknown error' });
    await app.close();
  });
});
