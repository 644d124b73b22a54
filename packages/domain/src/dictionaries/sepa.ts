import { EEA_COUNTRY_CODES } from './eea';

/**
 * The geographical scope of the SEPA schemes (European Payments Council, as of 2025): the EEA
 * (eea.ts), the United Kingdom, Switzerland, Monaco, San Marino, Andorra and Vatican City, the
 * enlargement countries admitted in 2024–2025 (Albania, Montenegro, Moldova, North Macedonia,
 * Serbia), and the territories that carry their own ISO 3166-1 code but belong to a SEPA
 * country's scope (French overseas departments and collectivities, Åland, Gibraltar and the
 * Crown Dependencies). Spec 2 §9 says the list covers "about 46 countries"; we keep the
 * current EPC scope rather than an older count. Serbia's banks are ready from May 2026.
 */
export const SEPA_COUNTRY_CODES = [
  ...EEA_COUNTRY_CODES,
  // Other scheme countries
  'CH',
  'GB',
  'MC',
  'SM',
  'VA',
  'AD',
  // Enlargement countries (2024–2025)
  'AL',
  'ME',
  'MD',
  'MK',
  'RS',
  // Territories with their own ISO code inside a SEPA country's scope
  'AX',
  'GF',
  'GP',
  'MQ',
  'YT',
  'RE',
  'BL',
  'MF',
  'PM',
  'GI',
  'GG',
  'IM',
  'JE',
] as const;
export type SepaCountryCode = (typeof SEPA_COUNTRY_CODES)[number];

const SEPA_SET: ReadonlySet<string> = new Set(SEPA_COUNTRY_CODES);

/** Whether a country (ISO 3166-1 alpha-2, capitals) is inside the SEPA schemes' scope. */
export function isSepaCountry(countryCode: string): boolean {
  return SEPA_SET.has(countryCode);
}
