import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { eq } from 'drizzle-orm';
import { altchaSpent, pendingLogins } from '../../db/schema';
import { DEMO_TOTP_SECRET } from '../../db/seed';
import { startTestServer, type TestServer } from '../../../test/helper';
import { login, token } from '../../../test/auth-flow';
import { purgeExpired } from './housekeeping';

let server: TestServer;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

function currentTotp(): string {
  return new TOTP({
    secret: Secret.fromBase32(DEMO_TOTP_SECRET),
    digits: 6,
    period: 30,
  }).generate();
}

describe('housekeeping of sign-in leftovers', () => {
  it('keeps a sign-in in progress: the code still completes it after a sweep', async () => {
    const attempt = await login(server, 'otp@ledgerline.test', { ip: '127.0.1.1' });
    expect(attempt.response.json().authFlow).toBe('otp');
    await purgeExpired(server.database.db);
    const answer = await token(
      server,
      { code: attempt.response.json().code, codeVerifier: attempt.verifier, otp: currentTotp() },
      '127.0.1.1',
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json().accessToken).toEqual(expect.any(String));
  });

  it('deletes pending sign-ins a day after they expired, and only those', async () => {
    const attempt = await login(server, 'otp@ledgerline.test', { ip: '127.0.1.2' });
    const code = attempt.response.json().code as string;
    const db = server.database.db;
    const before = await db.select({ id: pendingLogins.id }).from(pendingLogins);
    expect(before.length).toBeGreaterThan(0);

    const soon = await purgeExpired(db, new Date(Date.now() + 60 * 60_000));
    expect(soon.pendingLogins).toBe(0);

    const later = await purgeExpired(db, new Date(Date.now() + 2 * DAY_MS));
    expect(later.pendingLogins).toBe(before.length);
    expect(await db.select({ id: pendingLogins.id }).from(pendingLogins)).toEqual([]);
    // The swept sign-in cannot be completed any more.
    const answer = await token(
      server,
      { code, codeVerifier: attempt.verifier, otp: currentTotp() },
      '127.0.1.2',
    );
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('forgets spent bot-check solutions once their challenge has expired', async () => {
    const db = server.database.db;
    await db.insert(altchaSpent).values([
      { signatureHash: 'a'.repeat(64), expiresAt: new Date(Date.now() - 1000) },
      { signatureHash: 'b'.repeat(64), expiresAt: new Date(Date.now() + 10 * 60_000) },
    ]);
    const counts = await purgeExpired(db);
    expect(counts.altchaSolutions).toBe(1);
    const left = await db
      .select({ hash: altchaSpent.signatureHash })
      .from(altchaSpent)
      .where(eq(altchaSpent.signatureHash, 'b'.repeat(64)));
    expect(left).toHaveLength(1);
  });
});
