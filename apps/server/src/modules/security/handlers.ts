import type { securityMethods } from '@ledgerline/contract';
import type { AuthedMethodContext, MethodHandlers } from '../../main-api/types';
import { cancelPasswordChange, confirmPasswordChange, startPasswordChange } from './password';
import {
  getSecuritySettings,
  getIpWhitelist,
  addIpWhitelistEntry,
  deleteIpWhitelistEntry,
  setIpWhitelistMode,
  getLoginHistory,
  getPayoutBlacklist,
  addPayoutBlacklist,
  deletePayoutBlacklist,
  type SecurityDeps,
} from './settings';
import type { CredentialDeps } from './shared';
import { confirmTwoStepChange, startTwoStepChange } from './two-step';

function depsOf(ctx: AuthedMethodContext): SecurityDeps {
  return { db: ctx.db, ipWhitelist: ctx.services.sessions.ipWhitelist };
}

function credentialDepsOf(ctx: AuthedMethodContext): CredentialDeps {
  const { mailer, realtime, sessions, passwords } = ctx.services;
  return { db: ctx.db, mailer, realtime, sessions, passwords };
}

export const securityHandlers: MethodHandlers<typeof securityMethods> = {
  getSecuritySettings: (input, ctx) => getSecuritySettings(depsOf(ctx), ctx.actor, input),
  getIpWhitelist: (input, ctx) => getIpWhitelist(depsOf(ctx), ctx.actor, input),
  addIpWhitelistEntry: (input, ctx) => addIpWhitelistEntry(depsOf(ctx), ctx.actor, input),
  deleteIpWhitelistEntry: (input, ctx) => deleteIpWhitelistEntry(depsOf(ctx), ctx.actor, input),
  setIpWhitelistMode: (input, ctx) => setIpWhitelistMode(depsOf(ctx), ctx.actor, input),
  getLoginHistory: (input, ctx) => getLoginHistory(depsOf(ctx), ctx.actor, input),
  getPayoutBlacklist: (input, ctx) => getPayoutBlacklist(depsOf(ctx), ctx.actor, input),
  addPayoutBlacklist: (input, ctx) => addPayoutBlacklist(depsOf(ctx), ctx.actor, input),
  deletePayoutBlacklist: (input, ctx) => deletePayoutBlacklist(depsOf(ctx), ctx.actor, input),
  setTwoStepVerification: (input, ctx) =>
    startTwoStepChange(credentialDepsOf(ctx), ctx.actor, input),
  confirmTwoStepVerification: (input, ctx) =>
    confirmTwoStepChange(credentialDepsOf(ctx), ctx.actor, input),
  changePassword: (input, ctx) => startPasswordChange(credentialDepsOf(ctx), ctx.actor, input),
  confirmPasswordChange: (input, ctx) =>
    confirmPasswordChange(credentialDepsOf(ctx), ctx.actor, input),
  cancelPasswordChange: (input, ctx) =>
    cancelPasswordChange(credentialDepsOf(ctx), ctx.actor, input),
};
