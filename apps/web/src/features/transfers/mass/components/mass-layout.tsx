import { Alert, Stack, Text } from '@mantine/core';
import { massTransferKinds } from '@ledgerline/domain/quick-actions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { ConfirmationHostContext, type ConfirmationRequest } from '@/lib/confirmation-host';
import { InfoIcon } from '@/ui/icons';
import pills from '@/ui/pill-tabs.module.css';
import { useTransferScreens } from '../../api/access';
import { TransferConfirmation } from '../../confirmation';
import { MASS_PATHS } from '../paths';

/** The mass kinds the acting user's `mass.*` flags open (spec 2 §6 mass group). */
export function useMassKinds() {
  const { access } = useTransferScreens();
  return access.data ? massTransferKinds(access.data.permissions) : [];
}

/**
 * /transfer/mass and its children (issue 17): the kinds of mass payment the user's flags allow,
 * as a second row of pills, then the upload screen of the chosen kind. A kind the flags do not
 * allow shows a notice (the server refuses it the same way). The children outside this feature
 * (global payouts) confirm what they send through the same confirmation flow (lib/confirmation-host).
 */
export function MassTransfersLayout() {
  const { t } = useTranslation();
  const kinds = useMassKinds();
  const { pathname } = useLocation();
  const current = kinds.find((kind) => pathname.startsWith(MASS_PATHS[kind]));
  const onKindPath = Object.values(MASS_PATHS).some((path) => pathname.startsWith(path));
  const [confirming, setConfirming] = useState<ConfirmationRequest | null>(null);
  return (
    <ConfirmationHostContext.Provider value={setConfirming}>
      <Stack gap="md">
        <Text c="dimmed" size="sm">
          {t('massTransfers.intro')}
        </Text>
        {kinds.length > 1 && (
          <nav aria-label={t('massTransfers.kinds.label')}>
            <ul className={pills.tabs}>
              {kinds.map((kind) => (
                <li key={kind}>
                  <NavLink to={MASS_PATHS[kind]} className={pills.tab}>
                    {t(`massTransfers.kinds.${kind}`)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {onKindPath && current === undefined ? (
          <Alert
            color="blue"
            variant="light"
            icon={<InfoIcon />}
            title={t('transfers.notAllowedTitle')}
          >
            {t('transfers.notAllowedText')}
          </Alert>
        ) : (
          <Outlet />
        )}
        <TransferConfirmation
          result={confirming?.result ?? null}
          summary={confirming?.summary ?? { amount: '', payee: '' }}
          settledState={confirming?.settledState ?? 'completed'}
          onClose={(outcome) => {
            setConfirming(null);
            confirming?.onClose?.(outcome);
          }}
        />
      </Stack>
    </ConfirmationHostContext.Provider>
  );
}

/** /transfer/mass: the first kind the user may upload. */
export function MassTransfersIndexPage() {
  const kinds = useMassKinds();
  const first = kinds[0];
  return first ? <Navigate to={MASS_PATHS[first]} replace /> : null;
}
