import { Anchor, Paper, Progress, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Progress.css';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useState, type ReactNode } from 'react';
import { ACCOUNT_RECOVERY_STEPS, type AccountRecoveryStep } from '@ledgerline/domain/registration';
import { useDocumentTitle } from '@/ui/use-document-title';
import { RecoveryProvider, useRecovery } from '../recovery-state';
import classes from './account-recovery.module.css';

/** The steps with something to do; success is where they lead. */
const COUNTED_STEPS = ACCOUNT_RECOVERY_STEPS.filter((step) => step !== 'success');

function currentStep(pathname: string): AccountRecoveryStep | undefined {
  const last = pathname.replace(/\/+$/, '').split('/').pop();
  return ACCOUNT_RECOVERY_STEPS.find((step) => step === last);
}

function StepProgress() {
  const { t } = useTranslation();
  const step = currentStep(useLocation().pathname);
  const index = COUNTED_STEPS.findIndex((counted) => counted === step);
  if (index < 0) return null;
  const label = t('recovery.stepOf', { current: index + 1, total: COUNTED_STEPS.length });
  return (
    <Stack gap={6}>
      <Text fz="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Progress
        value={((index + 1) / COUNTED_STEPS.length) * 100}
        size="sm"
        radius="xl"
        aria-label={label}
      />
    </Stack>
  );
}

/** /account-recovery/*: one card, the steps inside it (spec 1 §2), the form kept across steps. */
export function AccountRecoveryLayout() {
  const { t } = useTranslation();
  const atEnd = currentStep(useLocation().pathname) === 'success';
  useDocumentTitle(t('recovery.pageTitle'));
  return (
    <RecoveryProvider>
      <div className={classes.stage}>
        <Paper className={classes.card} shadow="sm" radius="lg" withBorder>
          <Stack gap="lg">
            <StepProgress />
            <Outlet />
            {!atEnd && (
              <Anchor component={Link} to="/login" ta="center" fw={500} fz="sm">
                {t('recovery.backToSignIn')}
              </Anchor>
            )}
          </Stack>
        </Paper>
      </div>
    </RecoveryProvider>
  );
}

/**
 * A step that needs what an earlier step found out; opened without it (a bookmark, a reload),
 * the recovery starts again. Checked on arrival only: a step that moves on clears what it used.
 */
export function RequireRecovery({
  has,
  children,
}: {
  has: 'email' | 'code' | 'changed';
  children: ReactNode;
}) {
  const { state } = useRecovery();
  const [ok] = useState(() =>
    has === 'email'
      ? !!state.email
      : has === 'code'
        ? !!state.email && !!state.code
        : state.verificationStatus === 'passwordChanged',
  );
  if (!ok) return <Navigate to="/account-recovery/email" replace />;
  return children;
}
