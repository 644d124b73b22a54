import { Alert, NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  Navigate,
  NavLink,
  Outlet,
  useLocation,
  useNavigate,
  useOutletContext,
} from 'react-router';
import { useActingRights } from '@/app/session';
import { InfoIcon } from '@/ui/icons';
import { ListSkeleton } from '@/ui/list-skeleton';
import { LoadFailed } from '@/ui/load-failed';
import { PageFrame } from '@/ui/page-frame';
import pills from '@/ui/pill-tabs.module.css';
import { MERCHANT_PATHS, type MerchantScreen } from '../paths';
import classes from './merchant.module.css';

interface MerchantContext {
  /** The company the session acts for: every merchant call names it (spec 2 §6 customerId). */
  customerId: number;
}

/** The company the merchant screens work for (set by MerchantLayout once its rights are known). */
export function useMerchantCompany(): MerchantContext {
  return useOutletContext<MerchantContext>();
}

/** The sub-navigation in order (the spec's default, security verification, first), each with its label's key. */
const TABS: Record<MerchantScreen, string> = {
  verification: 'merchantTrust.tabs.verification',
  verificationHistory: 'merchantTrust.tabs.verificationHistory',
  reputation: 'merchantTrust.tabs.reputation',
  savedButtons: 'merchantButtons.tabs.savedButtons',
  businessLogos: 'merchantButtons.tabs.businessLogos',
  pbnSettings: 'merchantButtons.tabs.pbnSettings',
  subscribers: 'merchant.tabs.subscribers',
  ipnHistory: 'merchantHooks.tabs.ipnHistory',
  ipnSettings: 'merchantHooks.tabs.ipnSettings',
  apiKeys: 'merchant.tabs.apiKeys',
  apiLog: 'merchant.tabs.apiLog',
  webhookLog: 'merchantHooks.tabs.webhookLog',
};
const SCREENS = Object.keys(TABS) as MerchantScreen[];

/**
 * /merchant/* (issue 18; spec 2 §2): the heading, the merchant sub-navigation, then the screen.
 * Only a business's full-access user has merchant tools (spec 2 §6); anyone else, arriving by an
 * address, sees a notice instead (the server refuses the calls the same way).
 */
export function MerchantLayout() {
  const { t } = useTranslation();
  const { access, hasMerchantRights, actingCustomerId } = useActingRights();
  const { pathname } = useLocation();
  const navigate = useNavigate();

  let content;
  if (access.isPending) {
    content = <ListSkeleton rows={4} label={t('merchant.loading')} />;
  } else if (access.isError) {
    content = (
      <LoadFailed
        title={t('merchant.loadFailed')}
        error={access.error}
        onRetry={() => void access.refetch()}
        retrying={access.isFetching}
      />
    );
  } else if (!hasMerchantRights || actingCustomerId === undefined) {
    content = (
      <Alert color="blue" variant="light" icon={<InfoIcon />} title={t('merchant.noRightsTitle')}>
        {t('merchant.noRightsText')}
      </Alert>
    );
  } else {
    content = <Outlet context={{ customerId: actingCustomerId } satisfies MerchantContext} />;
  }

  return (
    <PageFrame
      title={t('merchant.title')}
      tabs={
        hasMerchantRights && (
          <>
            <nav aria-label={t('merchant.tabs.label')} className={classes.wideTabs}>
              <ul className={pills.tabs}>
                {SCREENS.map((screen) => (
                  <li key={screen}>
                    <NavLink to={MERCHANT_PATHS[screen]} className={pills.tab} end>
                      {t(TABS[screen])}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            {/* On a phone twelve pills would fill the screen: one choice of section instead. */}
            <NativeSelect
              className={classes.narrowTabs}
              label={t('merchant.tabs.label')}
              value={pathname}
              onChange={(event) => void navigate(event.currentTarget.value)}
              data={[
                ...(SCREENS.some((screen) => MERCHANT_PATHS[screen] === pathname)
                  ? []
                  : [{ value: pathname, label: t('merchant.title') }]),
                ...SCREENS.map((screen) => ({
                  value: MERCHANT_PATHS[screen],
                  label: t(TABS[screen]),
                })),
              ]}
            />
          </>
        )
      }
    >
      {content}
    </PageFrame>
  );
}

/** /merchant: the spec's default screen, security/verification (issue 18). */
export function MerchantIndexPage() {
  return <Navigate to={MERCHANT_PATHS.verification} replace />;
}
