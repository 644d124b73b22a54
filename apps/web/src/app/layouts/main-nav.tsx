import { Container, Drawer } from '@mantine/core';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Drawer.css';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SignOutButton } from '@/features/auth';
import { useUnreadAnnouncementCount } from '@/features/news';
import { useApprovalNavCount, useTransferScreens } from '@/features/transfers/nav';
import { useActingRights } from '@/app/session';
import {
  BuildingIcon,
  CardIcon,
  GearIcon,
  HistoryIcon,
  HomeIcon,
  MoreIcon,
  NewsIcon,
  PersonIcon,
  ShieldIcon,
  TransferIcon,
} from '@/ui/icons';
import { PAGE_CONTAINER_SIZE } from '@/ui/page-width';
import classes from './main-nav.module.css';

type NavBadge = 'unreadNews' | 'pendingApprovals';

/** What a badge's count says to a screen reader. */
const BADGE_LABEL: Record<NavBadge, string> = {
  unreadNews: 'nav.unread',
  pendingApprovals: 'transfers.tabs.pending',
};

interface MainNavItem {
  to: string;
  /** Key under `nav.` in the locales. */
  label:
    | 'home'
    | 'transfers'
    | 'history'
    | 'cards'
    | 'news'
    | 'profile'
    | 'settings'
    | 'company'
    | 'companyUsers'
    | 'merchant';
  icon: ComponentType<{ size?: number }>;
  /** On a phone: in the bottom bar, or in the "More" sheet. */
  phone: 'bar' | 'more';
  badge?: NavBadge;
  /** Shown only when the user may open at least one transfer screen (spec 2 §6 flags). */
  needsTransfers?: boolean;
  /** Shown only while the session acts for a company (issue 15: its details and its users). */
  needsCompany?: boolean;
  /** Shown only to a business's full-access user (issue 18: the merchant tools, spec 2 §2, §6). */
  needsMerchant?: boolean;
}

/**
 * The main layout's navigation, in display order. Later issues add their screens here (transfers,
 * history, …) once their routes exist: a link to a route that is not built would land on the 404 page.
 */
export const MAIN_NAV_ITEMS: readonly MainNavItem[] = [
  { to: '/home', label: 'home', icon: HomeIcon, phone: 'bar' },
  {
    to: '/transfer',
    label: 'transfers',
    icon: TransferIcon,
    phone: 'bar',
    needsTransfers: true,
    badge: 'pendingApprovals',
  },
  { to: '/history', label: 'history', icon: HistoryIcon, phone: 'bar' },
  { to: '/cards', label: 'cards', icon: CardIcon, phone: 'bar' },
  { to: '/news', label: 'news', icon: NewsIcon, phone: 'more', badge: 'unreadNews' },
  { to: '/profile', label: 'profile', icon: PersonIcon, phone: 'more' },
  { to: '/company', label: 'company', icon: BuildingIcon, phone: 'more', needsCompany: true },
  { to: '/setting', label: 'settings', icon: GearIcon, phone: 'more' },
  {
    to: '/company-access/users',
    label: 'companyUsers',
    icon: BuildingIcon,
    phone: 'more',
    needsCompany: true,
  },
  { to: '/merchant', label: 'merchant', icon: ShieldIcon, phone: 'more', needsMerchant: true },
];

interface NavEntries {
  items: readonly MainNavItem[];
  counts: Record<NavBadge, number>;
}

function useNavEntries(enabled: boolean): NavEntries {
  const counts: Record<NavBadge, number> = {
    unreadNews: useUnreadAnnouncementCount({ enabled }),
    pendingApprovals: useApprovalNavCount(enabled),
  };
  // The main route's loader reads the access info before the first paint (guards.ts), so
  // "Transfers" is decided before the bar is drawn and does not push the others aside later.
  const mayTransfer = useTransferScreens({ enabled }).screens.length > 0;
  const { isActingForCompany, hasMerchantRights } = useActingRights({ enabled });
  const items = MAIN_NAV_ITEMS.filter(
    (item) =>
      (!item.needsTransfers || mayTransfer) &&
      (!item.needsCompany || isActingForCompany) &&
      (!item.needsMerchant || hasMerchantRights),
  );
  return { items, counts };
}

function CountBadge({ count, badge }: { count: number; badge?: NavBadge | undefined }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <>
      <span className={classes.badge} aria-hidden="true">
        {count}
      </span>
      <span className={classes.srOnly}>{t(BADGE_LABEL[badge ?? 'unreadNews'], { count })}</span>
    </>
  );
}

/**
 * The main sections: a bar under the header on a wide screen; on a phone, a bar at the bottom with
 * the everyday sections and a "More" sheet with the rest and the way out (issue 13).
 */
export function MainNav({ enabled, isPhone }: { enabled: boolean; isPhone: boolean }) {
  const entries = useNavEntries(enabled);
  return isPhone ? <PhoneNav {...entries} /> : <DesktopNav {...entries} />;
}

/** The bar of main sections under the header; scrolls sideways on a narrow screen rather than wrapping. */
function DesktopNav({ items, counts }: NavEntries) {
  const { t } = useTranslation();
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
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className={classes.link}>
                {t(`nav.${item.label}`)}
                <CountBadge count={item.badge ? counts[item.badge] : 0} badge={item.badge} />
              </NavLink>
            </li>
          ))}
        </ul>
      </Container>
    </nav>
  );
}

/**
 * A phone's navigation: every section has its name under its icon; what does not fit the bar is
 * one tap away in the "More" sheet, which also holds Sign out with its name (issue 13: at 476 px
 * Profile and Settings sat off the edge and Sign out was an unlabelled icon).
 */
function PhoneNav({ items, counts }: NavEntries) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [isMoreOpen, setMoreOpen] = useState(false);
  const barItems = items.filter((item) => item.phone === 'bar');
  const moreItems = items.filter((item) => item.phone === 'more');
  const moreCount = moreItems.reduce((sum, item) => sum + (item.badge ? counts[item.badge] : 0), 0);
  const isInMore = moreItems.some(
    (item) => pathname === item.to || pathname.startsWith(`${item.to}/`),
  );
  return (
    <>
      <nav aria-label={t('nav.label')} className={classes.phoneBar}>
        <ul className={classes.phoneList}>
          {barItems.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className={classes.phoneLink}>
                <item.icon size={22} />
                <span className={classes.phoneLabel}>{t(`nav.${item.label}`)}</span>
              </NavLink>
            </li>
          ))}
          <li>
            <button
              type="button"
              className={classes.phoneLink}
              data-current={isInMore || undefined}
              aria-haspopup="dialog"
              aria-expanded={isMoreOpen}
              onClick={() => setMoreOpen(true)}
            >
              <span className={classes.phoneIcon}>
                <MoreIcon size={22} />
                {moreCount > 0 && <span className={classes.dot} aria-hidden="true" />}
              </span>
              <span className={classes.phoneLabel}>{t('nav.more')}</span>
              {moreCount > 0 && (
                <span className={classes.srOnly}>{t('nav.unread', { count: moreCount })}</span>
              )}
            </button>
          </li>
        </ul>
      </nav>
      <Drawer.Root opened={isMoreOpen} onClose={() => setMoreOpen(false)} position="bottom">
        <Drawer.Overlay />
        <Drawer.Content className={classes.sheet}>
          {/* A <div>, not Mantine's <header>: portalled into <body> it would be a second banner. */}
          <Drawer.Header component="div">
            <Drawer.Title className={classes.sheetTitle}>{t('nav.more')}</Drawer.Title>
            <Drawer.CloseButton aria-label={t('nav.closeMore')} />
          </Drawer.Header>
          <Drawer.Body>
            <nav aria-label={t('nav.moreLabel')}>
              <ul className={classes.sheetList}>
                {moreItems.map((item) => (
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      className={classes.sheetLink}
                      onClick={() => setMoreOpen(false)}
                    >
                      <item.icon size={20} />
                      {t(`nav.${item.label}`)}
                      <CountBadge count={item.badge ? counts[item.badge] : 0} badge={item.badge} />
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <div className={classes.sheetFooter}>
              <SignOutButton isLabelAlwaysShown fullWidth />
            </div>
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
    </>
  );
}
