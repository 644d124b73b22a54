import { DateInput, type DateInputProps } from '@mantine/dates';
import '@mantine/dates/styles.css';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/es';
import 'dayjs/locale/pt';
import 'dayjs/locale/ro';
import 'dayjs/locale/ru';
import 'dayjs/locale/uk';
import { useCallback, type Ref } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate, parseTypedDate } from '@ledgerline/domain/date-input';
import type { Language } from '@ledgerline/domain/languages';
import { intlLocale, useLanguage } from '@/i18n';

/** The calendar's month and weekday names (dayjs locales), by page language. */
const CALENDAR_LOCALES: Record<Language, string> = {
  en: 'en-gb',
  es: 'es',
  ro: 'ro',
  ru: 'ru',
  ua: 'uk',
  pt: 'pt',
};

export interface DateFieldProps extends Omit<
  DateInputProps,
  'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser' | 'locale'
> {
  /** A calendar date (YYYY-MM-DD), or '' for none: the value the forms and the wire carry. */
  value: string;
  onChange: (value: string) => void;
}

/**
 * A date field in the page's language (issue 13): it shows the date as the app prints it
 * ("25 Nov 2026", "25 нояб. 2026 г."), reads what is typed day first ("25.11.2026",
 * "25/11/2026") or in that printed form, and opens a calendar in the page's language. The
 * browser's own date field follows the browser's locale instead (mm/dd/yyyy). Mantine's
 * DateInput and its stylesheet load with the screens that ask for a date, not with sign-in.
 */
export function DateField({
  value,
  onChange,
  ref,
  ...props
}: DateFieldProps & { ref?: Ref<HTMLInputElement> }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const locale = intlLocale(language);
  const format = useCallback((date: string) => formatCalendarDate(date, locale), [locale]);
  const parse = useCallback((text: string) => parseTypedDate(text, locale), [locale]);
  return (
    <DateInput
      ref={ref}
      placeholder={t('dateField.placeholder')}
      clearable
      clearButtonProps={{ 'aria-label': t('dateField.clear') }}
      ariaLabels={{
        monthLevelControl: t('dateField.chooseMonth'),
        yearLevelControl: t('dateField.chooseYear'),
        nextMonth: t('dateField.nextMonth'),
        previousMonth: t('dateField.previousMonth'),
        nextYear: t('dateField.nextYear'),
        previousYear: t('dateField.previousYear'),
        nextDecade: t('dateField.nextDecade'),
        previousDecade: t('dateField.previousDecade'),
      }}
      {...props}
      locale={CALENDAR_LOCALES[language]}
      valueFormat={format}
      dateParser={parse}
      value={value === '' ? null : value}
      onChange={(next) => onChange(next ?? '')}
    />
  );
}

/** A DateField bound to a react-hook-form field: the forms' one way to ask for a date. */
export function FormDateField<T extends FieldValues>({
  control,
  name,
  ...props
}: Omit<DateFieldProps, 'value' | 'onChange' | 'name'> & { control: Control<T>; name: Path<T> }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <DateField
          {...props}
          name={field.name}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
        />
      )}
    />
  );
}
