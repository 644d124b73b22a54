import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import type { dictionaryMethods } from '@ledgerline/contract';
import type { MethodHandlers } from '../../main-api/types';

countries.registerLocale(en);

export const dictionaryHandlers: MethodHandlers<typeof dictionaryMethods> = {
  async getCountries() {
    const names = countries.getNames('en', { select: 'official' });
    return { countries: Object.entries(names).map(([code, name]) => ({ code, name })) };
  },
};
