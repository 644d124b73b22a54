import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { Language } from '@ledgerline/domain/languages';
import { createI18n, whenLocaleComplete } from '@/i18n';

/** Renders a single component with the app's translations (for components that need nothing else). */
export async function renderWithTranslations(node: ReactNode, language: Language = 'en') {
  const i18n = await createI18n(language);
  await whenLocaleComplete(i18n);
  return render(
    <MantineProvider env="test">
      <I18nextProvider i18n={i18n}>{node}</I18nextProvider>
    </MantineProvider>,
  );
}
