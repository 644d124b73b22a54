import { Alert, Button, Container, Skeleton, Stack, Title, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import type { TransferScreen } from '@ledgerline/domain/quick-actions';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { LoadFailed } from '@/ui/load-failed';
import { InfoIcon } from '@/ui/icons';
import { PAGE_CONTAINER_SIZE } from '@/ui/page-width';
import pills from '@/ui/pill-tabs.module.css';
import { useTransferScreens } from '../api/access';
import { useApprovalCounts } from '../api/approvals';
import { screenOfPath, TRANSFER_PATHS } from '../paths';
import classes from './transfers.module.css';

function TransferTabs({
  screens,
  current,
}: {
  screens: TransferScreen[];
  current: TransferScreen | undefined;
}) {
  const { t } = useTranslation();
  const counts = useApprovalCounts({ enabled: screens.includes('approved') });
  const pending = counts.data?.pending ?? 0;
  return (
    <nav aria-label={t('transfers.tabs.label')}>
      <ul className={pills.tabs}>
        {screens.map((screen) => (
          <li key={screen}>
            <Link
              to={TRANSFER_PATHS[screen]}
              // The screen the path belongs to (a mass batch's confirm screen lives under /external).
              className={`${pills.tab} ${classes.tabWithCount}${screen === current ? ' active' : ''}`}
              aria-current={screen === current ? 'page' : undefined}
            >
              {t(`transfers.tabs.${screen}`)}
              {screen === 'approved' && pending > 0 && (
                <>
                  <span className={classes.count} aria-hidden="true">
                    {pending}
                  </span>
                  <span className={classes.srOnly}>
                    {t('transfers.tabs.pending', { count: pending })}
                  </span>
                </>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Frame of every transfer screen (/transfer/account, /p2p, /external, /approved): the heading,
 * the tabs of the types the user's flags allow (spec 2 §6), then the screen. A screen the flags
 * do not allow is not shown at all — a notice says so (the server refuses it the same way).
 */
export function TransfersLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { screens, access } = useTransferScreens();
  const current = screenOfPath(pathname);

  let content;
  if (access.isPending) {
    content = (
      <Stack gap="md" aria-busy="true">
        <VisuallyHidden role="status">{t('transfers.loading')}</VisuallyHidden>
        <Skeleton height={40} width="60%" radius="xl" />
        <Skeleton height={320} radius="lg" />
      </Stack>
    );
  } else if (access.isError) {
    content = (
      <LoadFailed
        title={t('transfers.loadFailed')}
        error={access.error}
        onRetry={() => void access.refetch()}
        retrying={access.isFetching}
      />
    );
  } else if (current !== undefined && !screens.includes(current)) {
    content = (
      <Alert
        color="blue"
        variant="light"
        icon={<InfoIcon />}
        title={t('transfers.notAllowedTitle')}
      >
        <Stack gap="sm" align="flex-start">
          {t('transfers.notAllowedText')}
          <Button component={Link} to="/home" size="xs" variant="default">
            {t('transfers.backHome')}
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    content = (
      <>
        {screens.length > 1 && <TransferTabs screens={screens} current={current} />}
        <Outlet />
      </>
    );
  }

  return (
    <Container size={PAGE_CONTAINER_SIZE} py="xl" w="100%">
      <Stack gap="lg">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('transfers.title')}
        </Title>
        {content}
      </Stack>
    </Container>
  );
}

/** /transfer: the first transfer screen the user may open (or the notice when there is none). */
export function TransfersIndexPage() {
  const { t } = useTranslation();
  const { screens, access } = useTransferScreens();
  const first = screens[0];
  if (first) return <Navigate to={TRANSFER_PATHS[first]} replace />;
  if (!access.isSuccess) return null;
  return (
    <Alert color="blue" variant="light" icon={<InfoIcon />} title={t('transfers.notAllowedTitle')}>
      {t('transfers.noneAllowedText')}
    </Alert>
  );
}
