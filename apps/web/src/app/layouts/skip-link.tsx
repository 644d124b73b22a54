import { useTranslation } from 'react-i18next';
import classes from './layouts.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/** The first stop for keyboard users: jumps past the header to the page's main content. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className={classes.skipLink} href={`#${MAIN_CONTENT_ID}`}>
      {t('app.skipToContent')}
    </a>
  );
}
