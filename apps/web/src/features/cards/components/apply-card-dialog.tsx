import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Radio,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Skeleton.css';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { Account, CardFees, CardProduct, MainResponse } from '@ledgerline/contract';
import { Dialog } from '@/ui/dialog';
import { ErrorPopup } from '@/ui/error-popup';
import { translateErrorMessage } from '@/i18n';
import { AlertIcon, CheckCircleIcon, ChevronDownIcon } from '@/ui/icons';
import {
  useApplyCard,
  useCardApplyInfo,
  useCardFees,
  useConfirmCardApplication,
} from '../api/apply-card';
import { feeAccountsOf, useAccounts } from '../api/get-accounts';
import { feeAccountLabel, useFormatMoney } from '../card-format';
import { cardDetailsPath } from '../card-paths';
import { createAttemptKeys } from '@/lib/idempotency-key';
import { CardStatusBadge } from './card-status-badge';
import classes from './cards.module.css';

/** `?apply=1` on any cards screen opens the application (links from home and the lists use it). */
export const APPLY_PARAM = 'apply';

const SELECT_LOOK = {
  rightSection: <ChevronDownIcon size={16} />,
  rightSectionPointerEvents: 'none' as const,
};

type Step = 'product' | 'fees' | 'review' | 'done';
const STEP_NUMBER: Record<Exclude<Step, 'done'>, number> = { product: 1, fees: 2, review: 3 };

interface Choice {
  product: CardProduct;
  currencyCode: string;
}

type Application = MainResponse<'applyCard'>;

/** The application for a new card, in a dialog opened by `?apply=1` (spec 2 §7 "card apply, fees and confirm"). */
export function ApplyCardDialog() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const opened = searchParams.get(APPLY_PARAM) === '1';
  const close = () =>
    setSearchParams(
      (params) => {
        params.delete(APPLY_PARAM);
        return params;
      },
      { replace: true },
    );
  return (
    <Dialog
      opened={opened}
      onClose={close}
      title={t('cards.apply.title')}
      closeLabel={t('cards.apply.close')}
      size="lg"
    >
      {/* Rendered only while open: every opening starts a new application. */}
      {opened && <ApplyCardFlow onClose={close} />}
    </Dialog>
  );
}

function StepHeading({ step, children }: { step: Exclude<Step, 'done'>; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div>
      <Text size="sm" c="dimmed">
        {t('cards.apply.stepOf', { step: STEP_NUMBER[step], total: 3 })}
      </Text>
      <Title order={3} fz="lg">
        {children}
      </Title>
    </div>
  );
}

function ApplyCardFlow({ onClose }: { onClose: () => void }) {
  const [step, setStep] = useState<Step>('product');
  const [choice, setChoice] = useState<Choice | null>(null);
  const [application, setApplication] = useState<{
    application: Application;
    shipping: string;
    feeAccount: Account;
  } | null>(null);
  const [card, setCard] = useState<Account | null>(null);

  if (step === 'product' || choice === null) {
    return (
      <ProductStep
        initial={choice}
        onNext={(next) => {
          setChoice(next);
          setStep('fees');
        }}
      />
    );
  }
  if (step === 'fees' || application === null) {
    return (
      <FeesStep
        choice={choice}
        onBack={() => setStep('product')}
        onApplied={(applied) => {
          setApplication(applied);
          setStep('review');
        }}
      />
    );
  }
  if (step === 'review' || card === null) {
    return (
      <ReviewStep
        choice={choice}
        applied={application}
        onBack={() => setStep('fees')}
        onConfirmed={(account) => {
          setCard(account);
          setStep('done');
        }}
      />
    );
  }
  return <DoneStep card={card} onClose={onClose} />;
}

function ProductName({ product }: { product: CardProduct }) {
  const { t } = useTranslation();
  // Our own name for a product we know; the server's (English) name for one we do not.
  return <>{t(`cards.products.${product.cardType}`, { defaultValue: product.name })}</>;
}

function ProductStep({
  initial,
  onNext,
}: {
  initial: Choice | null;
  onNext: (choice: Choice) => void;
}) {
  const { t } = useTranslation();
  const info = useCardApplyInfo({ enabled: true });
  const [cardType, setCardType] = useState<string>(initial ? String(initial.product.cardType) : '');
  const [currencyCode, setCurrencyCode] = useState<string>(initial?.currencyCode ?? '');
  const [touched, setTouched] = useState(false);
  const products = info.data?.products ?? [];
  const product = products.find((item) => String(item.cardType) === cardType);
  const currency = product?.currencies.includes(currencyCode)
    ? currencyCode
    : (product?.currencies[0] ?? '');

  if (info.isPending) {
    return (
      <Stack gap="sm" aria-busy="true">
        <Text role="status" size="sm" c="dimmed">
          {t('cards.apply.loadingProducts')}
        </Text>
        <Skeleton height={64} radius="md" />
        <Skeleton height={64} radius="md" />
      </Stack>
    );
  }
  if (info.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<AlertIcon />}
        title={t('cards.apply.productsFailed')}
      >
        <Text size="sm">{translateErrorMessage(t, info.error)}</Text>
        <Button size="xs" variant="default" mt="sm" onClick={() => void info.refetch()}>
          {t('cards.retry')}
        </Button>
      </Alert>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (product && currency) onNext({ product, currencyCode: currency });
      }}
    >
      <Stack gap="lg">
        <StepHeading step="product">{t('cards.apply.chooseProduct')}</StepHeading>
        {products.length === 0 ? (
          <Alert color="blue" variant="light">
            {t('cards.apply.noProducts')}
          </Alert>
        ) : (
          <Radio.Group
            value={cardType}
            onChange={setCardType}
            label={t('cards.apply.productLabel')}
            error={touched && !product ? t('validation.chooseOne') : undefined}
          >
            <Stack gap="xs" mt="xs">
              {products.map((item) => (
                <Radio
                  key={item.cardType}
                  value={String(item.cardType)}
                  label={<ProductName product={item} />}
                  description={t(
                    item.isVirtual
                      ? 'cards.apply.virtualDescription'
                      : 'cards.apply.physicalDescription',
                    {
                      currencies: item.currencies.join(', '),
                    },
                  )}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {product && (
          <NativeSelect
            {...SELECT_LOOK}
            label={t('cards.apply.currency')}
            value={currency}
            onChange={(event) => setCurrencyCode(event.currentTarget.value)}
            data={product.currencies}
          />
        )}
        <Group justify="flex-end">
          <Button type="submit" disabled={products.length === 0}>
            {t('cards.apply.next')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function FeesStep({
  choice,
  onBack,
  onApplied,
}: {
  choice: Choice;
  onBack: () => void;
  onApplied: (applied: { application: Application; shipping: string; feeAccount: Account }) => void;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const fees = useCardFees({
    cardType: choice.product.cardType,
    currencyCode: choice.currencyCode,
  });
  const accounts = useAccounts();
  const apply = useApplyCard();
  // One key per attempt: a retry with the same choices sends the same key (STYLE.md "Money").
  const [attempts] = useState(createAttemptKeys);
  const feeAccounts = useMemo(
    () => (fees.data ? feeAccountsOf(accounts.data ?? [], fees.data.currency) : []),
    [accounts.data, fees.data],
  );
  const [shippingId, setShippingId] = useState<string>('');
  const [feeAccountId, setFeeAccountId] = useState<string>('');

  if (fees.isPending || accounts.isPending) {
    return (
      <Stack gap="sm" aria-busy="true">
        <Text role="status" size="sm" c="dimmed">
          {t('cards.apply.loadingFees')}
        </Text>
        <Skeleton height={90} radius="md" />
        <Skeleton height={48} radius="md" />
      </Stack>
    );
  }
  if (fees.isError || accounts.isError) {
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" icon={<AlertIcon />} title={t('cards.apply.feesFailed')}>
          <Text size="sm">{translateErrorMessage(t, fees.error ?? accounts.error)}</Text>
          <Button
            size="xs"
            variant="default"
            mt="sm"
            onClick={() => {
              void fees.refetch();
              void accounts.refetch();
            }}
          >
            {t('cards.retry')}
          </Button>
        </Alert>
        <Group>
          <Button variant="default" onClick={onBack}>
            {t('cards.apply.back')}
          </Button>
        </Group>
      </Stack>
    );
  }

  const data: CardFees = fees.data;
  const enabledShipping = data.shipping.filter((option) => option.disabledReasons.length === 0);
  const chosenShipping =
    data.shipping.find(
      (option) => String(option.id) === shippingId && option.disabledReasons.length === 0,
    ) ?? enabledShipping[0];
  const feeAccount =
    feeAccounts.find((account) => String(account.accountId) === feeAccountId) ?? feeAccounts[0];
  const shipsPhysically = data.shipping.some((option) => option.type !== 'none');
  const shippingLabel = (type: string) => t(`cards.apply.shipping.${type}`);

  const submit = () => {
    if (!feeAccount || (data.shipping.length > 0 && !chosenShipping)) return;
    const request = {
      cardType: choice.product.cardType,
      currencyCode: choice.currencyCode,
      ...(chosenShipping ? { shippingId: chosenShipping.id } : {}),
      feeAccountId: feeAccount.accountId,
    };
    apply.mutate(
      { ...request, idempotencyKey: attempts.keyFor(request) },
      {
        onSuccess: (application) =>
          onApplied({
            application,
            shipping: chosenShipping ? shippingLabel(chosenShipping.type) : '',
            feeAccount,
          }),
      },
    );
  };

  return (
    <form
      noValidate
      aria-busy={apply.isPending}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <fieldset disabled={apply.isPending} className={classes.fieldset}>
        <Stack gap="lg">
          <StepHeading step="fees">{t('cards.apply.feesTitle')}</StepHeading>
          <dl className={classes.facts}>
            <dt>{t('cards.apply.card')}</dt>
            <dd>
              <ProductName product={choice.product} /> · {choice.currencyCode}
            </dd>
            <dt>{t('cards.apply.issueFee')}</dt>
            <dd>{money(data.issue, data.currency)}</dd>
            <dt>{t('cards.apply.monthlyFee')}</dt>
            <dd>{money(data.monthly, data.currency)}</dd>
            <dt>{t('cards.apply.annualFee')}</dt>
            <dd>{money(data.annual, data.currency)}</dd>
          </dl>

          {shipsPhysically && (
            <Radio.Group
              value={chosenShipping ? String(chosenShipping.id) : ''}
              onChange={setShippingId}
              label={t('cards.apply.shippingLabel')}
            >
              <Stack gap="xs" mt="xs">
                {data.shipping.map((option) => (
                  <Radio
                    key={option.id}
                    value={String(option.id)}
                    disabled={option.disabledReasons.length > 0}
                    label={t('cards.apply.shippingOption', {
                      name: shippingLabel(option.type),
                      fee: money(option.fee, data.currency),
                    })}
                    description={
                      option.disabledReasons.length > 0
                        ? option.disabledReasons
                            .map((reason) => t(`cards.apply.disabledReason.${reason}`))
                            .join(' ')
                        : t('cards.apply.deliveryTime', { days: option.deliveryTime })
                    }
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}

          {feeAccounts.length === 0 ? (
            <Alert color="orange" variant="light" icon={<AlertIcon />}>
              {t('cards.apply.noFeeAccount', { currency: data.currency })}
            </Alert>
          ) : (
            <NativeSelect
              {...SELECT_LOOK}
              label={t('cards.apply.feeAccount')}
              description={t('cards.apply.feeAccountHint')}
              value={feeAccount ? String(feeAccount.accountId) : ''}
              onChange={(event) => setFeeAccountId(event.currentTarget.value)}
              data={feeAccounts.map((account) => ({
                value: String(account.accountId),
                label: feeAccountLabel(t, money, account),
              }))}
            />
          )}

          <Group justify="space-between">
            <Button variant="default" onClick={onBack}>
              {t('cards.apply.back')}
            </Button>
            <Button
              type="submit"
              loading={apply.isPending}
              disabled={!feeAccount || (data.shipping.length > 0 && !chosenShipping)}
            >
              {t('cards.apply.next')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
      <ErrorPopup error={apply.error} onClose={() => apply.reset()} />
    </form>
  );
}

function ReviewStep({
  choice,
  applied,
  onBack,
  onConfirmed,
}: {
  choice: Choice;
  applied: { application: Application; shipping: string; feeAccount: Account };
  onBack: () => void;
  onConfirmed: (account: Account) => void;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const confirm = useConfirmCardApplication();
  const { fees } = applied.application;
  return (
    <Stack gap="lg" aria-busy={confirm.isPending}>
      <StepHeading step="review">{t('cards.apply.reviewTitle')}</StepHeading>
      <dl className={classes.facts}>
        <dt>{t('cards.apply.card')}</dt>
        <dd>
          <ProductName product={choice.product} /> · {choice.currencyCode}
        </dd>
        {applied.shipping && (
          <>
            <dt>{t('cards.apply.shippingLabel')}</dt>
            <dd>{applied.shipping}</dd>
          </>
        )}
        <dt>{t('cards.apply.feeAccount')}</dt>
        <dd>{feeAccountLabel(t, money, applied.feeAccount)}</dd>
        <dt>{t('cards.apply.issueFee')}</dt>
        <dd>{money(fees.issue, fees.currency)}</dd>
        <dt>{t('cards.apply.shippingFee')}</dt>
        <dd>{money(fees.shipping, fees.currency)}</dd>
        <dt>{t('cards.apply.total')}</dt>
        <dd>
          <strong>{money(fees.total, fees.currency)}</strong>
        </dd>
      </dl>
      <Text size="sm" c="dimmed">
        {t('cards.apply.reviewHint')}
      </Text>
      <Group justify="space-between">
        <Button variant="default" onClick={onBack} disabled={confirm.isPending}>
          {t('cards.apply.back')}
        </Button>
        <Button
          loading={confirm.isPending}
          onClick={() =>
            confirm.mutate(applied.application.applicationId, {
              onSuccess: ({ account }) => onConfirmed(account),
            })
          }
        >
          {t('cards.apply.confirm', { total: money(fees.total, fees.currency) })}
        </Button>
      </Group>
      <ErrorPopup error={confirm.error} onClose={() => confirm.reset()} />
    </Stack>
  );
}

function DoneStep({ card, onClose }: { card: Account; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const accounts = useAccounts();
  // The card as the list now has it: the processor moves it on while the customer watches.
  const current = accounts.data?.find((account) => account.accountId === card.accountId) ?? card;
  return (
    <Stack gap="lg">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <CheckCircleIcon size={28} aria-hidden="true" />
        <div>
          <Title order={3} fz="lg">
            {t('cards.apply.doneTitle')}
          </Title>
          <Text size="sm" mt={4}>
            {t(card.cardIsVirtual ? 'cards.apply.doneVirtual' : 'cards.apply.donePhysical')}
          </Text>
        </div>
      </Group>
      <Group gap="xs" role="status" aria-live="polite">
        <Text size="sm">{t('cards.apply.currentStatus')}</Text>
        <CardStatusBadge statusId={current.accountStatusId} />
      </Group>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('cards.apply.close')}
        </Button>
        <Button onClick={() => void navigate(cardDetailsPath(card.accountId))}>
          {t('cards.apply.openCard')}
        </Button>
      </Group>
    </Stack>
  );
}
