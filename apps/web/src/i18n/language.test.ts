import { describe, expect, it } from 'vitest';
import { getBrand } from '@ledgerline/domain/brands';
import { STORAGE_KEYS, createMemoryStorage } from '@/lib/storage';
import { initialLanguage } from './language';

function start(
  brandId: Parameters<typeof getBrand>[0],
  stored: string | null,
  browserLanguages: string[],
) {
  const storage = createMemoryStorage();
  if (stored) storage.set(STORAGE_KEYS.language, stored);
  return initialLanguage({ brand: getBrand(brandId), storage, browserLanguages });
}

describe('initial language', () => {
  it.each([
    ['a stored choice wins', 'pebble', 'ro', ['ru-RU'], 'ro'],
    ['then the browser language', 'pebble', null, ['uk-UA', 'en'], 'ua'],
    ['a regional variant maps to its language', 'northmere', null, ['pt-BR'], 'pt'],
    ['unknown browser languages fall back to English', 'pebble', null, ['de-DE', 'fr'], 'en'],
    ['a stored language the brand does not offer is ignored', 'quillpay', 'ru', ['es-ES'], 'es'],
    ['Quillpay falls back to English', 'quillpay', 'ua', ['ru-RU'], 'en'],
    ['a broken stored value is ignored', 'thistle', 'xx', [], 'en'],
  ] as const)('%s', (_name, brand, stored, browser, expected) => {
    expect(start(brand, stored, [...browser])).toBe(expected);
  });
});
