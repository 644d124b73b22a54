import type { Database } from '../../db/client';
import type { PasswordHasher } from '../../lib/crypto';
import type { Mailer } from '../notifications';
import type { RealtimeHub } from '../realtime';
import { createBotCheck, type BotCheck } from './botcheck';
import { createAuthService, type AuthService, type DeviceRequestHook } from './flows';
import { createSessionService, type SessionService } from './sessions';
import { createTokenService, type TokenService } from './tokens';

/** The long-lived collaborators auth gives a server node: tokens, sessions, sign-in flows, bot check. */
export interface AuthServices {
  tokens: TokenService;
  sessions: SessionService;
  /** Sign-in flows, second factors, device requests (issue 3). */
  auth: AuthService;
  /** ALTCHA bot check for login and registration. */
  botCheck: BotCheck;
}

/** Builds auth's services once per node (services.ts); other modules' device-request kinds come in `deviceRequestHooks`. */
export async function createAuthServices(deps: {
  db: Database;
  /** Hashes at the configured cost; the sign-in decoy must cost what a real user's hash does. */
  passwords: PasswordHasher;
  realtime: RealtimeHub;
  mailer: Mailer;
  /** The configured signing secret; without one a secret kept in the database is used. */
  jwtSecret: string | undefined;
  botCheck: Parameters<typeof createBotCheck>[1];
  signInAddressLimit: number;
  deviceRequestHooks: Record<string, DeviceRequestHook>;
}): Promise<AuthServices> {
  const tokens = await createTokenService(deps.db, deps.jwtSecret);
  const sessions = createSessionService(deps.db, tokens, deps.realtime);
  const botCheck = await createBotCheck(deps.db, deps.botCheck);
  const auth = createAuthService({
    db: deps.db,
    passwords: deps.passwords,
    tokens,
    sessions,
    realtime: deps.realtime,
    mailer: deps.mailer,
    botCheck,
    signInAddressLimit: deps.signInAddressLimit,
    deviceRequestHooks: deps.deviceRequestHooks,
  });
  return { tokens, sessions, auth, botCheck };
}
