import {
  Alert,
  Button,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import { invoiceTokenSchema, type PublicInvoice } from '@ledgerline/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useBrand } from '@/brands';
import { useIsAuthenticated, useSessionStore } from '@/app/session';
import { isApiError } from '@/lib/api-error';
import { AlertIcon, InfoIcon } from '@/ui/icons';
import { LoadFailed } from '@/ui/load-failed';
import { StatusBadge } from '@/ui/status-badge';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useFormatMoney } from '../../format';
import { usePublicInvoice } from '../api/invoices';
import { STATUS_TONE, useFormatDay } from '../format';
import classes from './invoices.module.css';

/** Statuses in which the invoice can still be paid. */
const OPEN: readonly PublicInvoice['status'][] = ['unpaid', 'overdue'];

/** Where paying this invoice happens once signed in: its row in the received list, payment open. */
export function payPathOf(invoice: Pick<PublicInvoice, 'number'>): string {
  return `/transfer/invoices?pay=${encodeURIComponent(invoice.number)}`;
}

/**
 * /invoice/:token — the page an e-mailed invoice link opens (issue 16), without signing in: who
 * asks, how much, why, the due date and the status, in the invoice brand's look. "Sign in to
 * pay" and "Register to pay" keep the way back to this invoice as the session's initial path
 * (spec 1 §4 rule 5, the path the guards keep for a signed-out visitor), so the first screen after
 * signing in is its payment; a signed-in visitor goes there at once.
 */
export function PublicInvoicePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('invoices.public.pageTitle'));
  const { token = '' } = useParams();
  const isValid = invoiceTokenSchema.safeParse(token).success;
  return (
    <Container size="sm" py={{ base: 'lg', sm: 48 }} w="100%">
      {isValid ? <PublicInvoiceCard token={token} /> : <InvalidLink />}
    </Container>
  );
}

function InvalidLink() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} className={classes.publicCard}>
      <Stack gap="md" align="flex-start">
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          {t('invoices.public.invalidTitle')}
        </Title>
        <Text size="sm">{t('invoices.public.invalidText')}</Text>
        <Button component={Link} to="/login" variant="default">
          {t('invoices.public.toSignIn')}
        </Button>
      </Stack>
    </Paper>
  );
}

function PublicInvoiceCard({ token }: { token: string }) {
  const { t } = useTranslation();
  const invoice = usePublicInvoice(token);
  if (invoice.isPending)
    return (
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'lg', sm: 'xl' }}
        className={classes.publicCard}
        aria-busy="true"
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed" role="status">
            {t('invoices.public.loading')}
          </Text>
          <Skeleton height={28} width="70%" radius="sm" />
          <Skeleton height={40} width="45%" radius="sm" />
          <Skeleton height={96} radius="md" />
        </Stack>
      </Paper>
    );
  if (invoice.isError) {
    // An unknown token is "not found": the same page as a malformed one.
    if (isApiError(invoice.error) && invoice.error.status === 404) return <InvalidLink />;
    return (
      <div className={classes.publicCard}>
        <LoadFailed
          title={t('invoices.public.loadFailed')}
          error={invoice.error}
          onRetry={() => void invoice.refetch()}
          retrying={invoice.isFetching}
        />
      </div>
    );
  }
  return <InvoiceCard invoice={invoice.data} />;
}

function InvoiceCard({ invoice }: { invoice: PublicInvoice }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const money = useFormatMoney();
  const day = useFormatDay();
  const session = useSessionStore();
  const isSignedIn = useIsAuthenticated();
  const isOpen = OPEN.includes(invoice.status);
  const payPath = payPathOf(invoice);
  // Another brand's invoice is paid in that brand: the sign-in and registration pages load in its look.
  const brandQuery =
    invoice.brandId === brand.id ? '' : `?brand=${encodeURIComponent(invoice.brandId)}`;
  const keepWayBack = () => session.setInitialPath(payPath);
  const isRequest = invoice.kind === 'request';
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} className={classes.publicCard}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Text size="sm" c="dimmed">
            {t(isRequest ? 'invoices.public.requestLabel' : 'invoices.public.invoiceLabel', {
              number: invoice.number,
            })}
          </Text>
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            {t('invoices.public.asks', { name: invoice.payeeName })}
          </Title>
        </Stack>
        <div className={classes.hero}>
          <span className={classes.heroAmount} data-testid="public-amount">
            {money(invoice.amount, invoice.currencyCode)}
          </span>
        </div>
        <dl className={classes.facts}>
          {invoice.noteBody && (
            <div>
              <dt>{t('invoices.public.why')}</dt>
              <dd className={classes.note}>{invoice.noteBody}</dd>
            </div>
          )}
          <div>
            <dt>{t('invoices.public.dueDate')}</dt>
            <dd>{day(invoice.dueDate)}</dd>
          </div>
          <div>
            <dt>{t('invoices.public.status')}</dt>
            <dd>
              <StatusBadge tone={STATUS_TONE[invoice.status]}>
                {t(`invoices.status.${invoice.status}`)}
              </StatusBadge>
            </dd>
          </div>
        </dl>
        {!isOpen && (
          <Alert color="blue" variant="light" icon={<InfoIcon />} role="status">
            {t(
              invoice.status === 'paid'
                ? 'invoices.public.alreadyPaid'
                : invoice.status === 'awaitingPayment'
                  ? 'invoices.public.beingPaid'
                  : 'invoices.public.closed',
            )}
          </Alert>
        )}
        {isOpen && isSignedIn && (
          <Stack gap="xs">
            <Button component={Link} to={payPath} size="md">
              {t('invoices.public.payNow')}
            </Button>
            <Text size="xs" c="dimmed">
              {t('invoices.public.signedInHint', { brand: brand.projectName })}
            </Text>
          </Stack>
        )}
        {isOpen && !isSignedIn && (
          <Stack gap="sm">
            <Text size="sm">{t('invoices.public.howToPay', { brand: brand.projectName })}</Text>
            <Group gap="sm" grow>
              <Button component="a" href={`/login${brandQuery}`} onClick={keepWayBack} size="md">
                {t('invoices.public.signIn')}
              </Button>
              <Button
                component="a"
                href={`/register${brandQuery}`}
                onClick={keepWayBack}
                size="md"
                variant="default"
              >
                {t('invoices.public.register')}
              </Button>
            </Group>
          </Stack>
        )}
        <Text size="xs" c="dimmed" display="flex" style={{ gap: 6, alignItems: 'flex-start' }}>
          <AlertIcon size={14} aria-hidden="true" style={{ flex: 'none', marginTop: 2 }} />
          {t('invoices.public.safety', { brand: brand.projectName })}
        </Text>
      </Stack>
    </Paper>
  );
}
