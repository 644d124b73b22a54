import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { brandLanguages } from '@ledgerline/domain/brands';
import { LANGUAGE_NAMES, isLanguage, toIsoLanguage } from '@ledgerline/domain/languages';
import { useBrand } from '@/brands';
import { useLanguage } from '@/i18n';
import { ChevronDownIcon, GlobeIcon } from './icons';
import classes from './language-picker.module.css';

/** Chooses the interface language among the brand's languages, each named in its own language. */
export function LanguagePicker() {
  const { t } = useTranslation();
  const brand = useBrand();
  const { language, changeLanguage } = useLanguage();
  const languages = brandLanguages(brand);
  return (
    <NativeSelect
      aria-label={t('app.language')}
      value={language}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isLanguage(next)) void changeLanguage(next);
      }}
      leftSection={<GlobeIcon size={16} />}
      rightSection={<ChevronDownIcon size={16} />}
      rightSectionPointerEvents="none"
      size="sm"
      className={classes.picker}
    >
      {languages.map((code) => (
        <option key={code} value={code} lang={toIsoLanguage(code)}>
          {LANGUAGE_NAMES[code]}
        </option>
      ))}
    </NativeSelect>
  );
}
