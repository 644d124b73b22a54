import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm, type FieldPath } from 'react-hook-form';
import { useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LoginForm as LoginFormValues } from '@ledgerline/domain/validation';
import { Suspense, lazy, useRef, useState } from 'react';
import type { i18n as I18n } from 'i18next';
import { translateErrorMessage, whenLocaleComplete } from '@/i18n';
import { trackEvent } from '@/lib/analytics';
import { isApiError } from '@/lib/api-error';
import { lazyResolver } from '@/lib/forms/lazy-resolver';
import { useApiClient, useRuntimeConfig } from '@/app/session';
import { BotCheck, type BotCheckHandle } from '@/ui/bot-check';
import { AlertIcon } from '@/ui/icons';
import { preloadLoginRequest, useLoginMutation, type LoginResult } from '../api/login';
import classes from './login-page.module.css';

const FIELDS: readonly FieldPath<LoginFormValues>[] = ['username', 'password'];

// Our texts for the auth service's reasons load with the first failure, not with the page.
const AuthErrorMessage = lazy(() =>
  import('./auth-error-message').then((m) => ({ default: m.AuthErrorMessage })),
);

// loginFormSchema (spec 1 §5) from the domain; its messages are i18n keys.
const loginResolver = lazyResolver<LoginFormValues>(async () => {
  const [{ zodResolver }, { loginFormSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@ledgerline/domain/validation'),
  ]);
  return zodResolver(loginFormSchema);
});

/** The first focus in the form starts loading validation and request code. */
function preloadSignInCode(i18n: I18n): void {
  loginResolver.preload();
  preloadLoginRequest();
  void import('./auth-error-message').catch(() => undefined);
  // The texts of the next steps (code entry, push, …) are in the rest of the locale.
  void whenLocaleComplete(i18n).catch(() => undefined);
}

/** Messages are i18n keys ('validation.required'); a server may also send plain text. */
function fieldMessage(t: (key: string) => string, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return message.startsWith('validation.') ? t(message) : message;
}

export interface LoginFormProps {
  /** The first step answered: the page shows the flow's next screen or moves on. */
  onResult: (result: LoginResult) => void;
}

export function LoginForm({ onResult }: LoginFormProps) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const login = useLoginMutation();
  const client = useApiClient();
  const botCheckRequired = useRuntimeConfig()?.botCheck ?? false;
  const botCheck = useRef<BotCheckHandle | null>(null);
  const [botCheckState, setBotCheckState] = useState<'idle' | 'solving' | 'failed'>('idle');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginFormValues>({
    resolver: loginResolver.resolver,
    mode: 'onTouched',
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    let altcha: string | undefined;
    if (botCheckRequired && botCheck.current) {
      // Usually solved while the customer typed; otherwise the submit waits for it.
      setBotCheckState('solving');
      try {
        altcha = await botCheck.current.solution();
        setBotCheckState('idle');
      } catch {
        setBotCheckState('failed');
        trackEvent('botCheckFailed', { step: 'password' });
        botCheck.current.reset();
        return;
      }
    }
    login.mutate(
      { ...values, altcha },
      {
        // A solution works once: the next attempt needs a new one.
        onSettled: () => botCheck.current?.reset(),
        onSuccess: onResult,
        onError: (error) => {
          // The server's field errors land on the fields (STYLE.md "Forms and screens").
          if (isApiError(error) && error.validationErrors) {
            for (const field of FIELDS) {
              const message = error.validationErrors[field];
              if (message) setError(field, { type: 'server', message });
            }
          }
        },
      },
    );
  });

  // Signed in: the form stays locked while the start page is chosen (the /start route loads).
  const isBusy =
    botCheckState === 'solving' ||
    login.isPending ||
    (login.isSuccess && login.data.kind === 'signedIn') ||
    navigation.state !== 'idle';

  return (
    <form onSubmit={onSubmit} onFocus={() => preloadSignInCode(i18n)} noValidate aria-busy={isBusy}>
      <fieldset disabled={isBusy} className={classes.fieldset}>
        <Stack gap="md">
          {botCheckState === 'failed' && (
            <Alert color="red" variant="light" title={t('signIn.failedTitle')} icon={<AlertIcon />}>
              {t('botCheck.failed')}
            </Alert>
          )}
          {login.isError && (
            <Alert color="red" variant="light" title={t('signIn.failedTitle')} icon={<AlertIcon />}>
              <Suspense fallback={translateErrorMessage(t, login.error)}>
                <AuthErrorMessage error={login.error} />
              </Suspense>
            </Alert>
          )}
          <TextInput
            label={t('signIn.email')}
            type="email"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            withAsterisk={false}
            size="md"
            error={fieldMessage(t, errors.username?.message)}
            {...register('username')}
          />
          <PasswordInput
            label={t('signIn.password')}
            autoComplete="current-password"
            required
            withAsterisk={false}
            size="md"
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': t('signIn.showPassword') }}
            error={fieldMessage(t, errors.password?.message)}
            {...register('password')}
          />
          {botCheckRequired && <BotCheck ref={botCheck} client={client} />}
          <Button type="submit" size="md" fullWidth loading={isBusy} mt="xs">
            {t('signIn.submit')}
          </Button>
        </Stack>
      </fieldset>
    </form>
  );
}
