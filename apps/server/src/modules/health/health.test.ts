import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('health checks for load balancers', () => {
  it('answers /healthz and /readyz when the process and the database answer', async () => {
    const health = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    expect(health.headers['cache-control']).toBe('no-store');

    const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('reports not ready with 503, Retry-After and the envelope while the database does not answer, and /healthz stays up', async () => {
    // Transactions that hold every connection (PGlite has one; the PostgreSQL pool ten) keep
    // /readyz's query waiting past its time limit, as a database that hangs would.
    const connections = server.database.kind === 'postgres' ? 10 : 1;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding = 0;
    const transactions = Array.from({ length: connections }, () =>
      server.database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        holding += 1;
        await held;
      }),
    );
    try {
      await vi.waitFor(() => expect(holding).toBe(connections), { timeout: 30_000 });
      const ready = await server.app.inject({
        method: 'GET',
        url: '/readyz',
        headers: { 'accept-language': 'ro-RO' },
      });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toMatch(/^\d+$/);
      expect(ready.json()).toEqual({
        responseCode: 'UE',
        responseDescription: expect.stringContaining('indisponibil'),
      });

      const health = await server.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
    } finally {
      release();
      await Promise.all(transactions);
    }
    const again = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(again.statusCode).toBe(200);
  });
});
