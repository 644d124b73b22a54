import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helper';

/** A tiny stand-in build folder, so the test does not depend on `vite build` having run. */
function fakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'll-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><title>Ledgerline</title><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script>',
  );
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log("app")');
  writeFileSync(join(dir, 'version.json'), '{"version":"1"}');
  // What apps/web/scripts/precompress.mjs writes beside the page.
  writeFileSync(join(dir, 'index.html.gz'), gzipSync(readFileSync(join(dir, 'index.html'))));
  return dir;
}

describe('serving the web app', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ WEB_DIST: fakeBuild() });
  });
  afterAll(async () => server.close());

  it('answers any app path with index.html (history fallback), never cached', async () => {
    for (const path of ['/login', '/cards/123', '/no-such-page']) {
      const response = await server.app.inject({ method: 'GET', url: path });
      expect(response.statusCode, path).toBe(200);
      expect(response.body, path).toContain('<div id="root">');
      expect(response.headers['cache-control'], path).toBe('no-cache');
      expect(response.headers['content-security-policy'], path).toContain("script-src 'self'");
    }
  });

  it('serves the app at / to a client that sends no Accept-Encoding (curl, a balancer), and compressed to one that does', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const plain = await server.app.inject({ method, url: '/' });
      expect(plain.statusCode, method).toBe(200);
      expect(plain.headers['content-type'], method).toMatch(/^text\/html/);
      expect(plain.headers['content-encoding'], method).toBeUndefined();
      expect(plain.headers['cache-control'], method).toBe('no-cache');
      if (method === 'GET') expect(plain.body).toContain('<div id="root">');
    }
    const fallback = await server.app.inject({ method: 'GET', url: '/cards/123' });
    expect(fallback.statusCode).toBe(200);
    expect(fallback.body).toContain('<div id="root">');

    const gzipped = await server.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toContain('<div id="root">');
  });

  it('caches hashed assets for a year and checks the version file every time', async () => {
    const asset = await server.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const version = await server.app.inject({ method: 'GET', url: '/version.json' });
    expect(version.json()).toEqual({ version: '1' });
    expect(version.headers['cache-control']).toBe('no-cache');
  });

  it('keeps unknown API paths as JSON 404s instead of the app', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/nothing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ responseCode: 'IM' });
  });
});
