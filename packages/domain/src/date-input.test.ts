import { describe, expect, it } from 'vitest';
import { formatCalendarDate, parseTypedDate } from './date-input';

describe('parseTypedDate', () => {
  it.each<[string, string, string | null]>([
    // The day comes first in every language we offer, whatever the separator.
    ['en-GB', '3/5/2026', '2026-05-03'],
    ['en-GB', '03/05/2026', '2026-05-03'],
    ['ro-RO', '25.11.2026', '2026-11-25'],
    ['ru-RU', '25.11.2026', '2026-11-25'],
    ['es-ES', '25-11-2026', '2026-11-25'],
    ['pt-PT', '25 11 2026', '2026-11-25'],
    // ISO, as a link or a paste carries it.
    ['en-GB', '2026-11-25', '2026-11-25'],
    // The app's own printed form, in each language.
    ['en-GB', '25 Nov 2026', '2026-11-25'],
    ['en-GB', '25 november 2026', '2026-11-25'],
    ['es-ES', '3 may 2026', '2026-05-03'],
    ['es-ES', '3 de mayo de 2026', '2026-05-03'],
    ['ro-RO', '25 nov. 2026', '2026-11-25'],
    ['ru-RU', '25 нояб. 2026 г.', '2026-11-25'],
    ['ru-RU', '3 мая 2026 г.', '2026-05-03'],
    ['uk-UA', '25 лист. 2026 р.', '2026-11-25'],
    ['en-GB', '  25   Nov   2026 ', '2026-11-25'],
    // Not a date: empty, impossible, the month first, or a name no month has.
    ['en-GB', '', null],
    ['en-GB', '31/02/2026', null],
    ['en-GB', '11/25/2026', null],
    ['en-GB', '2026-13-01', null],
    ['en-GB', '25 Foo 2026', null],
    ['en-GB', '25 Ju 2026', null],
    ['en-GB', '1/1/1066', null],
    ['en-GB', 'yesterday', null],
  ])('%s reads "%s" as %s', (locale, text, expected) => {
    expect(parseTypedDate(text, locale)).toBe(expected);
  });

  it('reads back every date it prints, in every language', () => {
    for (const locale of ['en-GB', 'es-ES', 'ro-RO', 'ru-RU', 'uk-UA', 'pt-PT']) {
      for (const date of ['2026-01-01', '2026-05-03', '2026-09-30', '2024-02-29', '2026-12-31']) {
        expect(parseTypedDate(formatCalendarDate(date, locale), locale), `${locale} ${date}`).toBe(
          date,
        );
      }
    }
  });
});

describe('formatCalendarDate', () => {
  it('prints a calendar date as the app does, whatever the time zone', () => {
    expect(formatCalendarDate('2026-11-25', 'en-GB')).toBe('25 Nov 2026');
    expect(formatCalendarDate('2026-11-25', 'pt-PT')).toBe('25/11/2026');
  });
});
