import { describe, expect, it } from 'vitest';
import { ACCOUNT_PURPOSE_TYPES, LANGUAGES, SOURCE_OF_FUNDS_TYPES } from '@ledgerline/domain';
import { ACCESS_RIGHT_NAMES } from './data/access-rights';
import { DOCUMENT_CATEGORIES } from './data/documents';
import { INDUSTRY_GROUPS } from './data/industries';
import type { Localised, LocalisedEntry } from './data/localised';
import { OCCUPATIONS } from './data/occupations';
import { ACCOUNT_PURPOSES, ACCOUNT_PURPOSE_LISTS } from './data/purposes-of-account';
import { SOURCES_OF_FUNDS, SOURCE_OF_FUNDS_LISTS } from './data/sources-of-funds';
import { TRANSACTION_TYPE_NAMES } from './data/transaction-types';

/** Every translated name of the dictionary tables, labelled by where it lives. */
function everyName(): [where: string, name: Localised][] {
  const entries = (table: string, list: readonly LocalisedEntry[]) =>
    list.map((entry): [string, Localised] => [`${table} #${entry.id}`, entry.name]);
  return [
    ...entries('occupation', OCCUPATIONS),
    ...entries('source of funds', SOURCES_OF_FUNDS),
    ...entries('purpose of account', ACCOUNT_PURPOSES),
    ...INDUSTRY_GROUPS.flatMap((group) => [
      [`industry group ${group.label}`, group.name] as [string, Localised],
      ...entries(`industry (${group.label})`, group.industries),
    ]),
    ...Object.entries(DOCUMENT_CATEGORIES).flatMap(([code, category]) => [
      [`document category ${code}`, category.name] as [string, Localised],
      ...entries(`document type (${code})`, category.types),
    ]),
    ...Object.entries(TRANSACTION_TYPE_NAMES).map(([code, name]): [string, Localised] => [
      `transaction type ${code}`,
      name,
    ]),
    ...Object.entries(ACCESS_RIGHT_NAMES).map(([code, name]): [string, Localised] => [
      `access right ${code}`,
      name,
    ]),
  ];
}

/**
 * Names that are rightly the same as in English: a word the language borrowed unchanged.
 * Anything else equal to English is an entry someone forgot to translate.
 */
const SAME_AS_ENGLISH: readonly string[] = ['ro:Consultant', 'ro:Student'];

const CYRILLIC = /[\u0400-\u04FF]/;
const RUSSIAN_ONLY_LETTERS = /[ыэъёЫЭЪЁ]/;
const UKRAINIAN_ONLY_LETTERS = /[іїєґІЇЄҐ]/;
// Romanian writes ș and ț with a comma below; the cedilla forms are a common keyboard mistake.
const ROMANIAN_CEDILLA = /[şţŞŢ]/;

describe('dictionary translations', () => {
  const names = everyName();

  it('cover a few hundred names', () => {
    expect(names.length).toBeGreaterThan(150);
  });

  it('give every name in all six languages, none empty or padded', () => {
    const problems: string[] = [];
    for (const [where, name] of names) {
      expect(Object.keys(name).sort(), where).toEqual([...LANGUAGES].sort());
      for (const lang of LANGUAGES) {
        const text = (name as Partial<Localised>)[lang];
        if (typeof text !== 'string' || text.trim() === '')
          problems.push(`${where}: ${lang} is missing or empty`);
        else if (text !== text.trim() || /\s{2}/.test(text))
          problems.push(`${where}: ${lang} has stray spaces`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('write Russian and Ukrainian in Cyrillic and tell them apart', () => {
    const problems: string[] = [];
    for (const [where, name] of names) {
      if (!CYRILLIC.test(name.ru)) problems.push(`${where}: ru is not Cyrillic`);
      if (!CYRILLIC.test(name.ua)) problems.push(`${where}: ua is not Cyrillic`);
      if (UKRAINIAN_ONLY_LETTERS.test(name.ru)) problems.push(`${where}: ru has Ukrainian letters`);
      if (RUSSIAN_ONLY_LETTERS.test(name.ua)) problems.push(`${where}: ua has Russian letters`);
      for (const lang of ['en', 'es', 'ro', 'pt'] as const) {
        if (CYRILLIC.test(name[lang])) problems.push(`${where}: ${lang} has Cyrillic`);
      }
      if (ROMANIAN_CEDILLA.test(name.ro)) problems.push(`${where}: ro uses ş/ţ with a cedilla`);
    }
    expect(problems).toEqual([]);
  });

  it('translate rather than copy the English', () => {
    const copies: string[] = [];
    for (const [where, name] of names) {
      for (const lang of ['es', 'ro', 'pt'] as const) {
        if (name[lang] === name.en && !SAME_AS_ENGLISH.includes(`${lang}:${name.en}`))
          copies.push(`${where}: ${lang} "${name.en}"`);
      }
    }
    expect(copies).toEqual([]);
  });
});

describe('dictionary tables', () => {
  const uniqueIds = (list: readonly { id: number }[]) =>
    new Set(list.map((entry) => entry.id)).size === list.length;

  it('keep ids unique within each table', () => {
    expect(uniqueIds(OCCUPATIONS)).toBe(true);
    expect(uniqueIds(SOURCES_OF_FUNDS)).toBe(true);
    expect(uniqueIds(ACCOUNT_PURPOSES)).toBe(true);
    expect(uniqueIds(INDUSTRY_GROUPS)).toBe(true);
    expect(uniqueIds(INDUSTRY_GROUPS.flatMap((group) => group.industries))).toBe(true);
    expect(
      uniqueIds(Object.values(DOCUMENT_CATEGORIES).flatMap((category) => category.types)),
    ).toBe(true);
  });

  it('build each list from entries that exist, and use every entry in some list', () => {
    for (const [table, lists, types] of [
      [SOURCES_OF_FUNDS, SOURCE_OF_FUNDS_LISTS, SOURCE_OF_FUNDS_TYPES],
      [ACCOUNT_PURPOSES, ACCOUNT_PURPOSE_LISTS, ACCOUNT_PURPOSE_TYPES],
    ] as const) {
      const ids = new Set(table.map((entry) => entry.id));
      const used = new Set<number>();
      for (const type of types) {
        const list: readonly number[] = (lists as Record<string, readonly number[]>)[type] ?? [];
        expect(list.length, type).toBeGreaterThan(0);
        expect(new Set(list).size, `${type} repeats an id`).toBe(list.length);
        for (const id of list) {
          expect(ids.has(id), `${type} names unknown id ${id}`).toBe(true);
          used.add(id);
        }
      }
      expect([...ids].filter((id) => !used.has(id))).toEqual([]);
    }
  });
});
