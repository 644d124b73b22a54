import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '@/brands';

/** Sets the tab title to "<page> · <brand>", in the current language. */
export function useDocumentTitle(page: string): void {
  const { t } = useTranslation();
  const brand = useBrand();
  const title = t('app.documentTitle', { page, brand: brand.projectName });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
