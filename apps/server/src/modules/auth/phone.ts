import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** "+44 7700 900123" → "+44 •••• ••0123": the country code and the last four digits, nothing else. */
export function maskPhoneNumber(phone: string): string {
  const parsed = parsePhoneNumberFromString(phone);
  const digits = (parsed?.nationalNumber ?? phone.replace(/\D/g, '')).toString();
  const last = digits.slice(-4);
  const country = parsed ? `+${parsed.countryCallingCode} ` : '';
  return `${country}•••• ••${last}`;
}

/** The number in E.164 (+447700900123), or null when it is not a plausible phone number. */
export function normalisePhoneNumber(phone: string): string | null {
  const parsed = parsePhoneNumberFromString(phone.startsWith('+') ? phone : `+${phone}`);
  return parsed?.isPossible() ? parsed.number : null;
}
