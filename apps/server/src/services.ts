import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle } from './db/connect';
import { createAuthServices, type AuthServices } from './modules/auth';
import { createRealtimeHub, type RealtimeHub } from './modules/realtime';
import { type ReadCache, startReadCache } from './db/read-cache';
import { createMailer, type Mailer } from './modules/notifications';
import { type CardVault, createCardVault, ensureBinDirectory } from './modules/cards';
import { createPasswordHasher, type PasswordHasher } from './lib/crypto';
import { serverModules } from './server-modules';

/** The long-lived collaborators of one server node, built once and handed to routes and handlers. */
export interface Services extends AuthServices {
  realtime: RealtimeHub;
  /** Fee rules, rates and customers' brands, read once until the database says they changed (db/read-cache.ts). */
  readCache: ReadCache;
  stopReadCache: () => Promise<void>;
  mailer: Mailer;
  /** Seals card numbers, CVVs and PINs at rest (modules/cards/vault.ts). */
  cardVault: CardVault;
  /** Hashes new passwords (registration, password change and reset) at the configured cost. */
  passwords: PasswordHasher;
  /** Where webhooks and IPNs may be sent (modules/webhooks): loopback and private addresses only outside production. */
  webhookAddresses: { allowPrivate: boolean };
}

export async function createServices(
  config: Config,
  database: DatabaseHandle,
  log: FastifyBaseLogger,
): Promise<Services> {
  const realtime = await createRealtimeHub(database.notifier, log);
  const readCache = await startReadCache(database);
  const mailer = createMailer(database.db, { smtpUrl: config.smtpUrl, from: config.mailFrom, log });
  const passwords = createPasswordHasher(config.passwordHashCost);
  const authServices = await createAuthServices({
    db: database.db,
    passwords,
    realtime,
    mailer,
    jwtSecret: config.jwtSecret,
    botCheck: {
      enabled: config.botCheck,
      brandHosts: config.brandHosts,
      work: config.botCheckWork,
    },
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
  return {
    ...authServices,
    realtime,
    readCache: readCache.cache,
    stopReadCache: readCache.stop,
    mailer,
    cardVault,
    passwords,
    webhookAddresses: { allowPrivate: config.env !== 'production' },
  };
}
