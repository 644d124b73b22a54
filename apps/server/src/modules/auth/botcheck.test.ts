import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { altchaChallengeSchema } from '@ledgerline/contract';
import { auditLog, loginHistory } from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/helper';
import { login } from '../../../test/auth-flow';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ BOT_CHECK: 'true' });
});
afterAll(async () => server.close());

/** Does what the altcha widget does in the browser: fetch a challenge, solve it, encode the payload. */
async function solvedPayload(): Promise<string> {
  const response = await server.app.inject({ method: 'GET', url: '/api/auth/altcha' });
  expect(response.statusCode).toBe(200);
  const challenge = altchaChallengeSchema.parse(response.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe('the bot check (BOT_CHECK=true)', () => {
  it('refuses a login without a solution or with a forged one, and counts each failure', async () => {
    const missing = await login(server, 'personal@ledgerline.test', { ip: '127.0.0.20' });
    expect(missing.response.statusCode).toBe(400);
    expect(missing.response.json()).toMatchObject({ responseCode: 'VF', reason: 'botCheckFailed' });
    const forged = await login(server, 'personal@ledgerline.test', {
      ip: '127.0.0.20',
      extra: { altcha: Buffer.from('{"challenge":{},"solution":{}}').toString('base64') },
    });
    expect(forged.response.json()).toMatchObject({ reason: 'botCheckFailed' });
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'botcheck.failed'));
    expect(audits).toHaveLength(2);
    expect(audits.map((row) => row.details.why)).toEqual(['missing', 'malformed']);
    const history = await server.database.db
      .select()
      .from(loginHistory)
      .where(eq(loginHistory.ip, '127.0.0.20'));
    expect(history.map((row) => row.result)).toEqual(['botCheckFailed', 'botCheckFailed']);
  });

  it('lets a solved challenge through once', async () => {
    const altcha = await solvedPayload();
    const first = await login(server, 'personal@ledgerline.test', { extra: { altcha } });
    expect(first.response.statusCode).toBe(200);
    const replay = await login(server, 'personal@ledgerline.test', { extra: { altcha } });
    expect(replay.response.statusCode).toBe(400);
    expect(replay.response.json()).toMatchObject({ reason: 'botCheckFailed' });
  });
});
