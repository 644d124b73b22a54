import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle } from './db/connect';
import { createTokenService, type TokenService } from './modules/auth/tokens';
import { createSessionService, type SessionService } from './modules/auth/sessions';
import { createRealtimeHub, type RealtimeHub } from './modules/realtime/hub';
import { createMailer, type Mailer } from './modules/notifications/mailer';

/** The long-lived collaborators of one server node, built once and handed to routes and handlers. */
export interface Services {
  tokens: TokenService;
  sessions: SessionService;
  realtime: RealtimeHub;
  mailer: Mailer;
}

export async function createServices(config: Config, database: DatabaseHandle, log: FastifyBaseLogger): Promise<Services> {
  const tokens = await createTokenService(database.db, config.jwtSecret);
  const realtime = await createRealtimeHub(database.notifier, log);
  const sessions = createSessionService(database.db, tokens, realtime);
  const mailer = createMailer(database.db, { smtpUrl: config.smtpUrl, from: config.mailFrom, log });
  return { tokens, sessions, realtime, mailer };
}
