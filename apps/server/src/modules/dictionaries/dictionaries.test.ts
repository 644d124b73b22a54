import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictionaryMethods } from '@ledgerline/contract';
import { LANGUAGES, type Language } from '@ledgerline/domain';
import { startTestServer, type TestServer } from '../../../test/helper';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

type Body = Record<string, unknown> & { responseCode: string };

/** Calls a dictionary and expects it to succeed; answers the body. */
async function dictionary<T>(
  method: string,
  body: Record<string, unknown> = {},
  headers?: Record<string, string>,
): Promise<T> {
  const { status, body: answer } = await server.send(method, body, headers ? { headers } : {});
  expect(answer.responseCode, `${method}: ${JSON.stringify(answer).slice(0, 300)}`).toBe('SUCCESS');
  expect(status).toBe(200);
  return answer as T;
}

interface Country {
  code: string;
  name: string;
  phoneCode: string | null;
  isSepa: boolean;
}
interface Named {
  id: number;
  name: string;
}
interface DocumentCategory {
  id: number;
  code: string;
  name: string;
  customerDocumentTypes: {
    id: number;
    name: string;
    needsAdditionalDocument: boolean;
    countries: string[] | null;
  }[];
}

async function countries(lang: Language): Promise<Country[]> {
  return (await dictionary<{ countries: Country[] }>('getCountries', { lang })).countries;
}

function byCode<T extends { code: string }>(items: T[], code: string): T | undefined {
  return items.find((item) => item.code === code);
}

function isSortedBy(names: string[], locale: string): boolean {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return names.every(
    (name, index) => index === 0 || collator.compare(names[index - 1] ?? '', name) <= 0,
  );
}

/** A valid payload for each method; a method added to the contract without one here fails the first test. */
const SAMPLE_PAYLOADS: Record<keyof typeof dictionaryMethods, Record<string, unknown>> = {
  getCountries: {},
  getStates: { countryCode: 'US' },
  getCurrencies: {},
  getPhoneCodes: {},
  getOccupations: {},
  getSourcesOfFunds: { type: 'personal' },
  getPurposesOfAccount: { type: 'business' },
  getIndustryGroups: {},
  getDocumentCategories: {},
  getTransactionTypes: {},
  getAccessRights: {},
};

describe('the dictionaries', () => {
  it('answer SUCCESS without a token, in the shape of their contract, in every language', async () => {
    expect(Object.keys(SAMPLE_PAYLOADS).sort()).toEqual(Object.keys(dictionaryMethods).sort());
    for (const [method, payload] of Object.entries(SAMPLE_PAYLOADS)) {
      for (const lang of LANGUAGES) {
        const answer = await dictionary<Body>(method, { ...payload, lang });
        expect(answer.responseDescription).toBe('Success');
        const { responseCode: _code, responseDescription: _description, ...data } = answer;
        const parsed =
          dictionaryMethods[method as keyof typeof dictionaryMethods].response.safeParse(data);
        expect(parsed.success, `${method} in ${lang}: ${parsed.error?.message ?? ''}`).toBe(true);
      }
    }
  });

  it('refuse an unknown extra field with HTTP 400 and TA1', async () => {
    for (const [method, body] of [
      ['getCountries', { surprise: true }],
      ['getCurrencies', { currencyCode: 'EUR' }],
      ['getStates', { countryCode: 'US', page: 2 }],
      ['getAccessRights', { customerId: 5 }],
    ] as const) {
      const { status, body: answer } = await server.send(method, body);
      expect(status, method).toBe(400);
      expect(answer.responseCode, method).toBe('TA1');
      expect(answer.validationErrors, method).toBeTypeOf('object');
    }
  });
});

describe('getCountries', () => {
  it('lists every country with its calling code and SEPA membership, sorted by its English name', async () => {
    const list = await countries('en');
    expect(list.length).toBeGreaterThanOrEqual(249);
    expect(byCode(list, 'DE')).toEqual({
      code: 'DE',
      name: 'Germany',
      phoneCode: '+49',
      isSepa: true,
    });
    expect(byCode(list, 'GB')).toMatchObject({
      name: 'United Kingdom',
      phoneCode: '+44',
      isSepa: true,
    });
    expect(byCode(list, 'RO')).toMatchObject({ phoneCode: '+40', isSepa: true });
    expect(byCode(list, 'US')).toMatchObject({ phoneCode: '+1', isSepa: false });
    expect(byCode(list, 'UA')).toMatchObject({ phoneCode: '+380', isSepa: false });
    // Antarctica has no numbering plan of its own.
    expect(byCode(list, 'AQ')?.phoneCode).toBeNull();
    expect(new Set(list.map((country) => country.code)).size).toBe(list.length);
    expect(
      isSortedBy(
        list.map((country) => country.name),
        'en',
      ),
    ).toBe(true);
    expect(list[0]?.code).toBe('AF');
  });

  it('names the countries in Russian for ru', async () => {
    const list = await countries('ru');
    expect(byCode(list, 'DE')?.name).toBe('Германия');
    expect(byCode(list, 'UA')?.name).toBe('Украина');
    expect(byCode(list, 'FR')?.name).toBe('Франция');
    expect(
      isSortedBy(
        list.map((country) => country.name),
        'ru',
      ),
    ).toBe(true);
    expect(list[0]?.name).toMatch(/^А/);
  });

  it('names the countries in Ukrainian for ua', async () => {
    const list = await countries('ua');
    expect(byCode(list, 'DE')?.name).toBe('Німеччина');
    expect(byCode(list, 'UA')?.name).toBe('Україна');
    expect(byCode(list, 'FR')?.name).toBe('Франція');
    expect(
      isSortedBy(
        list.map((country) => country.name),
        'uk',
      ),
    ).toBe(true);
  });

  it('names the countries in Spanish, Romanian and Portuguese', async () => {
    expect(byCode(await countries('es'), 'DE')?.name).toBe('Alemania');
    expect(byCode(await countries('ro'), 'DE')?.name).toBe('Germania');
    expect(byCode(await countries('pt'), 'DE')?.name).toBe('Alemanha');
  });

  it('takes the language from Accept-Language when the body names none', async () => {
    const answer = await dictionary<{ countries: Country[] }>(
      'getCountries',
      {},
      { 'accept-language': 'uk-UA,uk;q=0.9' },
    );
    expect(byCode(answer.countries, 'DE')?.name).toBe('Німеччина');
  });
});

describe('getStates', () => {
  it('lists the states of the United States with ISO 3166-2 codes', async () => {
    const { states } = await dictionary<{ states: { code: string; name: string }[] }>('getStates', {
      countryCode: 'US',
    });
    expect(states).toContainEqual({ code: 'US-CA', name: 'California' });
    expect(states).toContainEqual({ code: 'US-DC', name: 'District of Columbia' });
    expect(states.length).toBeGreaterThanOrEqual(51);
    expect(states.every((state) => /^US-[A-Z]{2}$/.test(state.code))).toBe(true);
    expect(
      isSortedBy(
        states.map((state) => state.name),
        'en',
      ),
    ).toBe(true);
  });

  it('lists the provinces and states of Canada, Australia, Brazil and Mexico', async () => {
    const expected: [string, number, { code: string; name: string }][] = [
      ['CA', 13, { code: 'CA-QC', name: 'Quebec' }],
      ['AU', 8, { code: 'AU-NSW', name: 'New South Wales' }],
      ['BR', 27, { code: 'BR-SP', name: 'São Paulo' }],
      ['MX', 32, { code: 'MX-CMX', name: 'Ciudad de México' }],
    ];
    for (const [countryCode, count, sample] of expected) {
      const { states } = await dictionary<{ states: { code: string; name: string }[] }>(
        'getStates',
        { countryCode },
      );
      expect(states, countryCode).toHaveLength(count);
      expect(states, countryCode).toContainEqual(sample);
    }
  });

  it('answers an empty list for a country without states and for an unknown country', async () => {
    for (const countryCode of ['DE', 'ZZ']) {
      const { states } = await dictionary<{ states: unknown[] }>('getStates', { countryCode });
      expect(states, countryCode).toEqual([]);
    }
  });

  it('refuses a malformed countryCode with HTTP 400, TA1 and the field named', async () => {
    for (const countryCode of ['USA', 'us', 'U1', '', 12, null, undefined]) {
      const { status, body } = await server.send(
        'getStates',
        countryCode === undefined ? {} : { countryCode },
      );
      expect(status, String(countryCode)).toBe(400);
      expect(body.responseCode).toBe('TA1');
      expect(body.validationErrors).toHaveProperty('countryCode');
    }
  });
});

describe('getCurrencies', () => {
  interface Currency {
    code: string;
    name: string;
    symbol: string;
    decimals: number;
  }
  const currencies = async (lang: Language): Promise<Currency[]> =>
    (await dictionary<{ currencies: Currency[] }>('getCurrencies', { lang })).currencies;

  it('answers the symbols of the spec for EUR, USD, AUD, CAD, GBP and RON', async () => {
    const list = await currencies('en');
    const symbols = Object.fromEntries(list.map((currency) => [currency.code, currency.symbol]));
    expect(symbols).toMatchObject({ EUR: '€', USD: '$', AUD: '$', CAD: '$', GBP: '£', RON: 'lei' });
  });

  it('holds the currencies of a European payments bank with their ISO 4217 decimals', async () => {
    const list = await currencies('en');
    for (const code of ['CHF', 'PLN', 'SEK', 'NOK', 'DKK', 'CZK', 'HUF', 'JPY'])
      expect(byCode(list, code), code).toBeDefined();
    expect(byCode(list, 'JPY')?.decimals).toBe(0);
    expect(byCode(list, 'EUR')?.decimals).toBe(2);
    expect(new Set(list.map((currency) => currency.code)).size).toBe(list.length);
  });

  it('answers the same JSON each time, in each language its own, never kept by a cache', async () => {
    const ask = (lang: Language) => server.main('getCurrencies', { lang });
    const [first, again, spanish] = [await ask('en'), await ask('en'), await ask('es')];
    for (const response of [first, again, spanish]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
    }
    expect(again.body).toBe(first.body);
    expect(first.json()).toMatchObject({ responseCode: 'SUCCESS', responseDescription: 'Success' });
    expect(byCode(spanish.json<{ currencies: Currency[] }>().currencies, 'USD')?.name).toBe(
      'Dólar estadounidense',
    );
    expect(byCode(again.json<{ currencies: Currency[] }>().currencies, 'USD')?.name).toBe(
      'US Dollar',
    );
  });

  it('names the currencies in the request language', async () => {
    expect(byCode(await currencies('en'), 'EUR')?.name).toBe('Euro');
    expect(byCode(await currencies('es'), 'USD')?.name).toBe('Dólar estadounidense');
    expect(byCode(await currencies('ru'), 'EUR')?.name).toBe('Евро');
    expect(byCode(await currencies('ua'), 'GBP')?.name).toMatch(/^Англійський фунт/);
    expect(byCode(await currencies('ro'), 'RON')?.name).toBe('Leu românesc');
  });
});

describe('getPhoneCodes', () => {
  it('answers calling codes for the countries getCountries lists', async () => {
    const { phoneCodes } = await dictionary<{
      phoneCodes: { countryCode: string; callingCode: string }[];
    }>('getPhoneCodes');
    expect(phoneCodes).toContainEqual({ countryCode: 'GB', callingCode: '+44' });
    expect(phoneCodes).toContainEqual({ countryCode: 'US', callingCode: '+1' });
    expect(phoneCodes).toContainEqual({ countryCode: 'RO', callingCode: '+40' });
    expect(phoneCodes.length).toBeGreaterThan(230);
    const known = new Set((await countries('en')).map((country) => country.code));
    expect(phoneCodes.filter((entry) => !known.has(entry.countryCode))).toEqual([]);
  });
});

describe('profile dictionaries', () => {
  it('lists occupations in the request language', async () => {
    const en = (await dictionary<{ occupations: Named[] }>('getOccupations', { lang: 'en' }))
      .occupations;
    const ro = (await dictionary<{ occupations: Named[] }>('getOccupations', { lang: 'ro' }))
      .occupations;
    expect(en.find((item) => item.name === 'Retired')).toBeDefined();
    const retired = en.find((item) => item.name === 'Retired')?.id;
    expect(ro.find((item) => item.id === retired)?.name).toBe('Pensionar');
  });

  it('answers each list of sources of funds, sharing ids between lists', async () => {
    const sources = async (type: string, lang: Language = 'en') =>
      (await dictionary<{ sources: Named[] }>('getSourcesOfFunds', { type, lang })).sources;
    const personal = await sources('personal');
    const secondary = await sources('personalSecondary');
    const employee = await sources('employee');
    const business = await sources('business');
    const salary = personal.find((source) => source.name === 'Salary');
    expect(salary).toBeDefined();
    expect(employee).toContainEqual(salary);
    expect(employee.map((source) => source.name)).toContain('Bonus');
    expect(personal.map((source) => source.name)).not.toContain('Bonus');
    expect(secondary.length).toBeGreaterThan(personal.length);
    expect(business.map((source) => source.name)).toContain('Revenue from services');
    expect((await sources('employee', 'ru')).find((source) => source.id === salary?.id)?.name).toBe(
      'Заработная плата',
    );
  });

  it('answers the personal and business purposes of account', async () => {
    const purposes = async (type: string) =>
      (await dictionary<{ purposes: Named[] }>('getPurposesOfAccount', { type })).purposes;
    const personal = (await purposes('personal')).map((purpose) => purpose.name);
    const business = (await purposes('business')).map((purpose) => purpose.name);
    expect(personal).toContain('Everyday spending');
    expect(business).toContain('Paying suppliers');
    expect(personal).not.toContain('Paying suppliers');
  });

  it('refuses a list type it does not know with TA1 naming type', async () => {
    for (const [method, type] of [
      ['getSourcesOfFunds', 'corporate'],
      ['getPurposesOfAccount', 'personalSecondary'],
      ['getPurposesOfAccount', undefined],
    ] as const) {
      const { status, body } = await server.send(method, type === undefined ? {} : { type });
      expect(status).toBe(400);
      expect(body.responseCode).toBe('TA1');
      expect(body.validationErrors).toHaveProperty('type');
    }
  });

  it('answers the industry groups, the adult one labelled and named as the spec says', async () => {
    interface Group extends Named {
      label: string;
      industries: Named[];
    }
    const { groups } = await dictionary<{ groups: Group[] }>('getIndustryGroups');
    expect(groups.map((group) => group.label)).toEqual([
      'mainstream',
      'financial',
      'investment',
      'adult',
    ]);
    expect(groups.find((group) => group.label === 'adult')?.name).toBe('Adult Related Business');
    for (const group of groups) expect(group.industries.length, group.label).toBeGreaterThan(0);
    const ids = groups.flatMap((group) => group.industries.map((industry) => industry.id));
    expect(new Set(ids).size).toBe(ids.length);
    const ua = (await dictionary<{ groups: Group[] }>('getIndustryGroups', { lang: 'ua' })).groups;
    expect(ua.find((group) => group.label === 'financial')?.name).toBe('Фінансові послуги');
  });
});

describe('getDocumentCategories', () => {
  const categories = async (body: Record<string, unknown> = {}) =>
    (await dictionary<{ categories: DocumentCategory[] }>('getDocumentCategories', body))
      .categories;
  const typeIds = (list: DocumentCategory[]) =>
    list.flatMap((category) => category.customerDocumentTypes.map((type) => type.id));
  const findType = (list: DocumentCategory[], id: number) =>
    list.flatMap((category) => category.customerDocumentTypes).find((type) => type.id === id);

  it('answers categories 1 to 12 with the codes of the spec', async () => {
    const list = await categories();
    expect(list.map((category) => [category.id, category.code])).toEqual([
      [1, 'ProofOfIdentity'],
      [2, 'ProofOfAddress'],
      [3, 'ProofOfPhone'],
      [4, 'BusinessRegistration'],
      [5, 'Other'],
      [6, 'ProofOfRelationship'],
      [7, 'BusinessAddress'],
      [8, 'BusinessRegistrationAddress'],
      [9, 'ControlDocument'],
      [10, 'BusinessAdditionalDocument'],
      [11, 'SourceOfWealth'],
      [12, 'ResidencePermit'],
    ]);
    for (const category of list)
      expect(category.customerDocumentTypes.length, category.code).toBeGreaterThan(0);
    const ids = typeIds(list);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('asks for an additional document with types 4, 5 and 88 only', async () => {
    const list = await categories();
    const needing = list.flatMap((category) =>
      category.customerDocumentTypes
        .filter((type) => type.needsAdditionalDocument)
        .map((type) => type.id),
    );
    expect(needing.sort((a, b) => a - b)).toEqual([4, 5, 88]);
  });

  it('offers document type 88 only in Russia and Ukraine', async () => {
    expect(findType(await categories(), 88)?.countries).toEqual(['RU', 'UA']);
    expect(typeIds(await categories({ countryCode: 'RU' }))).toContain(88);
    expect(typeIds(await categories({ countryCode: 'UA' }))).toContain(88);
    for (const countryCode of ['DE', 'GB', 'RO', 'US']) {
      const ids = typeIds(await categories({ countryCode }));
      expect(ids, countryCode).not.toContain(88);
      expect(ids, countryCode).toContain(4);
    }
    // Every other type is offered everywhere.
    const others = (await categories())
      .flatMap((category) => category.customerDocumentTypes)
      .filter((type) => type.id !== 88);
    expect(others.every((type) => type.countries === null)).toBe(true);
  });

  it('names categories and types in the request language', async () => {
    const list = await categories({ lang: 'es' });
    expect(list[0]?.name).toBe('Prueba de identidad');
    expect(findType(list, 1)?.name).toBe('Pasaporte');
  });

  it('refuses a malformed countryCode with TA1', async () => {
    const { status, body } = await server.send('getDocumentCategories', { countryCode: 'Russia' });
    expect(status).toBe(400);
    expect(body.validationErrors).toHaveProperty('countryCode');
  });
});

describe('getTransactionTypes', () => {
  interface Answer {
    transactions: { id: number; code: string; name: string }[];
    dictionary: { transactionType: Record<string, string> };
  }

  it('covers every money movement the spec names, as transactions and dictionary.transactionType', async () => {
    const answer = await dictionary<Answer>('getTransactionTypes', { lang: 'en' });
    expect(answer.transactions.map((type) => type.code)).toEqual(
      expect.arrayContaining([
        'betweenAccounts',
        'p2p',
        'wire',
        'eft',
        'oct',
        'crypto_eft',
        'instant_payment',
        'interac',
        'digital',
        'global_payout',
        'card_load',
        'card_purchase',
        'fee',
        'fx',
        'invoice_payment',
        'refund',
        'reversal',
        'mass_payout',
      ]),
    );
    expect(answer.dictionary.transactionType).toEqual(
      Object.fromEntries(answer.transactions.map((type) => [String(type.id), type.name])),
    );
    expect(new Set(answer.transactions.map((type) => type.id)).size).toBe(
      answer.transactions.length,
    );
    expect(answer.transactions.find((type) => type.code === 'wire')?.name).toBe('Wire transfer');
  });

  it('names the types in the request language', async () => {
    const answer = await dictionary<Answer>('getTransactionTypes', { lang: 'ro' });
    expect(answer.transactions.find((type) => type.code === 'fx')?.name).toBe('Schimb valutar');
  });
});

describe('getAccessRights', () => {
  it('answers access levels 0 to 5 with their codes and names', async () => {
    const { accessRights } = await dictionary<{ accessRights: (Named & { code: string })[] }>(
      'getAccessRights',
      { lang: 'en' },
    );
    expect(accessRights.map((right) => [right.id, right.code])).toEqual([
      [0, 'noAccess'],
      [1, 'read'],
      [2, 'fullAccess'],
      [3, 'initiate'],
      [4, 'confirmed'],
      [5, 'uploading'],
    ]);
    expect(accessRights[2]?.name).toBe('Full access');
    const ru = (await dictionary<{ accessRights: Named[] }>('getAccessRights', { lang: 'ru' }))
      .accessRights;
    expect(ru[0]?.name).toBe('Нет доступа');
  });
});

describe('translations seen through the API', () => {
  /** Every name a person sees in the answers that come from our own tables. */
  async function namesIn(lang: Language): Promise<string[]> {
    const names: string[] = [];
    const collect = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === 'object') {
        for (const [key, inner] of Object.entries(value)) {
          if (key === 'name' && typeof inner === 'string') names.push(inner);
          else collect(inner);
        }
      }
    };
    for (const [method, payload] of [
      ['getOccupations', {}],
      ['getSourcesOfFunds', { type: 'personalSecondary' }],
      ['getSourcesOfFunds', { type: 'employee' }],
      ['getSourcesOfFunds', { type: 'business' }],
      ['getPurposesOfAccount', { type: 'personal' }],
      ['getPurposesOfAccount', { type: 'business' }],
      ['getIndustryGroups', {}],
      ['getDocumentCategories', {}],
      ['getTransactionTypes', {}],
      ['getAccessRights', {}],
    ] as const) {
      collect(await dictionary<Body>(method, { ...payload, lang }));
    }
    return names;
  }

  it('answers Cyrillic names in Russian and Ukrainian and no Cyrillic elsewhere', async () => {
    for (const lang of LANGUAGES) {
      const names = await namesIn(lang);
      expect(names.length).toBeGreaterThan(100);
      for (const name of names) {
        expect(name.trim(), lang).not.toBe('');
        if (lang === 'ru' || lang === 'ua') expect(name, lang).toMatch(/[\u0400-\u04FF]/);
        else expect(name, lang).not.toMatch(/[\u0400-\u04FF]/);
      }
    }
  });
});
