import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { startTestServer, type TestServer } from '../../../test/helper';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('GET /config.json', () => {
  it('keeps the brands’ own idle timeouts when nothing is configured', async () => {
    server = await startTestServer();
    const response = await server.app.inject({ method: 'GET', url: '/config.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({ idleTimeoutSeconds: null, botCheck: false });
  });

  it('answers CLIENT_IDLE_TIMEOUT_SECONDS when it is set', async () => {
    server = await startTestServer({ CLIENT_IDLE_TIMEOUT_SECONDS: '20' });
    expect((await server.app.inject({ method: 'GET', url: '/config.json' })).json()).toEqual({
      idleTimeoutSeconds: 20,
      botCheck: false,
    });
  });

  it('tells the web app when forms must carry the bot check (BOT_CHECK)', async () => {
    server = await startTestServer({ BOT_CHECK: 'true' });
    expect((await server.app.inject({ method: 'GET', url: '/config.json' })).json()).toEqual({
      idleTimeoutSeconds: null,
      botCheck: true,
    });
  });

  it.each(['0', 'soon', '1.5', '90000'])(
    'refuses CLIENT_IDLE_TIMEOUT_SECONDS=%s at start-up, naming the variable',
    (value) => {
      expect(() => loadConfig({ CLIENT_IDLE_TIMEOUT_SECONDS: value })).toThrow(ConfigError);
      expect(() => loadConfig({ CLIENT_IDLE_TIMEOUT_SECONDS: value })).toThrow(
        /CLIENT_IDLE_TIMEOUT_SECONDS/,
      );
    },
  );
});
