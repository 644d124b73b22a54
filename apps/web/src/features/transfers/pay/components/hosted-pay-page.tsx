import {
  Alert,
  Anchor,
  Button,
  Container,
  Divider,
  Group,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Divider.css';
import { useQueryClient } from '@tanstack/react-query';
import type { CardPayment, MainRequest, PayPage } from '@ledgerline/contract';
import { payTokenSchema } from '@ledgerline/contract/pay/routes';
import { ACCOUNT_TYPES } from '@ledgerline/domain/accounts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useBrand } from '@/brands';
import { useIsAuthenticated, useSessionStore } from '@/app/session';
import { isApiError } from '@/lib/api-error';
import { describeApiError } from '@/ui/field-message';
import { AlertIcon, CheckCircleIcon, ChevronDownIcon, InfoIcon } from '@/ui/icons';
import { LoadFailed } from '@/ui/load-failed';
import { StatusBadge } from '@/ui/status-badge';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useTransferAccounts } from '../../api/accounts';
import { TransferConfirmation, type ConfirmationSummary } from '../../confirmation';
import { useAccountLabel, useFormatMoney } from '../../format';
import { useMoneyMovingSubmit } from '../../hooks/use-money-moving-submit';
import { TransferReview, type ReviewRow } from '../../review/transfer-review';
import { payKeys, usePayPage, usePaymentRequestQuote, usePayPaymentRequestCall } from '../api';
import { CardPaymentForm } from './card-payment-form';
import classes from './hosted-pay-page.module.css';
import { InvalidLink } from './invalid-link';
import { MerchantLogo } from './merchant-logo';

type PayRequest = Omit<MainRequest<'payPaymentRequest'>, 'idempotencyKey'>;

const STATUS_TONE = {
  open: 'blue',
  paid: 'teal',
  expired: 'gray',
  cancelled: 'gray',
} as const;

/**
 * /pay/:token — a merchant's payment request (issue 18), without signing in: who asks, how much,
 * for what and whether it can still be paid, in the brand's look. "Sign in to pay" keeps the way
 * back to this page as the session's initial path, so the first screen after signing in is this
 * one; signed in, the customer chooses one of their accounts in the request's currency and pays
 * through the transfer confirmation every money movement shares (modes 0–4). Signed in or not,
 * "Pay by card" pays it through the card acquiring simulator instead (issue 18 "card").
 */
export function HostedPayPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pay.pageTitle'));
  const { token = '' } = useParams();
  const isValid = payTokenSchema.safeParse(token).success;
  return (
    <Container size="sm" py={{ base: 'lg', sm: 48 }} w="100%">
      {isValid ? <PayCard token={token} /> : <InvalidLink />}
    </Container>
  );
}

function PayCard({ token }: { token: string }) {
  const { t } = useTranslation();
  const page = usePayPage(token);
  if (page.isPending)
    return (
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'lg', sm: 'xl' }}
        className={classes.card}
        aria-busy="true"
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed" role="status">
            {t('pay.loading')}
          </Text>
          <Skeleton height={28} width="70%" radius="sm" />
          <Skeleton height={40} width="45%" radius="sm" />
          <Skeleton height={96} radius="md" />
        </Stack>
      </Paper>
    );
  if (page.isError) {
    if (isApiError(page.error) && (page.error.status === 404 || page.error.status === 400))
      return <InvalidLink />;
    return (
      <div className={classes.card}>
        <LoadFailed
          title={t('pay.loadFailed')}
          error={page.error}
          onRetry={() => void page.refetch()}
          retrying={page.isFetching}
        />
      </div>
    );
  }
  // An expired or cancelled link is not a link that works: the same page as an unknown one.
  if (page.data.status === 'expired' || page.data.status === 'cancelled') return <InvalidLink />;
  return <PaymentCard token={token} payment={page.data} />;
}

function PaymentCard({ token, payment }: { token: string; payment: PayPage }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const money = useFormatMoney();
  const session = useSessionStore();
  const isSignedIn = useIsAuthenticated();
  const queryClient = useQueryClient();
  const [justPaid, setJustPaid] = useState(false);
  const [byCard, setByCard] = useState(false);
  const [cardPaid, setCardPaid] = useState<CardPayment | null>(null);
  const isPaid = payment.status === 'paid' || justPaid || cardPaid !== null;
  const onCardPaid = (paid: CardPayment) => {
    setCardPaid(paid);
    void queryClient.invalidateQueries({ queryKey: payKeys.page(token) });
  };
  const brandQuery =
    payment.brandId === brand.id ? '' : `?brand=${encodeURIComponent(payment.brandId)}`;
  const keepWayBack = () => session.setInitialPath(`/pay/${token}`);
  const amount = money(payment.amount, payment.currency);
  // The server accepts http(s) only; a link of any other scheme is never rendered all the same.
  const returnUrl =
    payment.returnUrl !== null && /^https?:\/\//i.test(payment.returnUrl)
      ? payment.returnUrl
      : null;
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} className={classes.card}>
      <Stack gap="lg">
        <Stack gap={6}>
          <MerchantLogo url={payment.logoUrl} name={payment.merchantName} />
          <Text size="sm" c="dimmed">
            {t('pay.label')}
          </Text>
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            {t('pay.asks', { name: payment.merchantName })}
          </Title>
        </Stack>
        <span className={classes.amount} data-testid="pay-amount">
          {amount}
        </span>
        <dl className={classes.facts}>
          <div>
            <dt>{t('pay.for')}</dt>
            <dd>{payment.description}</dd>
          </div>
          <div>
            <dt>{t('pay.status')}</dt>
            <dd>
              <StatusBadge tone={STATUS_TONE[isPaid ? 'paid' : payment.status]}>
                {t(`pay.statuses.${isPaid ? 'paid' : payment.status}`)}
              </StatusBadge>
            </dd>
          </div>
        </dl>
        {isPaid && (
          <Alert
            color="green"
            variant="light"
            icon={justPaid || cardPaid ? <CheckCircleIcon /> : <InfoIcon />}
            role="status"
          >
            {cardPaid
              ? t('pay.card.paid', {
                  brand: t(
                    `pay.card.brands.${cardPaid.cardBrand === 'mastercard' ? 'mastercard' : 'visa'}`,
                  ),
                  last4: cardPaid.cardLast4,
                })
              : t(justPaid ? 'pay.paidNow' : 'pay.alreadyPaid')}
          </Alert>
        )}
        {!isPaid && isSignedIn && (
          <PayForm
            token={token}
            payment={payment}
            amount={amount}
            onPaid={() => setJustPaid(true)}
          />
        )}
        {!isPaid && !isSignedIn && (
          <Stack gap="sm">
            <Text size="sm">{t('pay.howToPay', { brand: brand.projectName })}</Text>
            <Group gap="sm" grow>
              <Button component="a" href={`/login${brandQuery}`} onClick={keepWayBack} size="md">
                {t('pay.signIn')}
              </Button>
            </Group>
          </Stack>
        )}
        {!isPaid && (
          <>
            <Divider label={t('pay.card.or')} labelPosition="center" />
            {byCard ? (
              <CardPaymentForm token={token} amount={amount} onPaid={onCardPaid} />
            ) : (
              <Button variant="default" size="md" onClick={() => setByCard(true)}>
                {t('pay.card.open')}
              </Button>
            )}
          </>
        )}
        {returnUrl && (
          <Anchor href={returnUrl} rel="noopener noreferrer" size="sm">
            {t('pay.back', { name: payment.merchantName })}
          </Anchor>
        )}
        <Text size="xs" c="dimmed" display="flex" style={{ gap: 6, alignItems: 'flex-start' }}>
          <AlertIcon size={14} aria-hidden="true" style={{ flex: 'none', marginTop: 2 }} />
          {t('pay.safety', { brand: brand.projectName })}
        </Text>
      </Stack>
    </Paper>
  );
}

function PayForm({
  token,
  payment,
  amount,
  onPaid,
}: {
  token: string;
  payment: PayPage;
  amount: string;
  onPaid: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const accountLabel = useAccountLabel();
  const money = useFormatMoney();
  const accounts = useTransferAccounts();
  const payable = useMemo(
    () =>
      (accounts.data ?? []).filter(
        (account) =>
          account.type === ACCOUNT_TYPES.payment && account.currencyCode === payment.currency,
      ),
    [accounts.data, payment.currency],
  );
  const [chosenId, setChosenId] = useState<string | null>(null);
  const fromId = chosenId ?? (payable[0] ? String(payable[0].accountId) : '');
  const flow = useMoneyMovingSubmit<PayRequest, ConfirmationSummary>({
    submit: usePayPaymentRequestCall(),
    settlesBy: 'ledger',
  });
  const from = payable.find((account) => String(account.accountId) === fromId);
  const quote = usePaymentRequestQuote(token, from ? from.accountId : null);
  const figures = quote.data;
  const total = figures ? money(figures.total, figures.currency) : amount;
  const summary = { amount: total, payee: payment.merchantName };
  const reviewRows: ReviewRow[] = from
    ? [
        { id: 'from', label: t('pay.from'), value: accountLabel(from) },
        { id: 'for', label: t('pay.for'), value: payment.description },
        { id: 'amount', label: t('pay.amount'), value: amount },
        {
          id: 'fee',
          label: t('pay.fee'),
          value: figures ? money(figures.fee, figures.currency) : quote.isError ? null : undefined,
        },
        {
          id: 'total',
          label: t('pay.total'),
          value: figures ? total : quote.isError ? null : undefined,
          total: true,
        },
      ]
    : [];
  return (
    <Stack gap="sm">
      {accounts.isSuccess && payable.length === 0 ? (
        <Alert color="blue" variant="light" role="status">
          {t('pay.noAccount', { currency: payment.currency })}
        </Alert>
      ) : (
        <NativeSelect
          label={t('pay.from')}
          data={payable.map((account) => ({
            value: String(account.accountId),
            label: accountLabel(account),
          }))}
          value={fromId}
          onChange={(event) => setChosenId(event.currentTarget.value)}
          size="md"
          rightSection={<ChevronDownIcon size={16} />}
          rightSectionPointerEvents="none"
        />
      )}
      {quote.isError && (
        <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
          {describeApiError(t, quote.error)}
        </Alert>
      )}
      <Button
        size="md"
        onClick={() => flow.openReview({ token, fromAccount: Number(fromId) }, summary)}
        disabled={!from || !figures}
      >
        {t('pay.payNow', { amount })}
      </Button>
      <TransferReview
        opened={flow.review !== null}
        amountLabel={t('pay.youPay')}
        amount={total}
        payee={payment.merchantName}
        rows={reviewRows}
        actionLabel={t('pay.confirm', { amount: total })}
        isPending={flow.isPending}
        errorText={flow.error ? describeApiError(t, flow.error) : null}
        onBack={flow.backToForm}
        onConfirm={flow.confirm}
      />
      <TransferConfirmation
        result={flow.result}
        summary={flow.sent ?? summary}
        settledState={flow.settledState}
        onClose={(outcome) => {
          flow.finish(outcome);
          void queryClient.invalidateQueries({ queryKey: payKeys.page(token) });
          if (outcome === 'settled') onPaid();
        }}
      />
    </Stack>
  );
}
