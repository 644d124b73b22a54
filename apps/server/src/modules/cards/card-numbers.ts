import { randomInt } from 'node:crypto';
import { isTrivialPin } from '@ledgerline/contract';
import { luhnValid } from '@ledgerline/domain/cards';

/** The Luhn check digit that completes `body` (ISO/IEC 7812). */
export function luhnCheckDigit(body: string): string {
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) {
    // Counting from the right of the finished number, the check digit is position 1: body digits
    // at odd distances from it are doubled.
    let digit = Number(body[body.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

function randomDigits(count: number): string {
  let out = '';
  for (let index = 0; index < count; index += 1) out += String(randomInt(10));
  return out;
}

/** A 16-digit card number in our issuer's BIN: six BIN digits, nine random digits, the Luhn digit. */
export function generateCardNumber(bin: string): string {
  const body = bin + randomDigits(15 - bin.length);
  const number = body + luhnCheckDigit(body);
  if (!luhnValid(number))
    throw new Error('cards: generated a card number that fails the Luhn check');
  return number;
}

export function generateCvv(): string {
  return randomDigits(3);
}

/** The PIN a new physical card is issued with (sent with the card); never an obvious one. */
export function generatePin(): string {
  for (;;) {
    const pin = randomDigits(4);
    if (!isTrivialPin(pin)) return pin;
  }
}

/** Letters that do not decompose into a Latin letter and a mark, and Cyrillic (Ukrainian and Russian), spelt in Latin. */
const TRANSLITERATION: Readonly<Record<string, string>> = {
  Ł: 'L',
  ł: 'l',
  Ø: 'O',
  ø: 'o',
  Đ: 'D',
  đ: 'd',
  ß: 'ss',
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  Þ: 'TH',
  þ: 'th',
  ı: 'i',
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'h',
  ґ: 'g',
  д: 'd',
  е: 'e',
  є: 'ie',
  ж: 'zh',
  з: 'z',
  и: 'y',
  і: 'i',
  ї: 'i',
  й: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ь: '',
  ю: 'iu',
  я: 'ia',
  ё: 'e',
  ъ: '',
  ы: 'y',
  э: 'e',
};

/** Embossed names are upper-case Latin letters of at most 26 characters (ISO/IEC 7813 track 1). */
export function embossedName(name: string): string {
  const latin = Array.from(name, (char) => {
    const lower = char.toLowerCase();
    const spelt = TRANSLITERATION[char] ?? TRANSLITERATION[lower];
    return spelt === undefined ? char : char === lower ? spelt : spelt.toUpperCase();
  })
    .join('')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z .'-]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return (latin || 'CARDHOLDER').slice(0, 26).trim();
}

/** The month a card issued at `now` expires: the same month, three years on. */
export function cardExpiry(now: Date, years: number): { month: number; year: number } {
  return { month: now.getUTCMonth() + 1, year: now.getUTCFullYear() + years };
}

/** True once the end of the expiry month has passed. */
export function isPastExpiry(expiry: { month: number; year: number }, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expiry.year < year || (expiry.year === year && expiry.month < month);
}
