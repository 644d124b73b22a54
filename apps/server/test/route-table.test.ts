import type * as FastifyModule from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROUTES_OUTSIDE_THE_TABLE, listRestRoutes } from '@ledgerline/contract';
import { startTestServer, type TestServer } from './helper';

/** Every route a Fastify instance registers, as `METHOD url`, collected through its onRoute hook. */
const registered = vi.hoisted(() => [] as { server: number; route: string }[]);
const building = vi.hoisted(() => ({ server: 0 }));

vi.mock('fastify', async (importOriginal) => {
  const real = await importOriginal<typeof FastifyModule>();
  const withRouteLog = ((options?: Parameters<typeof real.default>[0]) => {
    const app = real.default(options);
    const server = building.server;
    app.addHook('onRoute', (route) => {
      // A file of the built web app (@fastify/static gives each its own route, with the file's
      // root in the route's config) is counted as the table's one entry for the build, `/*`.
      const builtFile =
        (route.config as { rootPath?: unknown } | undefined)?.rootPath !== undefined;
      for (const method of [route.method].flat())
        registered.push({ server, route: `${method} ${builtFile ? '/*' : route.url}` });
    });
    return app;
  }) as typeof real.default;
  return { ...real, default: withRouteLog };
});

const table = listRestRoutes();
const outside = new Set(ROUTES_OUTSIDE_THE_TABLE.map((route) => `${route.method} ${route.path}`));

function described(route: string): boolean {
  const [method, url] = route.split(' ') as [string, string];
  // Fastify answers HEAD for every GET route by itself (the web app's wildcard too, once built).
  const asMethod = method === 'HEAD' ? 'GET' : method;
  if (outside.has(route) || outside.has(`${asMethod} ${url}`)) return true;
  return table.some((entry) => entry.route.method === asMethod && entry.route.path === url);
}

function routesOf(server: number): string[] {
  return registered.filter((entry) => entry.server === server).map((entry) => entry.route);
}

describe('the REST route table', () => {
  let development: TestServer;
  let production: TestServer;

  beforeAll(async () => {
    building.server = 1;
    development = await startTestServer();
    building.server = 2;
    production = await startTestServer({ DEV_TOOLS: 'false' } as never);
  });
  afterAll(async () => {
    await development?.close();
    await production?.close();
  });

  it('describes every route the server registers', () => {
    const routes = routesOf(1);
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((route) => !described(route))).toEqual([]);
  });

  it('has no entry the server does not register, but for dev stand-ins with dev tools off', () => {
    const withDevTools = new Set(routesOf(1));
    const withoutDevTools = new Set(routesOf(2));
    const key = (entry: (typeof table)[number]) => `${entry.route.method} ${entry.route.path}`;
    const served = table.filter((entry) => !entry.route.staticFile);
    expect(
      served.filter((entry) => !withDevTools.has(key(entry))).map((entry) => entry.name),
    ).toEqual([]);
    expect(
      served
        .filter((entry) => withoutDevTools.has(key(entry)) !== !entry.route.devOnly)
        .map((entry) => entry.name),
    ).toEqual([]);
    expect(routesOf(2).filter((route) => !described(route))).toEqual([]);
  });

  it('answers a body that does not match the route’s schema with the envelope and its field', async () => {
    const response = await development.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { client: 'web', username: 'a@b.c', password: 'x', codeChallenge: 'c', extra: 1 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      responseCode: 'TA1',
      responseDescription: 'Invalid parameters',
      validationErrors: expect.objectContaining({ _: expect.any(String) }),
    });
  });

  it('checks the bearer of a session route before it reads the request', async () => {
    const stranger = await development.app.inject({
      method: 'PATCH',
      url: '/api/auth/devices/not-a-number',
      payload: { name: '' },
    });
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json()).toMatchObject({ responseCode: 'AU' });

    const token = await development.signIn('anna@pebble.example');
    const signedIn = await development.app.inject({
      method: 'PATCH',
      url: '/api/auth/devices/not-a-number',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: '' },
    });
    expect(signedIn.statusCode).toBe(400);
    expect(signedIn.json()).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { id: expect.any(String) },
    });
  });
});
