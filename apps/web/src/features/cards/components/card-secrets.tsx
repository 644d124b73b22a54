import {
  ActionIcon,
  Alert,
  Button,
  CopyButton,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import '@mantine/core/styles/Tooltip.css';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account } from '@ledgerline/contract';
import { ErrorPopup } from '@/ui/error-popup';
import { AlertIcon, CheckCircleIcon } from '@/ui/icons';
import { useRevealCardDetails, useRevealCardPin } from '../api/reveal-card-secrets';
import { formatExpiry, groupCardNumber } from '../card-format';
import {
  CardSecretStepUpDialog,
  isNoRightsError,
  useCardSecretStepUp,
} from './card-secret-step-up';
import classes from './cards.module.css';

/** How long a revealed number, CVV or PIN stays on screen before it hides itself. */
export const SECRET_VISIBLE_MS = 60_000;

/** Hides a revealed secret after SECRET_VISIBLE_MS (a timer: an outside system). Leaving the screen drops it anyway. */
function useHideAfter(shown: boolean, hide: () => void) {
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(hide, SECRET_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [shown, hide]);
}

/** What a reveal mutation gives the step-up flow (the PIN's and the details' alike). */
interface RevealMutation {
  mutateAsync: (input: {
    accountId: number;
    operationId: string;
    code?: string;
  }) => Promise<unknown>;
  isPending: boolean;
  error: unknown;
  reset: () => void;
}

/** The step-up dialog while a secret is hidden, and the popup for a refused request. */
function StepUpFlow({
  stepUp,
  reveal,
  accountId,
  shown,
  noRights,
}: {
  stepUp: ReturnType<typeof useCardSecretStepUp>;
  reveal: RevealMutation;
  accountId: number;
  shown: boolean;
  noRights: boolean;
}) {
  return (
    <>
      {stepUp.challenge && !shown && (
        <CardSecretStepUpDialog
          challenge={stepUp.challenge}
          reveal={(input) => reveal.mutateAsync({ accountId, ...input }).then(stepUp.close)}
          isRevealing={reveal.isPending}
          revealError={reveal.error}
          onAskAgain={() => {
            reveal.reset();
            stepUp.ask();
          }}
          isAsking={stepUp.isAsking}
          onClose={() => {
            reveal.reset();
            stepUp.close();
          }}
        />
      )}
      <ErrorPopup
        error={noRights ? null : stepUp.askError}
        onClose={() => stepUp.clearAskError()}
      />
    </>
  );
}

function CopyValue({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip
          label={copied ? t('cards.secrets.copied') : t('cards.secrets.copy', { what: label })}
          withArrow
        >
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            onClick={copy}
            aria-label={t('cards.secrets.copy', { what: label })}
            size="lg"
          >
            {copied ? <CheckCircleIcon size={18} /> : <CopyIcon />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

function CopyIcon() {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="9" y="9" width="11" height="11" rx="2" />
      <path d="M5 15V6a2 2 0 0 1 2-2h9" />
    </svg>
  );
}

function SecretRow({
  label,
  value,
  copyValue,
}: {
  label: string;
  value: string;
  copyValue?: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <div>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text className={classes.secret} fw={600}>
          {value}
        </Text>
      </div>
      {copyValue !== undefined && <CopyValue value={copyValue} label={label} />}
    </Group>
  );
}

/** The refusal of a user who may not see this card's secrets, in the customer's words. */
function NoRights() {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
      {t('cards.secrets.noRights')}
    </Alert>
  );
}

/** A virtual card's number, expiry and CVV, asked for on demand with a step-up and hidden again after a minute. */
export function CardDetailsReveal({ account }: { account: Account }) {
  const { t } = useTranslation();
  const stepUp = useCardSecretStepUp(account.accountId, 'details');
  const reveal = useRevealCardDetails();
  const details = reveal.data;
  useHideAfter(details !== undefined, reveal.reset);
  // The client turns number-looking answers into numbers (spec 2 §5): a CVV "123" arrives as 123.
  const cardNumber = details ? String(details.cardNumber) : '';
  const cvv = details ? String(details.cvv).padStart(3, '0') : '';
  const expiry = details ? (formatExpiry(details.expiryMonth, details.expiryYear) ?? '') : '';
  const noRights = isNoRightsError(stepUp.askError);
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('cards.secrets.detailsTitle')}
        </Title>
        {details ? (
          <>
            <SecretRow
              label={t('cards.secrets.number')}
              value={groupCardNumber(cardNumber)}
              copyValue={cardNumber}
            />
            <Group grow>
              <SecretRow label={t('cards.secrets.expiry')} value={expiry} copyValue={expiry} />
              <SecretRow label={t('cards.secrets.cvv')} value={cvv} copyValue={cvv} />
            </Group>
            <SecretRow
              label={t('cards.secrets.holder')}
              value={details.holderName}
              copyValue={details.holderName}
            />
            <Text size="xs" c="dimmed">
              {t('cards.secrets.hidesAgain')}
            </Text>
            <Group>
              <Button variant="default" size="sm" onClick={() => reveal.reset()}>
                {t('cards.secrets.hideDetails')}
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t('cards.secrets.detailsHint')}
            </Text>
            {noRights && <NoRights />}
            <Group>
              <Button
                variant="light"
                size="sm"
                loading={stepUp.isAsking}
                disabled={noRights}
                onClick={stepUp.ask}
              >
                {t('cards.secrets.showDetails')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
      <StepUpFlow
        stepUp={stepUp}
        reveal={reveal}
        accountId={account.accountId}
        shown={details !== undefined}
        noRights={noRights}
      />
    </Paper>
  );
}

/** A physical card's PIN, asked for on demand with a step-up and hidden again after a minute. */
export function PinReveal({ account }: { account: Account }) {
  const { t } = useTranslation();
  const stepUp = useCardSecretStepUp(account.accountId, 'pin');
  const reveal = useRevealCardPin();
  // A PIN "4829" arrives as the number 4829 (spec 2 §5 coercion); "0123" stays text.
  const pin = reveal.data === undefined ? undefined : String(reveal.data.pin).padStart(4, '0');
  useHideAfter(pin !== undefined, reveal.reset);
  const noRights = isNoRightsError(stepUp.askError);
  return (
    <Stack gap="xs">
      <Group gap="sm" align="center" wrap="wrap">
        {pin !== undefined ? (
          <>
            <Text size="sm">{t('cards.secrets.yourPin')}</Text>
            <Text className={classes.secret} fw={700} fz="xl">
              {pin}
            </Text>
            <Button variant="default" size="sm" onClick={() => reveal.reset()}>
              {t('cards.secrets.hidePin')}
            </Button>
          </>
        ) : (
          <Button
            variant="light"
            size="sm"
            loading={stepUp.isAsking}
            disabled={noRights}
            onClick={stepUp.ask}
          >
            {t('cards.secrets.showPin')}
          </Button>
        )}
      </Group>
      {noRights && pin === undefined && <NoRights />}
      <StepUpFlow
        stepUp={stepUp}
        reveal={reveal}
        accountId={account.accountId}
        shown={pin !== undefined}
        noRights={noRights}
      />
    </Stack>
  );
}
