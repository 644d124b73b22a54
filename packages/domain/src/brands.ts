import { LANGUAGES, type Language } from './languages';
import { STAGING_INDEX_MAX, STAGING_INDEX_MIN } from './constants';

/**
 * The white-label brands of spec 1 §1 and their configuration (spec 1 §3), with the rules of
 * spec 1 §9 written as data. Every name, domain, address and number here is fictional.
 */
export const BRAND_IDS = [
  'pebble',
  'northmere',
  'quillpay',
  'amberline',
  'baltvale',
  'thistle',
] as const;
export type BrandId = (typeof BRAND_IDS)[number];

/** The brand used when neither the host name nor an override names one: the first brand. */
export const DEFAULT_BRAND_ID: BrandId = 'pebble';

export function isBrandId(value: unknown): value is BrandId {
  return typeof value === 'string' && (BRAND_IDS as readonly string[]).includes(value);
}

export const PERSONAL_REGISTRATION_TYPES = [
  'webmasters',
  'freelancers',
  'webcamModels',
  'developers',
  'independentContractors',
  'others',
] as const;
export type PersonalRegistrationType = (typeof PERSONAL_REGISTRATION_TYPES)[number];

export const BUSINESS_REGISTRATION_TYPES = [
  'advertisingNetworks',
  'affiliatePrograms',
  'liveStreamingNetworks',
  'freelanceCompanies',
  'hostingProviders',
  'billingPaymentProcessors',
  'webcamStudios',
  'others',
] as const;
export type BusinessRegistrationType = (typeof BUSINESS_REGISTRATION_TYPES)[number];

/** Terms accepted at registration (spec 1 §9): the privacy policy and the terms and conditions. */
export const TERM_KEYS = ['privacyPolicy', 'termsAndConditions'] as const;
export type TermKey = (typeof TERM_KEYS)[number];

export interface BrandTerm {
  id: number;
  key: TermKey;
  /** English label; the web app shows the translation of `legal.<key>.title`. */
  label: string;
  /** English consent text shown beside the registration checkbox. */
  text: string;
  /** The full document. */
  url: string;
  /** The value sent when the customer accepts: names the version accepted. */
  value: string;
  /** ISO date of a dated version (the first two brands, spec 1 §9); undated versions leave it out. */
  versionDate?: string;
}

/** How the legal entity behind a brand is licensed; the web footer translates the sentence by kind. */
export type LicenceKind = 'emoney' | 'bank' | 'payments';

/**
 * The claims a sign-in page may make beside its form; the web app translates each
 * (`signIn.heroPoints.<point>`). A bank's deposits are protected by a deposit guarantee scheme;
 * an e-money or payment institution safeguards its customers' funds instead: the claim must
 * match the licence (issue 13: the bank claimed safeguarding).
 */
export const HERO_POINTS = [
  'secure',
  'safeguarded',
  'depositProtection',
  'support',
  'business',
  'multiCurrency',
  'fastTransfers',
  'cards',
] as const;
export type HeroPoint = (typeof HERO_POINTS)[number];

/** Claims only a licence of one kind may make. */
const HERO_POINT_LICENCES: Partial<Record<HeroPoint, readonly LicenceKind[]>> = {
  safeguarded: ['emoney', 'payments'],
  depositProtection: ['bank'],
};

/** Whether a brand with this licence may make the claim. */
export function heroPointAllowed(point: HeroPoint, licence: LicenceKind): boolean {
  return HERO_POINT_LICENCES[point]?.includes(licence) ?? true;
}

export interface BrandConfig {
  id: BrandId;
  projectName: string;
  /** File name of the logo in apps/web/src/brands/logos/. */
  projectLogo: string;
  allowRegistration: boolean;
  registrationPersonalTypes: readonly PersonalRegistrationType[];
  registrationBusinessTypes: readonly BusinessRegistrationType[];
  hideAdultIndustriesInRegistration: boolean;
  /** Deep link that opens the brand's mobile app. */
  appUrl: string;
  storeLinks: { appStore: string; googlePlay: string };
  pdfLogo: { width: number; link: string };
  botCheckSiteKey: string;
  terms: readonly BrandTerm[];
  feeLinks: { personal: string; business: string };
  supports: { managerMessengerNumber: string; defaultEmail: string };
  availableLangs: readonly Language[];
  contractsEnable: boolean;
  sourceOfWealthEnable: boolean;
  accountConfirmation: {
    name: string;
    address: string;
    footerLines: readonly string[];
    phone: string;
    email: string;
    web: string;
    /** Who signs account-confirmation letters (the letter translates the role beneath the name). */
    signatory: string;
  };
  licence: { kind: LicenceKind; regulator: string; reference: string };
  /** Brand colours: `primary` passes WCAG AA (4.5:1) as text on white and under white text. */
  colors: { primary: string; accent: string };
  /**
   * The sign-in page's words about the brand: its own title and text (the web app's
   * `signIn.hero.<id>.title` and `.text`, in every language) and three claims, in order.
   */
  hero: { points: readonly [HeroPoint, HeroPoint, HeroPoint] };
  /** API base for a staging index 1–15; `{index}` is replaced (spec 1 §7). */
  apiBaseTemplate: string;
  /**
   * Minutes without activity before the session ends (spec 1 §9: 15). A brand under PSD2's
   * strong-customer-authentication rules (RTS article 4(3)(d)) ends it after at most 5.
   */
  idleTimeoutMinutes: number;
}

const FIRST_BRAND: BrandId = 'pebble';
const DATED_TERMS_BRANDS: readonly BrandId[] = ['pebble', 'northmere'];
const REGISTRATION_CLOSED: readonly BrandId[] = ['quillpay', 'amberline', 'baltvale'];
const ADULT_INDUSTRIES_HIDDEN: readonly BrandId[] = [...REGISTRATION_CLOSED, 'thistle'];
const WITHOUT_LIVE_STREAMING: readonly BrandId[] = ['thistle'];
/** Spec 1 §9's idle timeout, and the brands that must keep PSD2's shorter limit. */
export const DEFAULT_IDLE_TIMEOUT_MINUTES = 15;
export const PSD2_IDLE_TIMEOUT_MINUTES = 5;
const PSD2_IDLE_LIMIT_BRANDS: readonly BrandId[] = ['thistle'];
const LANGUAGES_BY_BRAND: Partial<Record<BrandId, readonly Language[]>> = {
  quillpay: ['en', 'es'],
};

function personalTypes(id: BrandId): PersonalRegistrationType[] {
  return PERSONAL_REGISTRATION_TYPES.filter(
    (type) => type !== 'webcamModels' || id === FIRST_BRAND,
  );
}

function businessTypes(id: BrandId): BusinessRegistrationType[] {
  return BUSINESS_REGISTRATION_TYPES.filter((type) => {
    if (type === 'webcamStudios') return id === FIRST_BRAND;
    if (type === 'liveStreamingNetworks') return !WITHOUT_LIVE_STREAMING.includes(id);
    return true;
  });
}

const TERM_TEXTS: Record<TermKey, { label: string; slug: string; id: number }> = {
  privacyPolicy: { id: 1, label: 'Privacy Policy', slug: 'privacy-policy' },
  termsAndConditions: { id: 2, label: 'Terms and Conditions', slug: 'terms-and-conditions' },
};

function brandTerms(id: BrandId, site: string, versionDates: Record<TermKey, string>): BrandTerm[] {
  const dated = DATED_TERMS_BRANDS.includes(id);
  return TERM_KEYS.map((key) => {
    const { id: termId, label, slug } = TERM_TEXTS[key];
    const versionDate = dated ? versionDates[key] : undefined;
    const versioned = versionDate ? `${slug}-${versionDate}` : slug;
    return {
      id: termId,
      key,
      label,
      text: `I have read and accept the ${label}`,
      url: `${site}/legal/${versioned}`,
      value: versioned,
      ...(versionDate ? { versionDate } : {}),
    };
  });
}

interface BrandSeed {
  id: BrandId;
  projectName: string;
  domain: string;
  appScheme: string;
  entity: string;
  address: string;
  licence: BrandConfig['licence'];
  colors: BrandConfig['colors'];
  messenger: string;
  phone: string;
  contractsEnable: boolean;
  sourceOfWealthEnable: boolean;
  pdfLogoWidth: number;
  signatory: string;
  heroPoints: BrandConfig['hero']['points'];
}

function buildBrand(seed: BrandSeed): BrandConfig {
  const site = `https://${seed.domain}`;
  return {
    id: seed.id,
    projectName: seed.projectName,
    projectLogo: `${seed.id}.svg`,
    allowRegistration: !REGISTRATION_CLOSED.includes(seed.id),
    registrationPersonalTypes: personalTypes(seed.id),
    registrationBusinessTypes: businessTypes(seed.id),
    hideAdultIndustriesInRegistration: ADULT_INDUSTRIES_HIDDEN.includes(seed.id),
    appUrl: `${seed.appScheme}://open`,
    storeLinks: { appStore: `${site}/app/ios`, googlePlay: `${site}/app/android` },
    pdfLogo: { width: seed.pdfLogoWidth, link: `${site}/assets/pdf-logo.png` },
    botCheckSiteKey: `${seed.id}-altcha`,
    terms: brandTerms(seed.id, site, {
      privacyPolicy: '2025-03-01',
      termsAndConditions: '2025-03-01',
    }),
    feeLinks: { personal: `${site}/fees/personal`, business: `${site}/fees/business` },
    supports: { managerMessengerNumber: seed.messenger, defaultEmail: `support@${seed.domain}` },
    availableLangs: LANGUAGES_BY_BRAND[seed.id] ?? LANGUAGES,
    contractsEnable: seed.contractsEnable,
    sourceOfWealthEnable: seed.sourceOfWealthEnable,
    accountConfirmation: {
      name: seed.entity,
      address: seed.address,
      footerLines: [
        `${seed.projectName} is a trading name of ${seed.entity}, ${seed.address}.`,
        `${seed.entity} is licensed by the ${seed.licence.regulator} (reference ${seed.licence.reference}).`,
      ],
      phone: seed.phone,
      email: `support@${seed.domain}`,
      web: site,
      signatory: seed.signatory,
    },
    licence: seed.licence,
    colors: seed.colors,
    hero: { points: seed.heroPoints },
    apiBaseTemplate: `https://api-{index}.staging.${seed.domain}`,
    idleTimeoutMinutes: PSD2_IDLE_LIMIT_BRANDS.includes(seed.id)
      ? PSD2_IDLE_TIMEOUT_MINUTES
      : DEFAULT_IDLE_TIMEOUT_MINUTES,
  };
}

// Phone numbers are from Ofcom's drama range (+44 7700 900000–900999), reserved for fiction.
const SEEDS: readonly BrandSeed[] = [
  {
    id: 'pebble',
    projectName: 'Pebble Wallet',
    domain: 'pebble.example',
    appScheme: 'pebblewallet',
    entity: 'Pebble Payments Ltd',
    address: '12 Harbour Row, London E1W 9XA, United Kingdom',
    licence: { kind: 'emoney', regulator: 'Demo Financial Authority', reference: 'EMI-900101' },
    colors: { primary: '#0b5c55', accent: '#e8f3f1' },
    messenger: '+44 7700 900101',
    phone: '+44 7700 900111',
    contractsEnable: true,
    sourceOfWealthEnable: false,
    pdfLogoWidth: 140,
    signatory: 'Maren Holt',
    heroPoints: ['secure', 'safeguarded', 'support'],
  },
  {
    id: 'northmere',
    projectName: 'Northmere Bank',
    domain: 'northmere.example',
    appScheme: 'northmere',
    entity: 'Northmere Bank plc',
    address: '40 Quay Street, Edinburgh EH6 6QX, United Kingdom',
    licence: { kind: 'bank', regulator: 'Demo Prudential Authority', reference: 'BNK-900202' },
    colors: { primary: '#1c3d6e', accent: '#eaf0f8' },
    messenger: '+44 7700 900202',
    phone: '+44 7700 900222',
    contractsEnable: true,
    sourceOfWealthEnable: true,
    pdfLogoWidth: 160,
    signatory: 'Callum Rennie',
    heroPoints: ['depositProtection', 'secure', 'business'],
  },
  {
    id: 'quillpay',
    projectName: 'Quillpay',
    domain: 'quillpay.example',
    appScheme: 'quillpay',
    entity: 'Quillpay Payments S.L.',
    address: 'Calle de la Pluma 8, 28010 Madrid, Spain',
    licence: { kind: 'payments', regulator: 'Demo Payments Supervisor', reference: 'PI-900303' },
    colors: { primary: '#4a2c91', accent: '#f0ecf8' },
    messenger: '+44 7700 900303',
    phone: '+44 7700 900333',
    contractsEnable: false,
    sourceOfWealthEnable: false,
    pdfLogoWidth: 120,
    signatory: 'Lucía Ferrer',
    heroPoints: ['fastTransfers', 'safeguarded', 'secure'],
  },
  {
    id: 'amberline',
    projectName: 'Amberline',
    domain: 'amberline.example',
    appScheme: 'amberline',
    entity: 'Amberline UAB',
    address: 'Gintaro g. 7, LT-01100 Vilnius, Lithuania',
    licence: {
      kind: 'emoney',
      regulator: 'Demo Supervisory Authority of Lithuania',
      reference: 'LT-EMI-900404',
    },
    colors: { primary: '#8a4600', accent: '#fbf1e4' },
    messenger: '+44 7700 900404',
    phone: '+44 7700 900444',
    contractsEnable: false,
    sourceOfWealthEnable: true,
    pdfLogoWidth: 130,
    signatory: 'Rūta Kazlauskienė',
    heroPoints: ['multiCurrency', 'safeguarded', 'support'],
  },
  {
    id: 'baltvale',
    projectName: 'Baltvale',
    domain: 'baltvale.example',
    appScheme: 'baltvale',
    entity: 'Baltvale UAB',
    address: 'Jūros g. 21, LT-92110 Klaipėda, Lithuania',
    licence: {
      kind: 'emoney',
      regulator: 'Demo Supervisory Authority of Lithuania',
      reference: 'LT-EMI-900505',
    },
    colors: { primary: '#155e75', accent: '#e7f2f5' },
    messenger: '+44 7700 900505',
    phone: '+44 7700 900555',
    contractsEnable: false,
    sourceOfWealthEnable: true,
    pdfLogoWidth: 130,
    signatory: 'Tomas Jurgaitis',
    heroPoints: ['business', 'safeguarded', 'multiCurrency'],
  },
  {
    id: 'thistle',
    projectName: 'Thistle Money',
    domain: 'thistle.example',
    appScheme: 'thistlemoney',
    entity: 'Thistle Money Ltd',
    address: '3 Heather Lane, Glasgow G1 9ZZ, United Kingdom',
    licence: { kind: 'emoney', regulator: 'Demo Financial Authority', reference: 'EMI-900606' },
    colors: { primary: '#6a2a5e', accent: '#f6ecf3' },
    messenger: '+44 7700 900606',
    phone: '+44 7700 900666',
    contractsEnable: false,
    sourceOfWealthEnable: true,
    pdfLogoWidth: 140,
    signatory: 'Isla MacBride',
    heroPoints: ['cards', 'safeguarded', 'secure'],
  },
];

export const BRANDS: Readonly<Record<BrandId, BrandConfig>> = Object.fromEntries(
  SEEDS.map((seed) => [seed.id, buildBrand(seed)]),
) as Record<BrandId, BrandConfig>;

export function getBrand(id: BrandId): BrandConfig {
  return BRANDS[id];
}

/** Host name → brand, e.g. { 'northmere.localhost': 'northmere' }. */
export type BrandHostMap = Readonly<Record<string, BrandId>>;

/**
 * The brand for this page: a valid override (the demo `?brand=` kept in storage) wins, then the
 * host name's entry in the host map (case-insensitive, without a port), then the first brand.
 */
export function resolveBrand(input: {
  hostname: string;
  hostMap: BrandHostMap;
  override?: string | null;
}): BrandId {
  if (isBrandId(input.override)) return input.override;
  const host = input.hostname.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  const mapped = Object.hasOwn(input.hostMap, host) ? input.hostMap[host] : undefined;
  return mapped ?? DEFAULT_BRAND_ID;
}

/** A staging index 1–15 from a query or storage value, or undefined when it is not one. */
export function parseStagingIndex(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined || !/^\d{1,2}$/.test(value.trim())) return undefined;
  const index = Number(value.trim());
  return index >= STAGING_INDEX_MIN && index <= STAGING_INDEX_MAX ? index : undefined;
}

/**
 * The API base URL: with a staging index, the brand's template; without one, '' (the same
 * origin that served the page, which is how the reference server and the dev proxy run).
 */
export function resolveApiBaseUrl(
  brand: Pick<BrandConfig, 'apiBaseTemplate'>,
  stagingIndex: number | undefined,
): string {
  if (stagingIndex === undefined) return '';
  return brand.apiBaseTemplate.replaceAll('{index}', String(stagingIndex));
}

/** The languages a brand offers, in the order of LANGUAGES. */
export function brandLanguages(brand: Pick<BrandConfig, 'availableLangs'>): Language[] {
  return LANGUAGES.filter((lang) => brand.availableLangs.includes(lang));
}
