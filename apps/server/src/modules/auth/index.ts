import type { ServerModule } from '../../server-module';
import { startHousekeeping } from './housekeeping';
import { authRoutes } from './routes';

/** What auth gives the app (server-module.ts); the exports below are its public surface for other modules. */
export const module = {
  name: 'auth',
  routes: async (app, ctx) => {
    await app.register(authRoutes, { services: ctx.services, db: ctx.db });
  },
  // Expired sign-in leftovers (pending sign-ins, tickets, spent bot-check solutions) are swept.
  jobs: [(ctx) => startHousekeeping({ db: ctx.db, log: ctx.log })],
} satisfies ServerModule;

export { createBotCheck } from './botcheck';
export type { BotCheck } from './botcheck';
export { devicesOf, settingsOf } from './devices';
export type { SettingsRow } from './devices';
export { createAuthService } from './flows';
export type { AuthService, DeviceRequestHook } from './flows';
export { addressCovered, loadWhitelist, rangesOf } from './ip-whitelist';
export type { IpWhitelistGate } from './ip-whitelist';
export { maskPhoneNumber } from './phone';
export { createSessionService } from './sessions';
export type { RealtimeTicketOwner, SessionService } from './sessions';
export { accountBlockedError, accountBlockedUntil, registerAccountFailure } from './throttle';
export { createTokenService } from './tokens';
export type { TokenService } from './tokens';
export { matchingTotpStep, secretFromBase32, totpUri } from './totp';
