import { eq } from 'drizzle-orm';
import {
  createChallenge,
  randomInt,
  verifySolution,
  type Challenge,
  type Payload,
} from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { BRANDS, isBrandId, type BrandId } from '@ledgerline/domain/brands';
import type { Database } from '../../db/client';
import { altchaSpent, serverSecrets } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { randomToken, sha256 } from '../../lib/crypto';
import { audit } from '../audit';

/** A challenge must be solved and used within this time. */
const CHALLENGE_TTL_MS = 10 * 60_000;
/**
 * Deterministic mode: the solver searches counters up to this many (a fraction of a second in a
 * browser). BOT_CHECK_WORK sets the most; the least keeps the same twelfth of it. The browser
 * tests lower it (as PASSWORD_HASH_COST): a hundred and more sign-ins each solved 32,000 hashes on
 * average, about a sixth of the browser's CPU in a run on CI's 2 cores.
 */
const COUNTER_MIN = 5_000;
const COUNTER_MAX = 60_000;

export interface BotCheckContext {
  brandId: BrandId;
  ip: string;
  action: 'login' | 'registration';
  username?: string;
}

export interface BotCheck {
  /** The brand a request is for, from its host name (BRAND_HOSTS), else the first brand. */
  brandOf(host: string | undefined): BrandId;
  /** Whether a request for this brand must carry a solved challenge (BOT_CHECK on and the brand has a site key). */
  required(brandId: BrandId): boolean;
  challenge(): Promise<Challenge>;
  /**
   * Throws VF (HTTP 400, reason botCheckFailed) unless the payload solves a challenge we signed,
   * unexpired and not used before; a failure writes the audit row `botcheck.failed`.
   * Does nothing when the check is not required for the brand.
   */
  verify(payload: string | undefined, context: BotCheckContext): Promise<void>;
}

async function loadSecret(db: Database, name: string): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomToken(32) })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`Could not load ${name}`);
  return row.value;
}

function decodePayload(payload: string): Payload | null {
  try {
    const decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Partial<Payload>;
    if (!decoded || typeof decoded !== 'object' || !decoded.challenge || !decoded.solution)
      return null;
    if (
      typeof decoded.challenge.signature !== 'string' ||
      typeof decoded.challenge.parameters !== 'object'
    )
      return null;
    return decoded as Payload;
  } catch {
    return null;
  }
}

/** The brand of a request: the host's brand (BRAND_HOSTS), else the first brand. */
export function brandOfHost(host: string | undefined, brandHosts: Record<string, string>): BrandId {
  const name = (host ?? '').split(':')[0]?.toLowerCase() ?? '';
  const mapped = brandHosts[name];
  return isBrandId(mapped) ? mapped : 'pebble';
}

export async function createBotCheck(
  db: Database,
  options: {
    enabled: boolean;
    brandHosts: Record<string, string>;
    /** The most rounds a challenge takes (BOT_CHECK_WORK); the least is a twelfth of it. */
    work?: number;
  },
): Promise<BotCheck> {
  const hmacSignatureSecret = await loadSecret(db, 'altcha_hmac_key');
  const hmacKeySignatureSecret = await loadSecret(db, 'altcha_hmac_key_signature');

  async function fail(context: BotCheckContext, why: string): Promise<never> {
    await audit(db, {
      action: 'botcheck.failed',
      ip: context.ip,
      details: { action: context.action, brandId: context.brandId, why },
    });
    throw new AppError('VF', 'The bot check failed. Please try again.', {
      extra: { reason: 'botCheckFailed' },
    });
  }

  const counterMax = options.work ?? COUNTER_MAX;
  const counterMin = Math.max(1, Math.floor((counterMax * COUNTER_MIN) / COUNTER_MAX));

  function required(brandId: BrandId): boolean {
    return options.enabled && BRANDS[brandId].botCheckSiteKey !== '';
  }

  return {
    brandOf(host) {
      return brandOfHost(host, options.brandHosts);
    },
    required,
    async challenge() {
      return createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        counter: randomInt(counterMin, counterMax),
        deriveKey,
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
    },
    async verify(payload, context) {
      if (!required(context.brandId)) return;
      if (!payload) return fail(context, 'missing');
      const decoded = decodePayload(payload);
      if (!decoded) return fail(context, 'malformed');
      let result;
      try {
        result = await verifySolution({
          challenge: decoded.challenge,
          solution: decoded.solution,
          deriveKey,
          hmacSignatureSecret,
          hmacKeySignatureSecret,
        });
      } catch {
        return fail(context, 'malformed');
      }
      if (!result.verified) return fail(context, result.expired ? 'expired' : 'invalid');
      // Each solution works once: remember its signature until the challenge expires.
      const expiresAt = new Date(
        (decoded.challenge.parameters.expiresAt ??
          Math.floor(Date.now() / 1000) + CHALLENGE_TTL_MS / 1000) * 1000,
      );
      const [spent] = await db
        .insert(altchaSpent)
        .values({ signatureHash: sha256(decoded.challenge.signature ?? ''), expiresAt })
        .onConflictDoNothing()
        .returning({ signatureHash: altchaSpent.signatureHash });
      if (!spent) return fail(context, 'replayed');
    },
  };
}
