import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { authRoutes } from '@ledgerline/contract/auth/routes';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  clearPendingSignIn,
  getPendingSignIn,
  useApiClient,
  useIsAuthenticated,
} from '@/app/session';
import { useBrand } from '@/brands';
import { translateErrorMessage } from '@/i18n';
import { AlertIcon, InfoIcon, ShieldIcon } from '@/ui/icons';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useLoginDecision } from '../realtime/use-login-decision';
import classes from './login-page.module.css';
import { QrCode } from '@/ui/qr-code';

/**
 * POST /api/auth/scp/request: the deep link that turns on push sign-in in the app, and the key of
 * the request the app approves. The strict migration's tmpJwt is the bearer; a signed-in customer
 * (soft migration) uses the session's token.
 */
function useScpRequest(tmpJwt: string | undefined, attempt: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['auth', 'scp-request', tmpJwt ?? 'session', attempt],
    queryFn: () =>
      client.route(authRoutes.scpRequest, tmpJwt !== undefined ? { bearer: tmpJwt } : {}),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

/**
 * /scp and /scp-mobile (spec 1 §2): turning on approval in the app, required by a strict
 * migration (no session until it is on) and offered by a soft one. On a computer the deep link
 * is a QR code to scan; on the phone itself (/scp-mobile) a button opens the app.
 */
function ScpScreen({ variant }: { variant: 'desktop' | 'mobile' }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const navigate = useNavigate();
  const isSignedIn = useIsAuthenticated();
  // Read once: signing in again clears it, and this screen must not change its bearer mid-way.
  const [pending] = useState(() => getPendingSignIn());
  const tmpJwt = isSignedIn ? undefined : pending?.tmpJwt;
  const [attempt, setAttempt] = useState(0);
  const request = useScpRequest(tmpJwt, attempt);
  const decision = useLoginDecision({ tmpJwt, requestKey: request.data?.key, attempt });
  useDocumentTitle(t('scp.pageTitle'));

  const signInAgain = () => {
    clearPendingSignIn();
    void navigate('/login', { replace: true });
  };

  let status;
  if (request.isPending) {
    status = (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t('scp.preparing')}</Text>
      </Group>
    );
  } else if (request.isError) {
    status = (
      <Alert
        color="red"
        variant="light"
        icon={<AlertIcon />}
        title={t('scp.failedTitle')}
        role="alert"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{translateErrorMessage(t, request.error)}</Text>
          {isSignedIn || pending ? (
            <Button size="xs" variant="default" onClick={() => setAttempt((value) => value + 1)}>
              {t('scp.tryAgain')}
            </Button>
          ) : null}
        </Stack>
      </Alert>
    );
  } else if (decision.status === 'decided' && decision.approved) {
    status = (
      <Alert
        color="green"
        variant="light"
        icon={<ShieldIcon />}
        title={t('scp.doneTitle')}
        role="status"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{isSignedIn ? t('scp.doneSignedIn') : t('scp.doneSignInAgain')}</Text>
          {isSignedIn ? (
            <Button onClick={() => void navigate('/start', { replace: true })}>
              {t('scp.continue')}
            </Button>
          ) : (
            <Button onClick={signInAgain}>{t('scp.signInAgain')}</Button>
          )}
        </Stack>
      </Alert>
    );
  } else if (decision.status === 'decided') {
    status = (
      <Alert
        color="red"
        variant="light"
        icon={<AlertIcon />}
        title={t('scp.declinedTitle')}
        role="alert"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('scp.declinedBody')}</Text>
          <Button size="xs" variant="default" onClick={() => setAttempt((value) => value + 1)}>
            {t('scp.tryAgain')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (decision.status === 'lost') {
    status = (
      <Alert
        color="brand"
        variant="light"
        icon={<AlertIcon />}
        title={t('signInFlow.device.lostTitle')}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('scp.lostBody')}</Text>
          <Button size="xs" variant="default" onClick={() => setAttempt((value) => value + 1)}>
            {t('scp.tryAgain')}
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    status = (
      <Group gap="sm" wrap="nowrap" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t('scp.waiting')}</Text>
      </Group>
    );
  }

  const deeplink = request.data?.deeplink;
  return (
    <Container size="sm" py="xl" w="100%">
      <Paper withBorder radius="lg" shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={1} className={classes.title}>
            {t('scp.title')}
          </Title>
          <Alert color="brand" variant="light" icon={<InfoIcon />}>
            {isSignedIn
              ? t('scp.whySoft', { brand: brand.projectName })
              : t('scp.whyStrict', { brand: brand.projectName })}
          </Alert>
          <Stack gap={4} component="ol" className={classes.steps}>
            <li>
              <Text fw={500}>{t('scp.stepInstall', { brand: brand.projectName })}</Text>
              <Group gap="md">
                <Anchor href={brand.storeLinks.appStore} target="_blank" rel="noopener noreferrer">
                  {t('scp.appStore')}
                </Anchor>
                <Anchor
                  href={brand.storeLinks.googlePlay}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t('scp.googlePlay')}
                </Anchor>
              </Group>
            </li>
            <li>
              <Text fw={500}>
                {variant === 'desktop'
                  ? t('scp.stepScan')
                  : t('scp.stepOpen', { brand: brand.projectName })}
              </Text>
            </li>
            <li>
              <Text fw={500}>{t('scp.stepApprove')}</Text>
            </li>
          </Stack>
          {deeplink &&
            (variant === 'desktop' ? (
              <>
                <QrCode value={deeplink} title={t('scp.qrTitle', { brand: brand.projectName })} />
                <Text size="sm" ta="center">
                  <Anchor component={Link} to="/scp-mobile" replace>
                    {t('scp.onThisPhone')}
                  </Anchor>
                </Text>
              </>
            ) : (
              <Button component="a" href={deeplink} size="md">
                {t('scp.openApp', { brand: brand.projectName })}
              </Button>
            ))}
          {status}
          {!isSignedIn && (
            <Button variant="subtle" onClick={signInAgain}>
              {t('signInFlow.backToSignIn')}
            </Button>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}

export function ScpPage() {
  return <ScpScreen variant="desktop" />;
}

export function ScpMobilePage() {
  return <ScpScreen variant="mobile" />;
}
