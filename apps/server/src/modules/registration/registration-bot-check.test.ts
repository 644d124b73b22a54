import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { altchaChallengeSchema } from '@ledgerline/contract';
import { getBrand } from '@ledgerline/domain/brands';
import { auditLog, users } from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/helper';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ BOT_CHECK: 'true' });
});
afterAll(async () => server.close());

/** What the altcha widget does in the browser: fetch a challenge, solve it, encode the payload. */
async function solvedPayload(): Promise<string> {
  const challenge = altchaChallengeSchema.parse(
    (await server.app.inject({ method: 'GET', url: '/api/auth/altcha' })).json(),
  ) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

function registration(email: string, altcha?: string) {
  return {
    brandId: 'pebble',
    registrationType: 'developers',
    firstName: 'Bea',
    lastName: 'Lund',
    countryCode: 'SE',
    email,
    password: 'Sunny-harbour-42',
    acceptedTerms: getBrand('pebble').terms.map((term) => term.value),
    ...(altcha ? { altcha } : {}),
  };
}

async function userExists(email: string): Promise<boolean> {
  const rows = await server.database.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  return rows.length > 0;
}

describe('registration with the bot check on (BOT_CHECK=true)', () => {
  it('refuses a registration without a solution, records the failure and creates nothing', async () => {
    const response = await server.main('registerPersonal', registration('bot@example.test'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ responseCode: 'VF', reason: 'botCheckFailed' });
    expect(await userExists('bot@example.test')).toBe(false);
    const failures = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'botcheck.failed')));
    expect(failures.map((row) => row.details.action)).toContain('registration');
  });

  it('accepts a solved challenge once', async () => {
    const altcha = await solvedPayload();
    expect(
      (await server.main('registerPersonal', registration('human@example.test', altcha)))
        .statusCode,
    ).toBe(200);
    expect(await userExists('human@example.test')).toBe(true);
    const replay = await server.main(
      'registerPersonal',
      registration('replay@example.test', altcha),
    );
    expect(replay.json()).toMatchObject({ responseCode: 'VF', reason: 'botCheckFailed' });
    expect(await userExists('replay@example.test')).toBe(false);
  });
});
