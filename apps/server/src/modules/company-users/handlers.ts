import type { companyUsersMethods } from '@ledgerline/contract';
import type { AuthedMethodContext, MethodHandlers } from '../../main-api/types';
import { activateEmployee, startEmployeeActivation } from './activation';
import type { CompanyUsersDeps } from './deps';
import { addCompanyUser, resendInvitation } from './invitations';
import { removeUser, resumeUser, suspendUser, updateRights } from './rights';
import { listCompanyUsers } from './roster';

function depsOf(ctx: AuthedMethodContext): CompanyUsersDeps {
  return { db: ctx.db, realtime: ctx.services.realtime, mailer: ctx.services.mailer };
}

/** Company users, their rights and authorised-user activation (issue 15A). */
export const companyUsersHandlers: MethodHandlers<typeof companyUsersMethods> = {
  async getCompanyUsers(_input, ctx) {
    return listCompanyUsers(ctx.db, ctx.actor);
  },

  async addCompanyUser(input, ctx) {
    return addCompanyUser(depsOf(ctx), ctx.actor, input, ctx.site.origin);
  },

  async updateCompanyUserRights(input, ctx) {
    return updateRights(depsOf(ctx), ctx.actor, input);
  },

  async suspendCompanyUser(input, ctx) {
    return suspendUser(depsOf(ctx), ctx.actor, input.userId);
  },

  async resumeCompanyUser(input, ctx) {
    return resumeUser(depsOf(ctx), ctx.actor, input.userId);
  },

  async removeCompanyUser(input, ctx) {
    return removeUser(depsOf(ctx), ctx.actor, input.userId);
  },

  async resendCompanyUserInvitation(input, ctx) {
    return resendInvitation(depsOf(ctx), ctx.actor, input.userId, ctx.site.origin);
  },

  async startEmployeeActivation(input, ctx) {
    return startEmployeeActivation(ctx.db, input.email, input.activationCode);
  },

  async activateEmployee(input, ctx) {
    return activateEmployee({ db: ctx.db, passwords: ctx.services.passwords }, input, ctx.ip);
  },
};
