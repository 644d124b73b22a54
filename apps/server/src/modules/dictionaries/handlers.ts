import type { dictionaryMethods } from '@ledgerline/contract';
import type { Language } from '@ledgerline/domain';
import { fixedAnswer } from '../../main-api/fixed-answer';
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

/** A dictionary's whole answer in one language, built once and sent as the same text after. */
function fixedPerLanguage<T extends object>(build: (lang: Language) => T): (lang: Language) => T {
  const built = new Map<Language, T>();
  return (lang) => {
    let answer = built.get(lang);
    if (answer === undefined) {
      answer = fixedAnswer(build(lang));
      built.set(lang, answer);
    }
    return answer;
  };
}

const countriesAnswer = fixedPerLanguage((lang) => ({ countries: listCountries(lang) }));
const currenciesAnswer = fixedPerLanguage((lang) => ({ currencies: listCurrencies(lang) }));
const phoneCodesAnswer = fixedPerLanguage(() => ({ phoneCodes: listPhoneCodes() }));

/** The public dictionaries (spec 2 §7 "Dictionaries"); names come in the request's language. */
export const dictionaryHandlers: MethodHandlers<typeof dictionaryMethods> = {
  async getCountries(_input, ctx) {
    return countriesAnswer(ctx.lang);
  },

  async getStates(input, ctx) {
    return { states: listStates(input.countryCode, ctx.lang) };
  },

  async getCurrencies(_input, ctx) {
    return currenciesAnswer(ctx.lang);
  },

  async getPhoneCodes(_input, ctx) {
    return phoneCodesAnswer(ctx.lang);
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
