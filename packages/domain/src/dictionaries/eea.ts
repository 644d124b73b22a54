/**
 * The European Economic Area: the 27 EU member states and Iceland, Liechtenstein and Norway
 * (ISO 3166-1 alpha-2). The base of every "Europe" list we keep: the SEPA schemes' scope
 * (sepa.ts) and where the card printer ships (apps/server cards catalogue) add their extras to it.
 */
export const EEA_COUNTRY_CODES = [
  // European Union
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  // The rest of the EEA
  'IS',
  'LI',
  'NO',
] as const;
export type EeaCountryCode = (typeof EEA_COUNTRY_CODES)[number];

const EEA_SET: ReadonlySet<string> = new Set(EEA_COUNTRY_CODES);

/** Whether a country (ISO 3166-1 alpha-2, capitals) is in the EEA. */
export function isEeaCountry(countryCode: string): boolean {
  return EEA_SET.has(countryCode);
}
