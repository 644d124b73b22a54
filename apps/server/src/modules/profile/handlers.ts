import type { profileMethods } from '@ledgerline/contract';
import { CONTACT_CODE_LIMITS } from '@ledgerline/contract';
import type { MethodHandlers } from '../../main-api/types';
import { requireFullAccess } from '../customers';
import {
  checkAddressReplacement,
  confirmAddress,
  createAddress,
  deleteAddress,
  listAddresses,
  replaceAddress,
  toAddress,
} from './addresses';
import {
  addEmail,
  addPhone,
  checkPhone,
  confirmEmail,
  confirmPhone,
  deleteEmail,
  listEmails,
  listPhones,
  requestEmailConfirmation,
  requestPhoneConfirmation,
  setPrimaryEmail,
  toEmail,
  toPhone,
} from './contacts';
import {
  canCreatePersonalAccount,
  createPersonalAccount,
  getLegalInfo,
  getNotificationSettings,
  listUsernameChangeRequests,
  requestUsernameChange,
  setNotificationSetting,
  toProfileCustomer,
  updateTaxNumber,
} from './settings';
import { ensurePrimaryEmail, loadCustomer, loginOf } from './shared';

/*
 * The profile's main-API methods (packages/contract/src/profile/methods.ts). ctx.actor.customerId is
 * the customer the call acts for, already checked by the main API (resolveActingCustomer); every
 * id in a payload is then looked up within that customer only. Changing the customer's contact
 * data, addresses, tax number or login needs full access (2): a user with read, initiate or
 * documents-only access to a company may look at them, not change them.
 */

const codeLife = { codeExpiresInSeconds: CONTACT_CODE_LIMITS.ttlSeconds };

export const profileHandlers: MethodHandlers<typeof profileMethods> = {
  async getProfile(_input, ctx) {
    await ensurePrimaryEmail(ctx.db, ctx.actor.customerId);
    const customer = await loadCustomer(ctx.db, ctx.actor.customerId);
    const [login, emails, phones, addresses, usernameChangeRequests, canCreate] = await Promise.all(
      [
        loginOf(ctx.db, customer.id),
        listEmails(ctx.db, customer.id),
        listPhones(ctx.db, customer.id),
        listAddresses(ctx.db, customer.id),
        listUsernameChangeRequests(ctx.db, customer.id),
        canCreatePersonalAccount(ctx.db, ctx),
      ],
    );
    return {
      customer: toProfileCustomer(customer, login),
      emails: emails.map(toEmail),
      phones: phones.map(toPhone),
      addresses: addresses.map(toAddress),
      usernameChangeRequests,
      canCreatePersonalAccount: canCreate,
    };
  },

  async addEmail(input, ctx) {
    requireFullAccess(ctx.actor);
    return { email: await addEmail(ctx, input.email) };
  },
  async confirmEmail(input, ctx) {
    requireFullAccess(ctx.actor);
    return { email: await confirmEmail(ctx, input.emailId, input.confirmationCode) };
  },
  async requestEmailConfirmation(input, ctx) {
    requireFullAccess(ctx.actor);
    await requestEmailConfirmation(ctx, input.emailId);
    return { sent: true, ...codeLife };
  },
  async deleteEmail(input, ctx) {
    requireFullAccess(ctx.actor);
    await deleteEmail(ctx, input.emailId);
    return { deleted: true };
  },
  async setPrimaryEmail(input, ctx) {
    requireFullAccess(ctx.actor);
    return { email: await setPrimaryEmail(ctx, input.emailId) };
  },

  async checkPhone(input, ctx) {
    return checkPhone(ctx.db, input.phoneCountryCode, input.phone);
  },
  async addPhone(input, ctx) {
    requireFullAccess(ctx.actor);
    return { phone: await addPhone(ctx, input), ...codeLife };
  },
  async confirmPhone(input, ctx) {
    requireFullAccess(ctx.actor);
    return { phone: await confirmPhone(ctx, input.phoneId, input.code) };
  },
  async requestPhoneConfirmation(input, ctx) {
    requireFullAccess(ctx.actor);
    await requestPhoneConfirmation(ctx, input.phoneId);
    return { sent: true, ...codeLife };
  },

  async createAddress(input, ctx) {
    requireFullAccess(ctx.actor);
    return { address: await createAddress(ctx, input) };
  },
  async checkAddressReplacement(input, ctx) {
    return checkAddressReplacement(ctx, input.countryCode, input.oldAddressId);
  },
  async replaceAddress(input, ctx) {
    requireFullAccess(ctx.actor);
    const { oldAddressId, ...address } = input;
    return { address: await replaceAddress(ctx, oldAddressId, address) };
  },
  async confirmAddress(input, ctx) {
    requireFullAccess(ctx.actor);
    return { address: await confirmAddress(ctx, input.addressId) };
  },
  async deleteAddress(input, ctx) {
    requireFullAccess(ctx.actor);
    await deleteAddress(ctx, input.addressId);
    return { deleted: true };
  },

  async updateTaxNumber(input, ctx) {
    requireFullAccess(ctx.actor);
    return { customer: await updateTaxNumber(ctx, input.taxId) };
  },
  async requestUsernameChange(input, ctx) {
    requireFullAccess(ctx.actor);
    return { request: await requestUsernameChange(ctx, input.newUsername) };
  },
  async createPersonalAccount(_input, ctx) {
    return { customerId: await createPersonalAccount(ctx) };
  },

  async getNotificationSettings(_input, ctx) {
    return { settings: await getNotificationSettings(ctx.db, ctx) };
  },
  async setNotificationSetting(input, ctx) {
    return { setting: await setNotificationSetting(ctx, input.identified, input.value) };
  },

  async getLegalInfo(_input, ctx) {
    return { items: await getLegalInfo(ctx.db, ctx) };
  },
};
