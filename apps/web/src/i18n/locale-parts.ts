/**
 * Each locale file is downloaded in two parts (decisions 11 and 108): what the sign-in page
 * shows, awaited before the first render, and the rest, which loads when a page needs it (any
 * page but the sign-in page, or the sign-in form's first focus) and is added as it arrives. The
 * split is made at build time (vite.config.ts `localeParts`), so the locale files stay one JSON
 * per language.
 */
export const FIRST_PAGE_LOCALE_SECTIONS: readonly string[] = [
  'app',
  'signIn',
  'session',
  'footer',
  'errors',
  'botCheck',
];

/**
 * Single texts of sections that otherwise belong to the rest: `validation` holds every form's
 * messages (6 KB of the sign-in page's 7.5 KB gzip in English) and the sign-in form shows three
 * of them (loginFormSchema).
 */
export const FIRST_PAGE_LOCALE_KEYS: readonly string[] = [
  'validation.required',
  'validation.tooLong',
  'validation.email',
];

export type LocalePart = 'first' | 'rest';

type Tree = Record<string, unknown>;

const isTree = (value: unknown): value is Tree =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The texts of a locale tree that belong to one part: whole sections, and single keys of others. */
export function pickLocalePart(tree: Tree, part: LocalePart): Tree {
  const first = part === 'first';
  const picked: Tree = {};
  for (const [section, value] of Object.entries(tree)) {
    if (FIRST_PAGE_LOCALE_SECTIONS.includes(section)) {
      if (first) picked[section] = value;
      continue;
    }
    if (!isTree(value)) {
      if (!first) picked[section] = value;
      continue;
    }
    const entries = Object.entries(value).filter(
      ([key]) => FIRST_PAGE_LOCALE_KEYS.includes(`${section}.${key}`) === first,
    );
    if (entries.length > 0) picked[section] = Object.fromEntries(entries);
  }
  return picked;
}

/** Both parts as one tree again: a section split between them gets the keys of both. */
export function mergeLocaleParts(first: Tree, rest: Tree): Tree {
  const merged: Tree = { ...first };
  for (const [section, value] of Object.entries(rest)) {
    const before = merged[section];
    merged[section] = isTree(before) && isTree(value) ? { ...before, ...value } : value;
  }
  return merged;
}
