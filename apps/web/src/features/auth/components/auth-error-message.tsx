import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n';
import { authErrorText } from '../auth-errors';

/** The text of a failed auth call (auth-errors.ts); its own chunk, loaded when a sign-in fails. */
export function AuthErrorMessage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return <>{authErrorText(t, error, language)}</>;
}
