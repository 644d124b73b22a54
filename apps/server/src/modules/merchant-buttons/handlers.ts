import type { merchantButtonMethods } from '@ledgerline/contract';
import type { MethodHandlers } from '../../main-api/types';
import { requireMerchantRights } from '../customers';
import { createButton, deleteButton, getButton, listButtons, updateButton } from './buttons';
import { deleteLogo, getLogo, listLogos, updateLogo } from './logos';
import { getPbnSettings, updatePbnSettings } from './pbn';

/**
 * Saved buttons, logos and pay-by-name settings of the main API (contract: merchantButtonMethods);
 * each needs merchant rights for the acting company, and changes are not for staff acting for it.
 */
export const merchantButtonHandlers: MethodHandlers<typeof merchantButtonMethods> = {
  async getSavedButtonList(_input, ctx) {
    await requireMerchantRights(ctx.db, ctx.actor, 'read');
    return { savedButtons: await listButtons(ctx.db, ctx.actor, ctx.site.origin) };
  },
  async getSavedButton(input, ctx) {
    await requireMerchantRights(ctx.db, ctx.actor, 'read');
    return { savedButton: await getButton(ctx.db, ctx.actor, input.id, ctx.site.origin) };
  },
  async createSavedButton(input, ctx) {
    await requireMerchantRights(ctx.db, ctx.actor, 'manage');
    return { savedButton: await createButton(ctx.db, ctx.actor, input, ctx.site.origin) };
  },
  async updateSavedButton(input, ctx) {
    await requireMerchantRights(ctx.db, ctx.actor, 'manage');
    return { savedButton: await updateButton(ctx.db, ctx.actor, input, ctx.site.origin) };
  },
  async deleteSavedButton(input, ctx) {
    await requireMerchantRights(ctx.db, ctx.actor, 'manage');
    await deleteButton(ctx.db, ctx.actor, input.id);
    return {};
  },
  async getLogoList(input, ctx) {
    await requireMerchantRights(ctx.db, ctx.actor, 'read');
    return listLogos(ctx.db, ctx.actor, input.pageNumber);
  },
  async getLogo(input, ctx) {
    await requireMerchantRights(ctx.db, ctx.actor, 'read');
    return { logo: await getLogo(ctx.db, ctx.actor, input.id) };
  },
  async updateLogo(input, ctx) {
    await requireMerchantRights(ctx.db, ctx.actor, 'manage');
    return { logo: await updateLogo(ctx.db, ctx.actor, input) };
  },
  async deleteLogo(input, ctx) {
    await requireMerchantRights(ctx.db, ctx.actor, 'manage');
    await deleteLogo(ctx.db, ctx.actor, input.id);
    return {};
  },
  async getPbnSettings(_input, ctx) {
    await requireMerchantRights(ctx.db, ctx.actor, 'read');
    return { settings: await getPbnSettings(ctx.db, ctx.actor, ctx.site.origin) };
  },
  async updatePbnSettings(input, ctx) {
    await requireMerchantRights(ctx.db, ctx.actor, 'manage');
    await updatePbnSettings(ctx.db, ctx.actor, input);
    return { settings: await getPbnSettings(ctx.db, ctx.actor, ctx.site.origin) };
  },
};
