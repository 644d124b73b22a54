/**
 * A date typed by a person, read the way the page's language writes it (issue 13: the browser's
 * own date field asked for mm/dd/yyyy while the app prints "25 Nov 2026"). Every language we
 * offer writes the day first, so "3.5.2026", "03/05/2026" and "3-5-2026" are 3 May; the app's own
 * printed form ("3 May 2026", "3 мая 2026 г.") and ISO ("2026-05-03") are read too.
 * The answer is the wire's calendar date (YYYY-MM-DD), or null when the text is not a real date.
 */

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const DAY_FIRST = /^(\d{1,2})\s*[./\-\s]\s*(\d{1,2})\s*[./\-\s]\s*(\d{4})$/;
const DAY = /^\d{1,2}$/;
const YEAR = /^\d{4}$/;
const WORD = /^\p{L}+$/u;
/** What may follow the year: "г." (ru), "р." (uk). */
const YEAR_SUFFIX = /^\p{L}{1,2}$/u;

/** "25 Nov 2026", "25 nov. 2026", "25 нояб. 2026 г.", "3 de mayo de 2026" as day, month word, year. */
function splitNamedDate(text: string): [string, string, string] | undefined {
  const words = text
    .replace(/\./g, ' ')
    .split(' ')
    .filter((word) => word !== '' && word !== 'de');
  const [day, month, year, suffix, ...rest] = words;
  if (!day || !month || !year || rest.length > 0) return undefined;
  if (suffix !== undefined && !YEAR_SUFFIX.test(suffix)) return undefined;
  return DAY.test(day) && WORD.test(month) && YEAR.test(year) ? [day, month, year] : undefined;
}

const MIN_YEAR = 1900;
const MAX_YEAR = 2199;

const monthNamesCache = new Map<string, string[][]>();

/** Each month's names in a locale (short and long, in the forms used beside a day), lower case, without dots. */
function monthNames(locale: string): string[][] {
  const cached = monthNamesCache.get(locale);
  if (cached) return cached;
  const names: string[][] = [];
  for (let month = 0; month < 12; month += 1) {
    const date = new Date(Date.UTC(2026, month, 15));
    const forms = new Set<string>();
    for (const style of ['short', 'long'] as const) {
      for (const options of [{ month: style }, { day: 'numeric', month: style }] as const) {
        const part = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' })
          .formatToParts(date)
          .find((item) => item.type === 'month');
        if (part) forms.add(part.value.toLocaleLowerCase(locale).replace(/\./g, ''));
      }
    }
    names.push([...forms]);
  }
  monthNamesCache.set(locale, names);
  return names;
}

function monthOfName(word: string, locale: string): number | undefined {
  const typed = word.toLocaleLowerCase(locale).replace(/\./g, '');
  if (typed.length < 3) return undefined;
  const names = monthNames(locale);
  const exact = names.findIndex((forms) => forms.includes(typed));
  if (exact >= 0) return exact + 1;
  // A longer abbreviation than the locale's own ("sept", "нояб"): a prefix of exactly one month's name.
  const prefixed = names
    .map((forms, index) => (forms.some((name) => name.startsWith(typed)) ? index + 1 : 0))
    .filter((month) => month > 0);
  return prefixed.length === 1 ? prefixed[0] : undefined;
}

function calendarDate(year: number, month: number, day: number): string | null {
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The calendar date (YYYY-MM-DD) a person typed, in the conventions of an Intl locale ("en-GB", "ru-RU"), or null. */
export function parseTypedDate(text: string, locale: string): string | null {
  const typed = text.trim().replace(/\s+/g, ' ');
  if (typed === '') return null;
  const iso = ISO.exec(typed);
  if (iso) return calendarDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dayFirst = DAY_FIRST.exec(typed);
  if (dayFirst) return calendarDate(Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1]));
  const named = splitNamedDate(typed);
  if (named) {
    const month = monthOfName(named[1], locale);
    return month === undefined ? null : calendarDate(Number(named[2]), month, Number(named[0]));
  }
  return null;
}

/** A calendar date (YYYY-MM-DD) as the app prints dates in the page's language ("25 Nov 2026"). */
export function formatCalendarDate(date: string, locale: string): string {
  const parsed = ISO.exec(date);
  if (!parsed) return date;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(Number(parsed[1]), Number(parsed[2]) - 1, Number(parsed[3]))),
  );
}
