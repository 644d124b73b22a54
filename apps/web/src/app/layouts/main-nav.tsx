import { Container } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useUnreadAnnouncementCount } from '@/features/news';
import { useTransferScreens } from '@/features/transfers/nav';
import { PAGE_CONTAINER_SIZE } from '@/ui/page-width';
import classes from './main-nav.module.css';

type NavBadge = 'unreadNews';

interface MainNavItem {
  to: string;
  /** Key under `nav.` in the locales. */
  label: 'home' | 'transfers' | 'history' | 'cards' | 'news' | 'profile' | 'settings';
  badge?: NavBadge;
  /** Shown only when the user may open at least one transfer screen (spec 2 §6 flags). */
  needsTransfers?: boolean;
}

/**
 * The main layout's navigation, in display order. Later issues add their screens here (transfers,
 * history, …) once their routes exist: a link to a route that is not built would land on the 404 page.
 */
export const MAIN_NAV_ITEMS: readonly MainNavItem[] = [
  { to: '/home', label: 'home' },
  { to: '/transfer', label: 'transfers', needsTransfers: true },
  { to: '/history', label: 'history' },
  { to: '/cards', label: 'cards' },
  { to: '/news', label: 'news', badge: 'unreadNews' },
  { to: '/profile', label: 'profile' },
  { to: '/setting', label: 'settings' },
];

/** The bar of main sections under the header; scrolls sideways on a narrow screen rather than wrapping. */
export function MainNav({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const counts: Record<NavBadge, number> = {
    unreadNews: useUnreadAnnouncementCount({ enabled }),
  };
  const mayTransfer = useTransferScreens({ enabled }).screens.length > 0;
  const items = MAIN_NAV_ITEMS.filter((item) => !item.needsTransfers || mayTransfer);
  // On a narrow screen the bar scrolls sideways: keep the current section in view.
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const bar = list.current;
    const active = bar?.querySelector<HTMLElement>('a.active');
    if (!bar || !active) return;
    const barBox = bar.getBoundingClientRect();
    const box = active.getBoundingClientRect();
    if (box.right > barBox.right || box.left < barBox.left)
      bar.scrollLeft += box.left - barBox.left - 16;
  }, [pathname]);
  return (
    <nav aria-label={t('nav.label')} className={classes.nav}>
      <Container size={PAGE_CONTAINER_SIZE}>
        <ul ref={list} className={classes.list}>
          {items.map((item) => {
            const count = item.badge ? counts[item.badge] : 0;
            return (
              <li key={item.to}>
                <NavLink to={item.to} className={classes.link}>
                  {t(`nav.${item.label}`)}
                  {count > 0 && (
                    <>
                      <span className={classes.badge} aria-hidden="true">
                        {count}
                      </span>
                      <span className={classes.srOnly}>{t('nav.unread', { count })}</span>
                    </>
                  )}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </Container>
    </nav>
  );
}
