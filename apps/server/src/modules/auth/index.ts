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

export { devicesOf, settingsOf } from './devices';
export type { SettingsRow } from './devices';
export type { DeviceRequestHook } from './flows';
export { entriesCover, loadWhitelist } from './ip-whitelist';
export type { IpWhitelistGate } from './ip-whitelist';
export { maskPhoneNumber } from './phone';
export { createAuthServices } from './services';
export type { AuthServices } from './services';
export type { RealtimeTicketOwner } from './sessions';
export { accountBlockedError, accountBlockedUntil, registerAccountFailure } from './throttle';
