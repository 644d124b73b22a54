import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import classes from './profile.module.css';

/** Between the profile's two screens: details and contact data, and notification settings. */
export function ProfileTabs() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('profile.tabs.label')}>
      <ul className={classes.tabs}>
        <li>
          <NavLink to="/profile" end className={classes.tab}>
            {t('profile.tabs.details')}
          </NavLink>
        </li>
        <li>
          <NavLink to="/profile/notifications" className={classes.tab}>
            {t('profile.tabs.notifications')}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
