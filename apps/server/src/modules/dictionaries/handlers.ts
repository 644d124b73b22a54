import type { dictionaryMethods } from '@ledgerline/contract';
import type { MethodHandlers } from '../../main-api/types';
import {
  listAccessRights,
  listCountries,
  listCurrencies,
  listDocumentCategories,
  listIndustryGroups,
  listOccupations,
  listPhoneCodes,
  listPurposesOfAccount,
  listSourcesOfFunds,
  listStates,
  listTransactionTypes,
} from './service';

/** The public dictionaries (spec 2 §7 "Dictionaries"); names come in the request's language. */
export const dictionaryHandlers: MethodHandlers<typeof dictionaryMethods> = {
  async getCountries(_input, ctx) {
    return { countries: listCountries(ctx.lang) };
  },

  async getStates(input, ctx) {
    return { states: listStates(input.countryCode, ctx.lang) };
  },

  async getCurrencies(_input, ctx) {
    return { currencies: listCurrencies(ctx.lang) };
  },

  async getPhoneCodes() {
    return { phoneCodes: listPhoneCodes() };
  },

  async getOccupations(_input, ctx) {
    return { occupations: listOccupations(ctx.lang) };
  },

  async getSourcesOfFunds(input, ctx) {
    return { sources: listSourcesOfFunds(input.type, ctx.lang) };
  },

  async getPurposesOfAccount(input, ctx) {
    return { purposes: listPurposesOfAccount(input.type, ctx.lang) };
  },

  async getIndustryGroups(_input, ctx) {
    return { groups: listIndustryGroups(ctx.lang) };
  },

  async getDocumentCategories(input, ctx) {
    return { categories: listDocumentCategories(ctx.lang, input.countryCode) };
  },

  async getTransactionTypes(_input, ctx) {
    return listTransactionTypes(ctx.lang);
  },

  async getAccessRights(_input, ctx) {
    return { accessRights: listAccessRights(ctx.lang) };
  },
};
