import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' };
import ro from 'i18n-iso-countries/langs/ro.json' with { type: 'json' };
import ru from 'i18n-iso-countries/langs/ru.json' with { type: 'json' };
import uk from 'i18n-iso-countries/langs/uk.json' with { type: 'json' };
import pt from 'i18n-iso-countries/langs/pt.json' with { type: 'json' };
import {
  getCountries as getPhoneCountries,
  getCountryCallingCode,
  isSupportedCountry,
} from 'libphonenumber-js';
import type {
  AccessRight,
  Country,
  Currency,
  DocumentCategory,
  IndustryGroup,
  NamedItem,
  PhoneCode,
  State,
  TransactionType,
} from '@ledgerline/contract';
import {
  ACCESS_LEVEL_CODES,
  ACCESS_LEVELS,
  CURRENCIES,
  DOCUMENT_CATEGORY_CODES,
  DOCUMENT_TYPE_COUNTRIES,
  TRANSACTION_TYPE_CODES,
  documentCategoryId,
  isDocumentTypeOfferedIn,
  isSepaCountry,
  needsAdditionalDocument,
  toIsoLanguage,
  transactionTypeId,
  type AccountPurposeType,
  type Language,
  type SourceOfFundsType,
} from '@ledgerline/domain';
import { ACCESS_RIGHT_NAMES } from './data/access-rights';
import { DOCUMENT_CATEGORIES } from './data/documents';
import { INDUSTRY_GROUPS } from './data/industries';
import type { LocalisedEntry } from './data/localised';
import { OCCUPATIONS } from './data/occupations';
import { ACCOUNT_PURPOSES, ACCOUNT_PURPOSE_LISTS } from './data/purposes-of-account';
import { SOURCES_OF_FUNDS, SOURCE_OF_FUNDS_LISTS } from './data/sources-of-funds';
import { STATES } from './data/states';
import { TRANSACTION_TYPE_NAMES } from './data/transaction-types';

/*
 * The dictionaries, built from data in the request's language. Everything here is pure and the
 * same for every caller, so each answer is built once per language and kept.
 */

for (const locale of [en, es, ro, ru, uk, pt]) countries.registerLocale(locale);

function collatorFor(lang: Language): Intl.Collator {
  return new Intl.Collator(toIsoLanguage(lang), { sensitivity: 'base' });
}

/** Builds a value once per language. */
function perLanguage<T>(build: (lang: Language) => T): (lang: Language) => T {
  const built = new Map<Language, T>();
  return (lang) => {
    let value = built.get(lang);
    if (value === undefined) {
      value = build(lang);
      built.set(lang, value);
    }
    return value;
  };
}

function callingCode(countryCode: string): string | null {
  return isSupportedCountry(countryCode) ? `+${getCountryCallingCode(countryCode)}` : null;
}

export const listCountries = perLanguage((lang): Country[] => {
  // i18n-iso-countries knows Ukrainian as `uk`; we call it `ua` (spec 1 §9).
  const names = countries.getNames(toIsoLanguage(lang), { select: 'official' });
  const collator = collatorFor(lang);
  return Object.entries(names)
    .map(([code, name]) => ({
      code,
      name,
      phoneCode: callingCode(code),
      isSepa: isSepaCountry(code),
    }))
    .sort((a, b) => collator.compare(a.name, b.name));
});

/** States of a country an address form asks for; none for a country we keep no list for. */
export const listStates = (countryCode: string, lang: Language): State[] => {
  const states = STATES[countryCode] ?? [];
  const collator = collatorFor(lang);
  return states
    .map(([code, name]) => ({ code: `${countryCode}-${code}`, name }))
    .sort((a, b) => collator.compare(a.name, b.name));
};

function capitalise(text: string, lang: Language): string {
  return text.charAt(0).toLocaleUpperCase(toIsoLanguage(lang)) + text.slice(1);
}

export const listCurrencies = perLanguage((lang): Currency[] => {
  const displayNames = new Intl.DisplayNames([toIsoLanguage(lang)], {
    type: 'currency',
    fallback: 'code',
  });
  // Several languages write currency names in lower case ("евро", "euro"); a list item starts with a capital.
  return CURRENCIES.map(({ code, symbol, decimals }) => ({
    code,
    name: capitalise(displayNames.of(code) ?? code, lang),
    symbol,
    decimals,
  }));
});

/**
 * Calling codes for the countries getCountries lists. libphonenumber-js also knows Ascension (AC)
 * and Tristan da Cunha (TA), which ISO 3166-1 only reserves; they are left out so that every
 * phone code has a country name beside it.
 */
export const listPhoneCodes = (() => {
  let built: PhoneCode[] | undefined;
  return (): PhoneCode[] => {
    built ??= getPhoneCountries()
      .filter((countryCode) => countries.isValid(countryCode))
      .map((countryCode) => ({
        countryCode,
        callingCode: `+${getCountryCallingCode(countryCode)}`,
      }));
    return built;
  };
})();

function named(entries: readonly LocalisedEntry[], lang: Language): NamedItem[] {
  return entries.map((entry) => ({ id: entry.id, name: entry.name[lang] }));
}

function pick(
  entries: readonly LocalisedEntry[],
  ids: readonly number[],
  lang: Language,
): NamedItem[] {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  return ids.flatMap((id) => {
    const entry = byId.get(id);
    return entry ? [{ id, name: entry.name[lang] }] : [];
  });
}

export const listOccupations = perLanguage((lang): NamedItem[] => named(OCCUPATIONS, lang));

export const listSourcesOfFunds = (type: SourceOfFundsType, lang: Language): NamedItem[] =>
  pick(SOURCES_OF_FUNDS, SOURCE_OF_FUNDS_LISTS[type], lang);

export const listPurposesOfAccount = (type: AccountPurposeType, lang: Language): NamedItem[] =>
  pick(ACCOUNT_PURPOSES, ACCOUNT_PURPOSE_LISTS[type], lang);

export const listIndustryGroups = perLanguage((lang): IndustryGroup[] =>
  INDUSTRY_GROUPS.map((group) => ({
    id: group.id,
    label: group.label,
    name: group.name[lang],
    industries: named(group.industries, lang),
  })),
);

/** Categories 1–12 with their document types; with a country, only the types offered there. */
export const listDocumentCategories = (lang: Language, countryCode?: string): DocumentCategory[] =>
  DOCUMENT_CATEGORY_CODES.map((code) => {
    const category = DOCUMENT_CATEGORIES[code];
    const types =
      countryCode === undefined
        ? category.types
        : category.types.filter((type) => isDocumentTypeOfferedIn(type.id, countryCode));
    return {
      id: documentCategoryId(code),
      code,
      name: category.name[lang],
      customerDocumentTypes: types.map((type) => {
        const offeredIn = DOCUMENT_TYPE_COUNTRIES[type.id];
        return {
          id: type.id,
          name: type.name[lang],
          needsAdditionalDocument: needsAdditionalDocument(type.id),
          countries: offeredIn ? [...offeredIn] : null,
        };
      }),
    };
  });

export const listTransactionTypes = perLanguage(
  (
    lang,
  ): {
    transactions: TransactionType[];
    dictionary: { transactionType: Record<string, string> };
  } => {
    const transactions = TRANSACTION_TYPE_CODES.map((code) => ({
      id: transactionTypeId(code),
      code,
      name: TRANSACTION_TYPE_NAMES[code][lang],
    }));
    return {
      transactions,
      dictionary: {
        transactionType: Object.fromEntries(
          transactions.map((type) => [String(type.id), type.name]),
        ),
      },
    };
  },
);

export const listAccessRights = perLanguage((lang): AccessRight[] =>
  ACCESS_LEVEL_CODES.map((code) => ({
    id: ACCESS_LEVELS[code],
    code,
    name: ACCESS_RIGHT_NAMES[code][lang],
  })),
);
