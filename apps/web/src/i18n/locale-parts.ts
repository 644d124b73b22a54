/**
 * Each locale file is downloaded in two parts (decision 11, the first-load budget): the sections
 * the sign-in page shows, awaited before the first render, and the rest, which loads right after
 * and is added as it arrives. The split is made at build time (vite.config.ts `localeParts`), so
 * the locale files stay one JSON per language.
 */
export const FIRST_PAGE_LOCALE_SECTIONS: readonly string[] = [
  'app',
  'signIn',
  'session',
  'footer',
  'validation',
  'errors',
  'botCheck',
];

export type LocalePart = 'first' | 'rest';

type Tree = Record<string, unknown>;

/** The sections of a locale tree that belong to one part. */
export function pickLocalePart(tree: Tree, part: LocalePart): Tree {
  return Object.fromEntries(
    Object.entries(tree).filter(
      ([section]) => FIRST_PAGE_LOCALE_SECTIONS.includes(section) === (part === 'first'),
    ),
  );
}
