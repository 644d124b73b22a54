import { Alert, Button, Group, Radio, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { sixDigitCodeSchema } from '@ledgerline/domain/validation';
import {
  TRANSACTION_APPROVE_MODES,
  type SecondFactorMode,
  type SecuritySettings,
  type TwoStepChange,
} from '@ledgerline/contract';
import { useRealtimeEvent, useRealtimeState } from '@/app/session';
import { useBrand } from '@/brands';
import { Dialog } from '@/ui/dialog';
import { fieldMessage } from '@/ui/field-message';
import { CheckCircleIcon } from '@/ui/icons';
import { QrCode } from '@/ui/qr-code';
import { OneTimeCodeField } from '@/ui/one-time-code-field';
import {
  useConfirmTwoStepVerification,
  useSecuritySettings,
  useSetTwoStepVerification,
} from '../api/security-settings';
import {
  ActionError,
  LoadFailed,
  Section,
  isFieldError,
  setServerFieldErrors,
} from './security-page';
import classes from './security.module.css';
import frame from '@/ui/page-frame.module.css';
import { ListSkeleton } from '@/ui/list-skeleton';

export type TwoStepTarget = 'login' | 'transaction';
type TransactionModeName = keyof typeof TRANSACTION_APPROVE_MODES;

const TRANSACTION_MODE_NAMES = new Map<number, TransactionModeName>(
  Object.entries(TRANSACTION_APPROVE_MODES).map(([name, id]) => [id, name as TransactionModeName]),
);

/** A mode's name for the locale keys: login modes as they are ('no', 'otp', …), transaction modes 0–4 by name. */
function modeName(target: TwoStepTarget, mode: string | number): string {
  if (target === 'login') return String(mode);
  return TRANSACTION_MODE_NAMES.get(Number(mode)) ?? String(mode);
}

/** The name of a mode in the page's language (login: 'no' | 'otp' | 'sms' | 'push'; transaction: 0–4). */
export function useModeLabel() {
  const { t } = useTranslation();
  return (target: TwoStepTarget, mode: string | number): string =>
    t(`security.twoStep.modes.${target}.${modeName(target, mode)}`);
}

function currentMode(settings: SecuritySettings, target: TwoStepTarget): string {
  return target === 'login' ? settings.login2faMode : String(settings.transactionApproveMode);
}

/** Changing away from the authenticator app asks for a code from it first (the current factor). */
function currentIsApp(settings: SecuritySettings, target: TwoStepTarget): boolean {
  return target === 'login'
    ? settings.login2faMode === 'otp'
    : settings.transactionApproveMode === TRANSACTION_APPROVE_MODES.otp;
}

function choices(settings: SecuritySettings, target: TwoStepTarget): string[] {
  const available =
    target === 'login'
      ? settings.availableLoginModes
      : settings.availableTransactionModes.map(String);
  const current = currentMode(settings, target);
  return available.filter((mode) => mode !== current);
}

/** Spec 2 §7 "Two-step verification": the second factor for signing in and for approving payments. */
export function TwoStepSection() {
  const { t } = useTranslation();
  const settings = useSecuritySettings();
  const label = useModeLabel();
  const [changing, setChanging] = useState<TwoStepTarget | null>(null);

  return (
    <Section title={t('security.twoStep.title')} description={t('security.twoStep.description')}>
      {settings.isPending && <ListSkeleton size="sm" rows={2} label={t('security.loading')} />}
      {settings.isError && (
        <LoadFailed
          error={settings.error}
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      )}
      {settings.isSuccess && (
        <div className={classes.modeGrid}>
          {(['login', 'transaction'] as const).map((target) => {
            const canChange = choices(settings.data, target).length > 0;
            return (
              <div key={target} className={classes.modeCard}>
                <Text fw={600}>{t(`security.twoStep.${target}.title`)}</Text>
                <Text size="sm" c="dimmed">
                  {t(`security.twoStep.${target}.hint`)}
                </Text>
                <Text size="sm">
                  {t('security.twoStep.now')}{' '}
                  <Text component="strong" fw={700} size="sm">
                    {label(target, currentMode(settings.data, target))}
                  </Text>
                </Text>
                {canChange ? (
                  <Button
                    variant="default"
                    onClick={() => setChanging(target)}
                    mt="auto"
                    w="fit-content"
                  >
                    {t(`security.twoStep.${target}.change`)}
                  </Button>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('security.twoStep.noOtherModes')}
                  </Text>
                )}
              </div>
            );
          })}
        </div>
      )}
      {settings.isSuccess && changing && (
        <ChangeTwoStepDialog
          target={changing}
          settings={settings.data}
          onClose={() => setChanging(null)}
        />
      )}
    </Section>
  );
}

type Step =
  | { step: 'choose' }
  | { step: 'confirm'; mode: string; change: TwoStepChange; currentCodeGiven: boolean }
  | { step: 'done'; mode: string };

/** Choose the new method, prove the current one, set up the app if it is the new one, done. */
export function ChangeTwoStepDialog({
  target,
  settings,
  onClose,
}: {
  target: TwoStepTarget;
  settings: SecuritySettings;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const label = useModeLabel();
  const [step, setStep] = useState<Step>({ step: 'choose' });
  return (
    <Dialog
      opened
      onClose={onClose}
      title={t(`security.twoStep.${target}.dialogTitle`)}
      closeLabel={t('security.close')}
      size="lg"
    >
      {step.step === 'choose' && (
        <ChooseModeStep
          target={target}
          settings={settings}
          onStarted={(mode, change, currentCodeGiven) =>
            setStep({ step: 'confirm', mode, change, currentCodeGiven })
          }
          onCancel={onClose}
        />
      )}
      {step.step === 'confirm' && (
        <ConfirmModeStep
          target={target}
          mode={step.mode}
          change={step.change}
          currentCodeGiven={step.currentCodeGiven}
          onConfirmed={() => setStep({ step: 'done', mode: step.mode })}
          onBack={() => setStep({ step: 'choose' })}
        />
      )}
      {step.step === 'done' && (
        <Stack gap="md">
          <Alert color="teal" variant="light" icon={<CheckCircleIcon />} role="status">
            {t(`security.twoStep.${target}.changed`, { mode: label(target, step.mode) })}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              {t('security.done')}
            </Button>
          </Group>
        </Stack>
      )}
    </Dialog>
  );
}

interface ChooseValues {
  mode: string;
  currentCode: string;
}

function ChooseModeStep({
  target,
  settings,
  onStarted,
  onCancel,
}: {
  target: TwoStepTarget;
  settings: SecuritySettings;
  onStarted: (mode: string, change: TwoStepChange, currentCodeGiven: boolean) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const label = useModeLabel();
  const start = useSetTwoStepVerification();
  const needsCurrentCode = currentIsApp(settings, target);
  const options = choices(settings, target);
  const schema = z.object({
    mode: z.string().min(1, 'validation.chooseOne'),
    currentCode: needsCurrentCode ? sixDigitCodeSchema : z.string(),
  });
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ChooseValues>({
    resolver: schemaResolver(schema),
    defaultValues: { mode: options.length === 1 ? (options[0] ?? '') : '', currentCode: '' },
  });

  const onSubmit = handleSubmit((values) => {
    const currentCode = needsCurrentCode ? values.currentCode : undefined;
    const request =
      target === 'login'
        ? { target, mode: values.mode as SecondFactorMode, ...(currentCode ? { currentCode } : {}) }
        : { target, mode: Number(values.mode), ...(currentCode ? { currentCode } : {}) };
    start.mutate(request, {
      onSuccess: (change) => onStarted(values.mode, change, currentCode !== undefined),
      onError: (error) => setServerFieldErrors(error, ['mode', 'currentCode'], setError),
    });
  });

  const busy = start.isPending;
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={busy}>
      <fieldset disabled={busy} className={frame.fieldset}>
        <Stack gap="md">
          <Text size="sm">
            {t('security.twoStep.now')}{' '}
            <strong>{label(target, currentMode(settings, target))}</strong>
          </Text>
          <Controller
            control={control}
            name="mode"
            render={({ field }) => (
              <Radio.Group
                label={t('security.twoStep.newMode')}
                value={field.value}
                onChange={field.onChange}
                error={fieldMessage(t, errors.mode?.message)}
              >
                <Stack gap="xs" mt="xs">
                  {options.map((mode) => (
                    <Radio
                      key={mode}
                      value={mode}
                      label={label(target, mode)}
                      description={t(
                        `security.twoStep.describe.${target}.${modeName(target, mode)}`,
                      )}
                    />
                  ))}
                </Stack>
              </Radio.Group>
            )}
          />
          {needsCurrentCode && (
            <OneTimeCodeField
              w={{ base: '100%', xs: 220 }}
              label={t('security.twoStep.currentAppCode')}
              description={t('security.twoStep.currentAppCodeHint')}
              error={errors.currentCode?.message}
              {...register('currentCode')}
            />
          )}
          <ActionError
            error={isFieldError(start.error, ['mode', 'currentCode']) ? null : start.error}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('security.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('security.continue')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}

interface ConfirmValues {
  code: string;
  newFactorCode: string;
}

type PushDecision = 'waiting' | 'approved' | 'declined';

/** The base32 secret in groups of four, easier to type into an app by hand. */
function groupSecret(secret: string): string {
  return secret
    .replace(/\s+/g, '')
    .replace(/(.{4})/g, '$1 ')
    .trim();
}

function ConfirmModeStep({
  target,
  mode,
  change,
  currentCodeGiven,
  onConfirmed,
  onBack,
}: {
  target: TwoStepTarget;
  mode: string;
  change: TwoStepChange;
  /** The app's code was checked when the change started: the app needs no second code. */
  currentCodeGiven: boolean;
  onConfirmed: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const brand = useBrand();
  const label = useModeLabel();
  const confirm = useConfirmTwoStepVerification();
  const needsCode =
    change.confirmWith === 'sms' ||
    change.confirmWith === 'email' ||
    (change.confirmWith === 'otp' && !currentCodeGiven);
  const setsUpApp = change.otpauthUri !== undefined;
  const [decision, setDecision] = useState<PushDecision>('waiting');
  const schema = z.object({
    code: needsCode ? sixDigitCodeSchema : z.string(),
    newFactorCode: setsUpApp ? sixDigitCodeSchema : z.string(),
  });
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = useForm<ConfirmValues>({
    resolver: schemaResolver(schema),
    defaultValues: { code: '', newFactorCode: '' },
  });

  const send = (values: ConfirmValues) =>
    confirm.mutate(
      {
        requestKey: change.requestKey,
        ...(needsCode ? { code: values.code } : {}),
        ...(setsUpApp ? { newFactorCode: values.newFactorCode } : {}),
      },
      {
        onSuccess: onConfirmed,
        onError: (error) => setServerFieldErrors(error, ['code', 'newFactorCode'], setError),
      },
    );
  const onSubmit = handleSubmit(send);

  // A push confirmation: the phone's decision arrives on the realtime channel under the request's key.
  const channel = useRealtimeState();
  useRealtimeEvent('LoginRequestDecided', (event) => {
    if (change.confirmWith !== 'push' || event.payload.key !== change.requestKey) return;
    setDecision(event.payload.approved ? 'approved' : 'declined');
    // Nothing else to type: the approval completes the change by itself.
    if (event.payload.approved && !setsUpApp) send(getValues());
  });

  const busy = confirm.isPending;
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={busy}>
      <fieldset disabled={busy} className={frame.fieldset}>
        <Stack gap="md">
          <Text size="sm">
            {t('security.twoStep.changingTo')} <strong>{label(target, mode)}</strong>
          </Text>
          {setsUpApp && (
            <Stack gap="sm">
              <Text size="sm">{t('security.twoStep.app.scan')}</Text>
              <QrCode
                value={change.otpauthUri ?? ''}
                title={t('security.twoStep.app.qrTitle', { brand: brand.projectName })}
              />
              {change.secret && (
                <Stack gap={2} align="center">
                  <Text size="sm" c="dimmed">
                    {t('security.twoStep.app.key')}
                  </Text>
                  <Text className={classes.secret} data-testid="totp-secret">
                    {groupSecret(change.secret)}
                  </Text>
                </Stack>
              )}
              <OneTimeCodeField
                w={{ base: '100%', xs: 220 }}
                label={t('security.twoStep.app.newCode')}
                description={t('security.twoStep.app.newCodeHint')}
                error={errors.newFactorCode?.message}
                {...register('newFactorCode')}
              />
            </Stack>
          )}
          {change.confirmWith === 'push' && (
            <Alert color={decision === 'declined' ? 'red' : 'blue'} variant="light" role="status">
              {decision === 'waiting' &&
                t(
                  channel === 'lost' || channel === 'closed'
                    ? 'security.twoStep.push.waitingNoChannel'
                    : 'security.twoStep.push.waiting',
                )}
              {decision === 'approved' && t('security.twoStep.push.approved')}
              {decision === 'declined' && t('security.twoStep.push.declined')}
            </Alert>
          )}
          {needsCode && (
            <Stack gap="xs">
              <Text size="sm">
                {change.confirmWith === 'otp'
                  ? t('security.twoStep.codeFromApp')
                  : t('security.twoStep.codeSent', { to: change.sentTo ?? '' })}
              </Text>
              <OneTimeCodeField
                w={{ base: '100%', xs: 220 }}
                label={t(`security.twoStep.codeFrom.${change.confirmWith}`)}
                error={errors.code?.message}
                {...register('code')}
              />
            </Stack>
          )}
          <ActionError
            error={isFieldError(confirm.error, ['code', 'newFactorCode']) ? null : confirm.error}
          />
          <Group justify="space-between">
            <Button variant="subtle" onClick={onBack}>
              {t('security.twoStep.startAgain')}
            </Button>
            <Button type="submit" loading={busy} disabled={decision === 'declined'}>
              {t('security.confirm')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}
