import { Alert, Anchor, Button, Checkbox, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { useId } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { isCardActionAllowed } from '@ledgerline/domain/cards';
import { isApiError } from '@/lib/api-error';
import { ErrorPopup } from '@/ui/error-popup';
import { fieldMessage } from '@/ui/field-message';
import { AlertIcon, CheckCircleIcon } from '@/ui/icons';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useChangeCardPin } from '../api/change-card-pin';
import { cardTitle } from '../card-format';
import { cardDetailsPath, cardRoutePath } from '../card-paths';
import { parseAccountId } from './card-details-page';
import { pinFormSchema } from './pin-form-schema';
import { CardsPage, CardsSkeleton, LoadFailed } from './cards-page';
import classes from './cards.module.css';
import { useCardRouting } from './use-card-routing';

const PIN_FIELDS = ['pin', 'pinRepeat', 'confirm'] as const;

/** /card/{accountId}/pin (spec 2 §2): a new PIN for a physical card, typed twice and confirmed. */
export function CardPinPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const accountId = parseAccountId(useParams().accountId);
  const routing = useCardRouting({ accountId });
  const card =
    routing.state === 'ready'
      ? routing.cards.find((item) => item.accountId === accountId)
      : undefined;
  useDocumentTitle(t('cards.pin.title'));
  if (routing.state === 'ready' && routing.route.to !== 'details')
    return <Navigate to={`${cardRoutePath(routing.route)}${search}`} replace />;
  return (
    <CardsPage title={t('cards.pin.title')}>
      {routing.state === 'loading' && <CardsSkeleton />}
      {routing.state === 'error' && (
        <LoadFailed error={routing.error} onRetry={routing.retry} retrying={routing.retrying} />
      )}
      {card && (
        <Stack gap="md" maw={520}>
          <Anchor component={Link} to={cardDetailsPath(card.accountId)} size="sm">
            {t('cards.pin.backToCard', { card: cardTitle(t, card) })}
          </Anchor>
          {isCardActionAllowed(
            { statusId: card.accountStatusId, isVirtual: card.cardIsVirtual === true },
            'changePin',
          ) ? (
            <PinForm accountId={card.accountId} />
          ) : (
            <Alert color="orange" variant="light" icon={<AlertIcon />}>
              {t(card.cardIsVirtual ? 'cards.pin.virtualHasNone' : 'cards.pin.notAllowed')}
            </Alert>
          )}
        </Stack>
      )}
    </CardsPage>
  );
}

/**
 * A four-digit secret field. Mantine's PasswordInput leaves aria-invalid and the error's
 * aria-describedby to the caller, so a screen reader hears what is wrong with the field.
 */
function PinField({
  label,
  toggleLabel,
  error,
  ...field
}: UseFormRegisterReturn & { label: string; toggleLabel: string; error: string | undefined }) {
  const errorId = useId();
  return (
    <PasswordInput
      label={label}
      inputMode="numeric"
      autoComplete="off"
      maxLength={4}
      visibilityToggleButtonProps={{ 'aria-label': toggleLabel }}
      error={error}
      errorProps={{ id: errorId }}
      aria-invalid={error !== undefined}
      aria-describedby={error !== undefined ? errorId : undefined}
      {...field}
    />
  );
}

export function PinForm({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const change = useChangeCardPin();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({
    resolver: schemaResolver(pinFormSchema),
    mode: 'onTouched',
    defaultValues: { pin: '', pinRepeat: '', confirm: false },
  });

  const onSubmit = handleSubmit((values) => {
    change.mutate(
      { accountId, pin: values.pin, pinRepeat: values.pinRepeat, confirm: true },
      {
        onSuccess: () => reset(),
        onError: (error) => {
          // A refusal about a field lands on it; anything else is the error popup's.
          if (!isApiError(error) || !error.validationErrors) return;
          for (const field of PIN_FIELDS) {
            const message = error.validationErrors[field];
            if (message) setError(field, { type: 'server', message });
          }
        },
      },
    );
  });

  const failure = change.error;
  // A refusal about a field is shown on it; the popup is for what no field can show.
  const onFields =
    isApiError(failure) &&
    PIN_FIELDS.some((field) => failure.validationErrors?.[field] !== undefined);
  const busy = change.isPending;

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <form onSubmit={onSubmit} noValidate aria-busy={busy}>
        <fieldset disabled={busy} className={classes.fieldset}>
          <Stack gap="md">
            {change.isSuccess && (
              <Alert color="teal" variant="light" icon={<CheckCircleIcon />} role="status">
                {t('cards.pin.changed')}
              </Alert>
            )}
            <Text size="sm" c="dimmed">
              {t('cards.pin.hint')}
            </Text>
            <PinField
              label={t('cards.pin.newPin')}
              toggleLabel={t('cards.pin.showPin')}
              error={fieldMessage(t, errors.pin?.message)}
              {...register('pin')}
            />
            <PinField
              label={t('cards.pin.repeatPin')}
              toggleLabel={t('cards.pin.showRepeatedPin')}
              error={fieldMessage(t, errors.pinRepeat?.message)}
              {...register('pinRepeat')}
            />
            <Checkbox
              label={t('cards.pin.confirm')}
              error={fieldMessage(t, errors.confirm?.message)}
              {...register('confirm')}
            />
            <Button type="submit" loading={busy}>
              {t('cards.pin.submit')}
            </Button>
          </Stack>
        </fieldset>
      </form>
      <ErrorPopup error={onFields ? null : failure} onClose={() => change.reset()} />
    </Paper>
  );
}
