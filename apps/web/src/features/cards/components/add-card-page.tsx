import {
  Button,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/SimpleGrid.css';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { useMemo, useState } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '@/lib/api-error';
import { ErrorPopup } from '@/ui/error-popup';
import { ChevronDownIcon } from '@/ui/icons';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useAddExternalCard } from '../api/external-cards';
import { confirmExternalCardPath } from '../card-paths';
import { createAttemptKeys } from '@/lib/idempotency-key';
import { CardNumberField } from './card-number-field';
import { CardsPage } from './cards-page';
import classes from './cards.module.css';
import { ExternalCardList } from './external-card-list';
import { createLinkCardSchema, type LinkCardValues } from './link-card-form';
import { cardMessage } from './messages';

const SELECT_LOOK = {
  rightSection: <ChevronDownIcon size={16} />,
  rightSectionPointerEvents: 'none' as const,
};
const FIELDS: readonly FieldPath<LinkCardValues>[] = [
  'cardNumber',
  'expiryMonth',
  'expiryYear',
  'holderName',
];
/** How many years ahead the expiry list reaches (cards are issued for up to about 20 years here). */
const EXPIRY_YEARS_AHEAD = 20;

/** /add-card: link a card from another bank, and the cards already linked. */
export function AddCardPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('cards.addCard.title'));
  return (
    <CardsPage title={t('cards.addCard.title')}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
        <LinkCardForm />
        <ExternalCardList />
      </SimpleGrid>
    </CardsPage>
  );
}

function LinkCardForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const add = useAddExternalCard();
  const [now] = useState(() => new Date());
  const [attempts] = useState(createAttemptKeys);
  const resolver = useMemo(() => schemaResolver(createLinkCardSchema(now)), [now]);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LinkCardValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: { cardNumber: '', expiryMonth: '', expiryYear: '', holderName: '' },
  });

  const months = [
    { value: '', label: t('cards.addCard.month') },
    ...Array.from({ length: 12 }, (_, index) => ({
      value: String(index + 1),
      label: String(index + 1).padStart(2, '0'),
    })),
  ];
  const years = [
    { value: '', label: t('cards.addCard.year') },
    ...Array.from({ length: EXPIRY_YEARS_AHEAD + 1 }, (_, index) =>
      String(now.getFullYear() + index),
    ).map((year) => ({ value: year, label: year })),
  ];

  const onSubmit = handleSubmit((values) => {
    const request = {
      cardNumber: values.cardNumber.replace(/\D/g, ''),
      expiryMonth: Number(values.expiryMonth),
      expiryYear: Number(values.expiryYear),
      holderName: values.holderName.trim(),
    };
    add.mutate(
      { ...request, idempotencyKey: attempts.keyFor(request) },
      {
        onSuccess: ({ card }) => void navigate(confirmExternalCardPath(card.cardId)),
        onError: (error) => {
          if (!isApiError(error) || !error.validationErrors) return;
          for (const field of FIELDS) {
            const message = error.validationErrors[field];
            if (message) setError(field, { type: 'server', message });
          }
        },
      },
    );
  });

  const err = (field: FieldPath<LinkCardValues>) => cardMessage(t, errors[field]?.message);
  const failure = add.error;
  const onFields =
    isApiError(failure) &&
    !!failure.validationErrors &&
    FIELDS.some((field) => isApiError(failure) && failure.validationErrors?.[field]);

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <form onSubmit={onSubmit} noValidate aria-busy={add.isPending}>
        <fieldset disabled={add.isPending} className={classes.fieldset}>
          <Stack gap="md">
            <Title order={2} fz="lg">
              {t('cards.addCard.formTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('cards.addCard.intro')}
            </Text>
            <Controller
              control={control}
              name="cardNumber"
              render={({ field }) => (
                <CardNumberField
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={err('cardNumber')}
                />
              )}
            />
            <fieldset className={classes.fieldset}>
              <legend className={classes.legend}>{t('cards.addCard.expiry')}</legend>
              <SimpleGrid cols={2} spacing="sm">
                <NativeSelect
                  {...SELECT_LOOK}
                  aria-label={t('cards.addCard.expiryMonth')}
                  data={months}
                  error={err('expiryMonth')}
                  size="md"
                  {...register('expiryMonth')}
                />
                <NativeSelect
                  {...SELECT_LOOK}
                  aria-label={t('cards.addCard.expiryYear')}
                  data={years}
                  error={err('expiryYear')}
                  size="md"
                  {...register('expiryYear')}
                />
              </SimpleGrid>
            </fieldset>
            <TextInput
              label={t('cards.addCard.holder')}
              autoComplete="cc-name"
              error={err('holderName')}
              size="md"
              {...register('holderName')}
            />
            <Text size="xs" c="dimmed">
              {t('cards.addCard.chargeNotice')}
            </Text>
            <Button type="submit" size="md" loading={add.isPending}>
              {t('cards.addCard.submit')}
            </Button>
          </Stack>
        </fieldset>
      </form>
      <ErrorPopup error={failure && !onFields ? failure : null} onClose={() => add.reset()} />
    </Paper>
  );
}
