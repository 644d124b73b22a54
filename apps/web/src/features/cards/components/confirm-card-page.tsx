import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ExternalCard } from '@ledgerline/contract';
import { useSessionState } from '@/app/session';
import { isApiError } from '@/lib/api-error';
import { ErrorPopup } from '@/ui/error-popup';
import { AlertIcon, CheckCircleIcon } from '@/ui/icons';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useConfirmExternalCard, useExternalCards } from '../api/external-cards';
import { brandName } from '../card-format';
import { cardKeys } from '../keys';
import { CardsPage, CardsSkeleton, LoadFailed } from './cards-page';
import classes from './cards.module.css';
import { parseAccountId } from './card-details-page';
import { ExternalCardStatusBadge } from './external-card-list';
import { cardMessage } from './messages';

/** An amount as people type it: "0.57", "0,57", ".57"; two decimals at most. Null when it is not one. */
export function normaliseAmount(value: string): string | null {
  const [whole = '', fraction, ...rest] = value.trim().replace(',', '.').split('.');
  if (rest.length > 0 || !/^\d{0,3}$/.test(whole)) return null;
  if (fraction === undefined) return whole === '' ? null : whole;
  if (!/^\d{1,2}$/.test(fraction)) return null;
  return `${whole === '' ? '0' : whole}.${fraction}`;
}

/** /confirm-card/{cardId}: the customer types back the small amount we charged to their card. */
export function ConfirmCardPage() {
  const { t } = useTranslation();
  const cardId = parseAccountId(useParams().cardId);
  const cards = useExternalCards();
  const card = cards.data?.find((item) => item.cardId === cardId);
  useDocumentTitle(t('cards.confirmCard.title'));
  return (
    <CardsPage title={t('cards.confirmCard.title')}>
      <Stack gap="md" maw={560}>
        <Anchor component={Link} to="/add-card" size="sm">
          {t('cards.confirmCard.back')}
        </Anchor>
        {cards.isPending && <CardsSkeleton />}
        {cards.isError && (
          <LoadFailed
            error={cards.error}
            onRetry={() => void cards.refetch()}
            retrying={cards.isFetching}
          />
        )}
        {cards.isSuccess && !card && (
          <Alert
            color="orange"
            variant="light"
            icon={<AlertIcon />}
            title={t('cards.confirmCard.notFound')}
          >
            <Anchor component={Link} to="/add-card" size="sm">
              {t('cards.confirmCard.linkAgain')}
            </Anchor>
          </Alert>
        )}
        {card && <ConfirmCard card={card} />}
      </Stack>
    </CardsPage>
  );
}

function ConfirmCard({ card }: { card: ExternalCard }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { customerId } = useSessionState();
  const confirm = useConfirmExternalCard();
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const label = [brandName(card.cardBrand), card.maskedCardNumber].filter(Boolean).join(' ');

  const submit = () => {
    const normalised = normaliseAmount(amount);
    if (normalised === null) {
      setProblem(amount.trim() === '' ? 'validation.required' : 'cards.confirmCard.amountFormat');
      return;
    }
    setProblem(undefined);
    confirm.mutate(
      { cardId: card.cardId, amount: normalised },
      {
        onError: (error) => {
          const message = isApiError(error) ? error.validationErrors?.amount : undefined;
          if (message) setProblem(message);
          // A wrong amount used up a try: the list says how many are left.
          void queryClient.invalidateQueries({ queryKey: cardKeys.externalCards(customerId) });
        },
      },
    );
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg">
            {label}
          </Title>
          <ExternalCardStatusBadge status={card.status} />
        </Group>

        {card.status === 'verified' && (
          <Alert
            color="teal"
            variant="light"
            icon={<CheckCircleIcon />}
            title={t('cards.confirmCard.verifiedTitle')}
            role="status"
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('cards.confirmCard.verifiedText')}</Text>
              <Anchor component={Link} to="/add-card" size="sm">
                {t('cards.confirmCard.back')}
              </Anchor>
            </Stack>
          </Alert>
        )}

        {card.status === 'failed' && (
          <Alert
            color="red"
            variant="light"
            icon={<AlertIcon />}
            title={t('cards.confirmCard.failedTitle')}
            role="alert"
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('cards.confirmCard.failedText')}</Text>
              <Anchor component={Link} to="/add-card" size="sm">
                {t('cards.confirmCard.linkAgain')}
              </Anchor>
            </Stack>
          </Alert>
        )}

        {card.status === 'pendingVerification' && (
          <form
            noValidate
            aria-busy={confirm.isPending}
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <fieldset disabled={confirm.isPending} className={classes.fieldset}>
              <Stack gap="md">
                <Text size="sm">
                  {t('cards.confirmCard.explain', {
                    card: card.maskedCardNumber,
                    currency: card.verificationCurrency,
                  })}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('cards.confirmCard.whereToFind')}
                </Text>
                <TextInput
                  label={t('cards.confirmCard.amount', { currency: card.verificationCurrency })}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="0.00"
                  value={amount}
                  onChange={(event) => setAmount(event.currentTarget.value)}
                  error={cardMessage(t, problem)}
                  maw={220}
                  size="md"
                />
                <Text size="sm" role="status" aria-live="polite">
                  {t('cards.confirmCard.attemptsLeft', { count: card.attemptsLeft })}
                </Text>
                <Group>
                  <Button type="submit" loading={confirm.isPending}>
                    {t('cards.confirmCard.submit')}
                  </Button>
                </Group>
              </Stack>
            </fieldset>
          </form>
        )}
      </Stack>
      <ErrorPopup
        error={
          confirm.error && !(isApiError(confirm.error) && confirm.error.validationErrors?.amount)
            ? confirm.error
            : null
        }
        onClose={() => confirm.reset()}
      />
    </Paper>
  );
}
