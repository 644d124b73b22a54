import { describe, expect, it } from 'vitest';
import {
  BRANDS,
  BRAND_IDS,
  BUSINESS_REGISTRATION_TYPES,
  PERSONAL_REGISTRATION_TYPES,
  brandLanguages,
  getBrand,
  heroPointAllowed,
  parseStagingIndex,
  resolveApiBaseUrl,
  resolveBrand,
  type BrandId,
} from './brands';
import { LANGUAGES } from './languages';

const ALL_SIX = [...LANGUAGES];

describe('brands', () => {
  it('lists the six brands in the spec order with their fictional names', () => {
    expect(BRAND_IDS).toEqual([
      'pebble',
      'northmere',
      'quillpay',
      'amberline',
      'baltvale',
      'thistle',
    ]);
    expect(BRAND_IDS.map((id) => getBrand(id).projectName)).toEqual([
      'Pebble Wallet',
      'Northmere Bank',
      'Quillpay',
      'Amberline',
      'Baltvale',
      'Thistle Money',
    ]);
  });

  it.each<[BrandId, string[]]>([
    ['pebble', ALL_SIX],
    ['northmere', ALL_SIX],
    ['quillpay', ['en', 'es']],
    ['amberline', ALL_SIX],
    ['baltvale', ALL_SIX],
    ['thistle', ALL_SIX],
  ])('%s offers the languages %j', (id, langs) => {
    expect(brandLanguages(getBrand(id))).toEqual(langs);
  });

  it.each<[BrandId, boolean]>([
    ['pebble', true],
    ['northmere', true],
    ['quillpay', false],
    ['amberline', false],
    ['baltvale', false],
    ['thistle', true],
  ])('%s allows registration: %s', (id, allowed) => {
    expect(getBrand(id).allowRegistration).toBe(allowed);
  });

  it.each<[BrandId, boolean]>([
    ['pebble', false],
    ['northmere', false],
    ['quillpay', true],
    ['amberline', true],
    ['baltvale', true],
    ['thistle', true],
  ])('%s hides adult industries at registration: %s', (id, hidden) => {
    expect(getBrand(id).hideAdultIndustriesInRegistration).toBe(hidden);
  });

  it.each<[BrandId, string[]]>([
    [
      'pebble',
      [
        'webmasters',
        'freelancers',
        'webcamModels',
        'developers',
        'independentContractors',
        'others',
      ],
    ],
    ['northmere', ['webmasters', 'freelancers', 'developers', 'independentContractors', 'others']],
    ['quillpay', ['webmasters', 'freelancers', 'developers', 'independentContractors', 'others']],
    ['amberline', ['webmasters', 'freelancers', 'developers', 'independentContractors', 'others']],
    ['baltvale', ['webmasters', 'freelancers', 'developers', 'independentContractors', 'others']],
    ['thistle', ['webmasters', 'freelancers', 'developers', 'independentContractors', 'others']],
  ])('%s offers the personal registration types %j', (id, types) => {
    expect(getBrand(id).registrationPersonalTypes).toEqual(types);
  });

  const BUSINESS_WITHOUT_WEBCAM = [
    'advertisingNetworks',
    'affiliatePrograms',
    'liveStreamingNetworks',
    'freelanceCompanies',
    'hostingProviders',
    'billingPaymentProcessors',
    'others',
  ];
  it.each<[BrandId, string[]]>([
    ['pebble', [...BUSINESS_REGISTRATION_TYPES]],
    ['northmere', BUSINESS_WITHOUT_WEBCAM],
    ['quillpay', BUSINESS_WITHOUT_WEBCAM],
    ['amberline', BUSINESS_WITHOUT_WEBCAM],
    ['baltvale', BUSINESS_WITHOUT_WEBCAM],
    ['thistle', BUSINESS_WITHOUT_WEBCAM.filter((type) => type !== 'liveStreamingNetworks')],
  ])('%s offers the business registration types %j', (id, types) => {
    expect(getBrand(id).registrationBusinessTypes).toEqual(types);
  });

  it('keeps the spec order of registration types', () => {
    for (const id of BRAND_IDS) {
      const brand = getBrand(id);
      const personalOrder = brand.registrationPersonalTypes.map((type) =>
        PERSONAL_REGISTRATION_TYPES.indexOf(type),
      );
      const businessOrder = brand.registrationBusinessTypes.map((type) =>
        BUSINESS_REGISTRATION_TYPES.indexOf(type),
      );
      expect(personalOrder).toEqual([...personalOrder].sort((a, b) => a - b));
      expect(businessOrder).toEqual([...businessOrder].sort((a, b) => a - b));
    }
  });

  it.each<[BrandId, boolean]>([
    ['pebble', true],
    ['northmere', true],
    ['quillpay', false],
    ['amberline', false],
    ['baltvale', false],
    ['thistle', false],
  ])(
    '%s asks for the privacy policy and the terms and conditions (dated versions: %s)',
    (id, dated) => {
      const terms = getBrand(id).terms;
      expect(terms.map((term) => term.key)).toEqual(['privacyPolicy', 'termsAndConditions']);
      for (const term of terms) {
        expect(term.versionDate !== undefined).toBe(dated);
        if (term.versionDate) {
          expect(term.versionDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          expect(term.value).toContain(term.versionDate);
          expect(term.url).toContain(term.versionDate);
        } else {
          expect(term.value).not.toMatch(/\d{4}-\d{2}-\d{2}/);
        }
      }
    },
  );

  it.each(BRAND_IDS.map((id) => [id]))('%s fills every brand-config field', (id) => {
    const brand = getBrand(id);
    const texts = [
      brand.projectName,
      brand.projectLogo,
      brand.appUrl,
      brand.storeLinks.appStore,
      brand.storeLinks.googlePlay,
      brand.pdfLogo.link,
      brand.botCheckSiteKey,
      brand.feeLinks.personal,
      brand.feeLinks.business,
      brand.supports.managerMessengerNumber,
      brand.supports.defaultEmail,
      brand.accountConfirmation.name,
      brand.accountConfirmation.address,
      brand.accountConfirmation.phone,
      brand.accountConfirmation.email,
      brand.accountConfirmation.web,
      brand.licence.regulator,
      brand.licence.reference,
      brand.apiBaseTemplate,
    ];
    for (const text of texts) expect(text.trim()).not.toBe('');
    expect(brand.pdfLogo.width).toBeGreaterThan(0);
    expect(brand.accountConfirmation.footerLines.length).toBeGreaterThan(0);
    expect(typeof brand.contractsEnable).toBe('boolean');
    expect(typeof brand.sourceOfWealthEnable).toBe('boolean');
    for (const term of brand.terms) {
      for (const field of [term.label, term.text, term.url, term.value])
        expect(field.trim()).not.toBe('');
    }
  });

  it.each(BRAND_IDS.map((id) => [id]))('%s uses only fictional .example domains', (id) => {
    const urls = JSON.stringify(getBrand(id)).match(/https?:\/\/[^"/]+/g) ?? [];
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls)
      expect(new URL(url.replace('{index}', '1')).hostname).toMatch(/\.example$/);
    expect(getBrand(id).supports.defaultEmail).toMatch(/@[a-z]+\.example$/);
  });

  it('gives every brand its own logo, colours and API base', () => {
    const distinct = (values: string[]) => new Set(values).size === values.length;
    expect(distinct(BRAND_IDS.map((id) => BRANDS[id].projectLogo))).toBe(true);
    expect(distinct(BRAND_IDS.map((id) => BRANDS[id].colors.primary))).toBe(true);
    expect(distinct(BRAND_IDS.map((id) => BRANDS[id].apiBaseTemplate))).toBe(true);
    for (const id of BRAND_IDS) expect(BRANDS[id].apiBaseTemplate).toContain('{index}');
  });
});

describe('idle timeout', () => {
  it.each<[BrandId, number]>([
    ['pebble', 15],
    ['northmere', 15],
    ['quillpay', 15],
    ['amberline', 15],
    ['baltvale', 15],
    ['thistle', 5],
  ])('%s ends an idle session after %i minutes', (id, minutes) => {
    expect(getBrand(id).idleTimeoutMinutes).toBe(minutes);
  });
});

describe('resolveBrand', () => {
  const hostMap = {
    'pebble.localhost': 'pebble',
    'northmere.localhost': 'northmere',
    'app.thistle.example': 'thistle',
  } as const;

  it.each<[string, string | null | undefined, BrandId]>([
    ['northmere.localhost', undefined, 'northmere'],
    ['NORTHMERE.localhost', null, 'northmere'],
    ['app.thistle.example', '', 'thistle'],
    ['app.thistle.example.', undefined, 'thistle'],
    ['northmere.localhost', 'quillpay', 'quillpay'],
    ['localhost', 'amberline', 'amberline'],
    ['localhost', undefined, 'pebble'],
    ['localhost', 'not-a-brand', 'pebble'],
    ['northmere.localhost', 'not-a-brand', 'northmere'],
    ['constructor', undefined, 'pebble'],
    ['unknown.example', undefined, 'pebble'],
  ])('host %s with override %j resolves to %s', (hostname, override, expected) => {
    expect(resolveBrand({ hostname, hostMap, override })).toBe(expected);
  });
});

describe('staging API base', () => {
  it.each<[string | null | undefined, number | undefined]>([
    ['1', 1],
    ['15', 15],
    [' 7 ', 7],
    ['0', undefined],
    ['16', undefined],
    ['-1', undefined],
    ['3.5', undefined],
    ['abc', undefined],
    ['', undefined],
    [null, undefined],
    [undefined, undefined],
  ])('reads the staging index %j as %j', (value, expected) => {
    expect(parseStagingIndex(value)).toBe(expected);
  });

  it('uses the same origin without an index and the brand template with one', () => {
    const brand = getBrand('northmere');
    expect(resolveApiBaseUrl(brand, undefined)).toBe('');
    expect(resolveApiBaseUrl(brand, 3)).toBe('https://api-3.staging.northmere.example');
  });

  it('gives each brand its own sign-in claims, and only the claims its licence allows', () => {
    const points = BRAND_IDS.map((id) => getBrand(id).hero.points.join(','));
    expect(new Set(points).size).toBe(BRAND_IDS.length);
    expect(getBrand('northmere').licence.kind).toBe('bank');
    expect(getBrand('northmere').hero.points).toContain('depositProtection');
    expect(getBrand('northmere').hero.points).not.toContain('safeguarded');
    for (const id of BRAND_IDS) {
      const { hero, licence } = getBrand(id);
      expect(hero.points.filter((point) => !heroPointAllowed(point, licence.kind))).toEqual([]);
      expect(new Set(hero.points).size).toBe(hero.points.length);
    }
  });

  it('allows safeguarding only to e-money and payment institutions, deposit protection only to a bank', () => {
    expect(heroPointAllowed('safeguarded', 'emoney')).toBe(true);
    expect(heroPointAllowed('safeguarded', 'payments')).toBe(true);
    expect(heroPointAllowed('safeguarded', 'bank')).toBe(false);
    expect(heroPointAllowed('depositProtection', 'bank')).toBe(true);
    expect(heroPointAllowed('depositProtection', 'emoney')).toBe(false);
    expect(heroPointAllowed('secure', 'bank')).toBe(true);
  });
});
