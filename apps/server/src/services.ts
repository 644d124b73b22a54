import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle } from './db/connect';
import {
  type AuthService,
  type BotCheck,
  createAuthService,
  createBotCheck,
  createSessionService,
  createTokenService,
  type SessionService,
  type TokenService,
} from './modules/auth';
import { createRealtimeHub, type RealtimeHub } from './modules/realtime';
import { createMailer, type Mailer } from './modules/notifications';
import { type CardVault, createCardVault, ensureBinDirectory } from './modules/cards';
import { serverModules } from './server-modules';

/** The long-lived collaborators of one server node, built once and handed to routes and handlers. */
export interface Services {
  tokens: TokenService;
  sessions: SessionService;
  realtime: RealtimeHub;
  mailer: Mailer;
  /** Sign-in flows, second factors, device requests (issue 3). */
  auth: AuthService;
  /** ALTCHA bot check for login and registration. */
  botCheck: BotCheck;
  /** Seals card numbers, CVVs and PINs at rest (modules/cards/vault.ts). */
  cardVault: CardVault;
}

export async function createServices(
  config: Config,
  database: DatabaseHandle,
  log: FastifyBaseLogger,
): Promise<Services> {
  const tokens = await createTokenService(database.db, config.jwtSecret);
  const realtime = await createRealtimeHub(database.notifier, log);
  const sessions = createSessionService(database.db, tokens, realtime);
  const mailer = createMailer(database.db, { smtpUrl: config.smtpUrl, from: config.mailFrom, log });
  const botCheck = await createBotCheck(database.db, {
    enabled: config.botCheck,
    brandHosts: config.brandHosts,
  });
  const auth = createAuthService({
    db: database.db,
    tokens,
    sessions,
    realtime,
    mailer,
    botCheck,
    signInAddressLimit: config.signInAddressLimit,
    deviceRequestHooks: Object.assign(
      {},
      ...serverModules.map((module) =>
        'deviceRequestHooks' in module ? module.deviceRequestHooks : {},
      ),
    ),
  });
  const cardVault = await createCardVault(database.db, config.cardDataKey);
  await ensureBinDirectory(database.db);
  return { tokens, sessions, realtime, mailer, auth, botCheck, cardVault };
}
