import { createHmac } from 'node:crypto';
import { SignJWT, type JWTPayload } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createTokenService, type TokenService } from './tokens';

/*
 * The token service checks signatures and claims itself (decision 129). Every token here is
 * signed for real (jose, or an HMAC written out), with our secret or another; each broken one must
 * read as no token at all.
 */

const SECRET = 'a-test-secret-of-some-length-0123456789';
const key = new TextEncoder().encode(SECRET);
const now = () => Math.floor(Date.now() / 1000);

let tokens: TokenService;
beforeAll(async () => {
  // With a configured secret the service never reads the database.
  tokens = await createTokenService(undefined as unknown as Database, SECRET);
});

function signed(
  claims: JWTPayload,
  header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' },
  secret: Uint8Array = key,
) {
  return new SignJWT(claims).setProtectedHeader(header as { alg: string }).sign(secret);
}

/** A token with any header at all, signed with HMAC-SHA256 over what it holds. */
function handMade(header: unknown, payload: unknown, secret = SECRET): string {
  const head = Buffer.from(JSON.stringify(header)).toString('base64url');
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const signature = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${signature}`;
}

const access = () => ({
  sub: '7',
  sid: 'session-1',
  cid: 3,
  iss: 'ledgerline',
  iat: now(),
  exp: now() + 60,
});

describe('access tokens and tmpJwts', () => {
  it('reads back what it issued, each kind only as its own kind', async () => {
    const token = await tokens.issueAccessToken({ userId: 7, sessionId: 's-1', customerId: 3 });
    expect(await tokens.verifyAccessToken(token)).toEqual({
      userId: 7,
      sessionId: 's-1',
      customerId: 3,
    });
    expect(await tokens.verifyTmpJwt(token)).toBeNull();
    const tmp = await tokens.issueTmpJwt(
      { userId: 9, pendingLoginId: 'p-1' },
      new Date(Date.now() + 60_000),
    );
    expect(await tokens.verifyTmpJwt(tmp)).toEqual({ userId: 9, pendingLoginId: 'p-1' });
    expect(await tokens.verifyAccessToken(tmp)).toBeNull();
  });

  it('refuses a token changed after signing, or signed with another secret', async () => {
    const token = await signed(access());
    expect(await tokens.verifyAccessToken(token)).not.toBeNull();
    const [head, , signature] = token.split('.');
    const otherBody = Buffer.from(JSON.stringify({ ...access(), cid: 4 })).toString('base64url');
    expect(await tokens.verifyAccessToken(`${head}.${otherBody}.${signature}`)).toBeNull();
    const flipped = `${signature!.slice(0, -2)}${signature!.at(-2) === 'A' ? 'B' : 'A'}${signature!.at(-1)}`;
    expect(await tokens.verifyAccessToken(`${head}.${token.split('.')[1]}.${flipped}`)).toBeNull();
    const other = await signed(access(), undefined, new TextEncoder().encode(`${SECRET}!`));
    expect(await tokens.verifyAccessToken(other)).toBeNull();
  });

  it('refuses other algorithms, unsigned tokens and critical extensions', async () => {
    expect(await tokens.verifyAccessToken(await signed(access(), { alg: 'HS512' }))).toBeNull();
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(access())).toString('base64url')}.`;
    expect(await tokens.verifyAccessToken(none)).toBeNull();
    expect(await tokens.verifyAccessToken(handMade({ alg: 'none' }, access()))).toBeNull();
    expect(
      await tokens.verifyAccessToken(handMade({ alg: 'HS256', crit: ['exp'] }, access())),
    ).toBeNull();
    expect(await tokens.verifyAccessToken(handMade({ alg: 'HS256' }, access()))).not.toBeNull();
  });

  it('refuses expired, not yet valid, foreign and incomplete claims', async () => {
    const cases: Record<string, unknown>[] = [
      { ...access(), exp: now() - 1 },
      { ...access(), exp: now() },
      { ...access(), exp: String(now() + 60) },
      { ...access(), exp: undefined },
      { ...access(), nbf: now() + 60 },
      { ...access(), iat: 'yesterday' },
      { ...access(), iss: 'someone-else' },
      { ...access(), iss: undefined },
      { ...access(), aud: 'pending-login' },
      { ...access(), sub: 7 },
      { ...access(), sub: 'seven' },
      { ...access(), sid: 12 },
      { ...access(), cid: '3' },
    ];
    for (const claims of cases)
      expect(await tokens.verifyAccessToken(handMade({ alg: 'HS256' }, claims))).toBeNull();
    expect(await tokens.verifyAccessToken(handMade({ alg: 'HS256' }, [access()]))).toBeNull();
    const tmp = { sub: '9', pid: 'p-1', iss: 'ledgerline', exp: now() + 60 };
    expect(await tokens.verifyTmpJwt(handMade({ alg: 'HS256' }, tmp))).toBeNull();
    expect(
      await tokens.verifyTmpJwt(
        handMade({ alg: 'HS256' }, { ...tmp, aud: ['x', 'pending-login'] }),
      ),
    ).toEqual({ userId: 9, pendingLoginId: 'p-1' });
    expect(
      await tokens.verifyTmpJwt(handMade({ alg: 'HS256' }, { ...tmp, aud: 'someone' })),
    ).toBeNull();
  });

  it('refuses what is not a compact token', async () => {
    const token = await signed(access());
    for (const broken of [
      '',
      'not-a-jwt',
      token.split('.').slice(0, 2).join('.'),
      `${token}.more`,
      `${token.slice(0, 10)}%${token.slice(11)}`,
      `${token.slice(0, 10)}+${token.slice(11)}`,
      `${token.split('.').slice(0, 2).join('.')}.${'A'.repeat(2100)}`,
    ])
      expect(await tokens.verifyAccessToken(broken)).toBeNull();
  });
});
