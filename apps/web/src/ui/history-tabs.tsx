import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import classes from './pill-tabs.module.css';

const TABS = [
  { to: '/history', label: 'transactions' },
  { to: '/statements', label: 'statements' },
  { to: '/history/batch-transfers', label: 'batchTransfers' },
] as const;

/**
 * The three views of an account's past as pills under the page heading (spec 2 §2 /history,
 * /statements, /history/batch-transfers); the history and statements features both show it.
 */
export function HistoryTabs() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('history.tabs.label')}>
      <ul className={classes.tabs}>
        {TABS.map((tab) => (
          <li key={tab.to}>
            <NavLink to={tab.to} end className={classes.tab}>
              {t(`history.tabs.${tab.label}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
