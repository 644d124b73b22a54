import type { Language } from '@ledgerline/domain';

/** A name a person sees, written in every interface language (DESIGN.md: six locales, no gaps). */
export type Localised = Readonly<Record<Language, string>>;

/** A dictionary entry with a stable id and its name in every language. */
export interface LocalisedEntry {
  readonly id: number;
  readonly name: Localised;
}
