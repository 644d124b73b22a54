import {
  Alert,
  Anchor,
  Center,
  Group,
  List,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Suspense, lazy, useState } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSessionState } from '@/app/session';
import type { SessionEndReason } from '@/app/session';
import { useBrand } from '@/brands';
import { translateErrorMessage, useLocaleComplete } from '@/i18n';
import { useViewport } from '@/lib/viewport';
import type { HeroPoint } from '@ledgerline/domain/brands';
import {
  AlertIcon,
  BankIcon,
  BuildingIcon,
  CardIcon,
  ChatIcon,
  GlobeIcon,
  InfoIcon,
  ShieldIcon,
  TransferIcon,
} from '@/ui/icons';
import { useDocumentTitle } from '@/ui/use-document-title';
import type { LoginResult } from '../api/login';
import { LoginForm } from './login-form';
import classes from './login-page.module.css';

// Each further step is its own download: the sign-in page's first load stays small (decision 11).
const CodeEntryStep = lazy(() =>
  import('./code-entry-step').then((m) => ({ default: m.CodeEntryStep })),
);
const PushStep = lazy(() => import('./push-step').then((m) => ({ default: m.PushStep })));
const VerifyDeviceStep = lazy(() =>
  import('./verify-device-step').then((m) => ({ default: m.VerifyDeviceStep })),
);
const AuthErrorMessage = lazy(() =>
  import('./auth-error-message').then((m) => ({ default: m.AuthErrorMessage })),
);
const SoftMigrationStep = lazy(() =>
  import('./soft-migration-step').then((m) => ({ default: m.SoftMigrationStep })),
);

/** The icon beside each claim the brand's sign-in page makes (brand configuration `hero.points`). */
const HERO_POINT_ICONS: Record<HeroPoint, typeof ShieldIcon> = {
  secure: ShieldIcon,
  safeguarded: BankIcon,
  depositProtection: BankIcon,
  support: ChatIcon,
  business: BuildingIcon,
  multiCurrency: GlobeIcon,
  fastTransfers: TransferIcon,
  cards: CardIcon,
};

type Step =
  | { kind: 'form' }
  | { kind: 'softMigration'; daysLeft: number }
  | Extract<LoginResult, { kind: 'code' | 'push' | 'verifyDevice' }>;

/** Why the last session ended, said on the sign-in page (spec 1 §4 "session expired"). */
function EndedNotice({ reason }: { reason: SessionEndReason | undefined }) {
  const { t } = useTranslation();
  if (reason === undefined || reason === 'logout') return null;
  return (
    <Alert
      color={reason === 'noAccess' ? 'red' : 'brand'}
      variant="light"
      icon={reason === 'noAccess' ? <AlertIcon /> : <InfoIcon />}
      title={t(`signIn.ended.${reason}.title`)}
      role="status"
      mb="md"
    >
      {t(`signIn.ended.${reason}.body`)}
    </Alert>
  );
}

function CodeSignInError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      variant="light"
      title={t('signInFlow.codeSignInFailed')}
      icon={<AlertIcon />}
      mb="md"
    >
      <Suspense fallback={translateErrorMessage(t, error)}>
        <AuthErrorMessage error={error} />
      </Suspense>
    </Alert>
  );
}

/** /login: the first screen of every brand (spec 1 §2), and every step of every sign-in flow (spec 1 §4). */
export function LoginPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const navigate = useNavigate();
  const { endReason } = useSessionState();
  const { isMobile } = useViewport();
  const loaderData = useLoaderData<{ codeSignInError?: unknown } | null>();
  const [step, setStep] = useState<Step>({ kind: 'form' });
  useDocumentTitle(t('signIn.pageTitle'));

  // After every sign-in the start-page rules choose the first screen (the /start route).
  const continueSignedIn = () => void navigate('/start', { replace: true });
  const restart = () => setStep({ kind: 'form' });
  const onResult = (result: LoginResult) => {
    switch (result.kind) {
      case 'signedIn':
        if (result.softMigrationDaysLeft !== undefined) {
          setStep({ kind: 'softMigration', daysLeft: result.softMigrationDaysLeft });
        } else continueSignedIn();
        return;
      case 'strictMigration':
        // On the phone itself a QR code is no use: the mobile variant opens the app.
        void navigate(isMobile ? '/scp-mobile' : '/scp', { replace: true });
        return;
      default:
        setStep(result);
    }
  };

  // The page itself needs only the first part of the locale; the steps after the form and the
  // code sign-in's error use the rest, which the form asks for on focus (decision 108). Until it
  // is there they wait behind the loader instead of showing keys.
  const codeSignInError = loaderData?.codeSignInError;
  const restReady = useLocaleComplete(step.kind !== 'form' || codeSignInError !== undefined);

  const loading = (
    <Center py="xl" role="status">
      <Loader aria-label={t('app.loading')} />
    </Center>
  );
  let content;
  switch (step.kind) {
    case 'form':
      content = (
        <>
          <Stack gap={6} mb="lg">
            <Title order={1} id="sign-in-title" className={classes.title}>
              {t('signIn.title', { brand: brand.projectName })}
            </Title>
            <Text c="dimmed">{t('signIn.subtitle')}</Text>
          </Stack>
          {codeSignInError !== undefined ? (
            <CodeSignInError error={codeSignInError} />
          ) : (
            <EndedNotice reason={endReason} />
          )}
          <LoginForm onResult={onResult} />
          <Stack gap="xs" mt="lg" align="center">
            <Anchor component={Link} to="/account-recovery" fw={500}>
              {t('signIn.forgotPassword')}
            </Anchor>
            {brand.allowRegistration && (
              <Group gap={6} justify="center">
                <Text c="dimmed">{t('signIn.noAccount', { brand: brand.projectName })}</Text>
                <Anchor component={Link} to="/register" fw={600}>
                  {t('signIn.openAccount')}
                </Anchor>
              </Group>
            )}
          </Stack>
        </>
      );
      break;
    case 'code':
      content = <CodeEntryStep {...step} onSignedIn={continueSignedIn} onRestart={restart} />;
      break;
    case 'push':
      content = <PushStep {...step} onSignedIn={continueSignedIn} onRestart={restart} />;
      break;
    case 'verifyDevice':
      content = <VerifyDeviceStep {...step} onSignedIn={continueSignedIn} onRestart={restart} />;
      break;
    case 'softMigration':
      content = <SoftMigrationStep daysLeft={step.daysLeft} onContinue={continueSignedIn} />;
      break;
  }

  return (
    <div className={classes.stage}>
      <Paper className={classes.card} shadow="sm" radius="lg" withBorder>
        <section className={classes.panel} aria-labelledby="sign-in-panel-title">
          <Title order={2} id="sign-in-panel-title" className={classes.panelTitle}>
            {t(`signIn.hero.${brand.id}.title`)}
          </Title>
          <Text className={classes.panelText}>{t(`signIn.hero.${brand.id}.text`)}</Text>
          <List spacing="md" className={classes.panelList} listStyleType="none">
            {brand.hero.points.map((point) => {
              const PointIcon = HERO_POINT_ICONS[point];
              return (
                <List.Item key={point} icon={<PointIcon className={classes.panelIcon} />}>
                  {t(`signIn.heroPoints.${point}`)}
                </List.Item>
              );
            })}
          </List>
        </section>

        <section className={classes.formColumn} aria-labelledby="sign-in-title">
          <Suspense fallback={loading}>{restReady ? content : loading}</Suspense>
        </section>
      </Paper>
    </div>
  );
}
