import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LoginForm as LoginFormValues, loginFormSchema } from '@ledgerline/domain/validation';

type LoginFormSchema = typeof loginFormSchema;
import { Suspense, lazy, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { i18n as I18n } from 'i18next';
import { runtimeConfig, useApiClient, useRuntimeConfig } from '@/app/session';
import { translateErrorMessage, whenLocaleComplete } from '@/i18n';
import { trackEvent } from '@/lib/analytics';
import { isApiError } from '@/lib/api-error';
import { BotCheck, useBotCheckSubmit } from '@/ui/bot-check';
import { AlertIcon } from '@/ui/icons';
import { preloadLoginRequest, useLoginMutation, type LoginResult } from '../api/login';
import classes from './login-page.module.css';

type Field = keyof LoginFormValues;
type FieldErrors = Partial<Record<Field, string>>;
const FIELDS: readonly Field[] = ['username', 'password'];

// Our texts for the auth service's reasons load with the first failure, not with the page.
const AuthErrorMessage = lazy(() =>
  import('./auth-error-message').then((m) => ({ default: m.AuthErrorMessage })),
);

/**
 * loginFormSchema (spec 1 §5) from the domain; its messages are i18n keys. Two fields need no form
 * library: the page's first load stays within its budget without one (decision 11), and zod with
 * the schema loads on the first focus, not with the page.
 */
let schemaLoading: Promise<LoginFormSchema> | undefined;
function loadSchema() {
  schemaLoading ??= import('@ledgerline/domain/validation').then((m) => m.loginFormSchema);
  schemaLoading.catch(() => {
    schemaLoading = undefined;
  });
  return schemaLoading;
}

async function validate(
  values: LoginFormValues,
): Promise<{ data?: LoginFormValues; errors: FieldErrors }> {
  const result = (await loadSchema()).safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'username' || field === 'password') && !errors[field])
      errors[field] = issue.message;
  }
  return { errors };
}

/** The first focus in the form starts loading validation and request code. */
function preloadSignInCode(i18n: I18n): void {
  void loadSchema().catch(() => undefined);
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
  // Until /config.json answers the widget stays ready; the submit asks the answer itself.
  const mayNeedBotCheck = useRuntimeConfig()?.botCheck ?? true;
  const { ref: botCheck, state: botCheckState, solve: solveBotCheck } = useBotCheckSubmit();
  // The customer is on the form: the bot check loads and solves while they type.
  const [engaged, setEngaged] = useState(false);
  const [values, setValues] = useState<LoginFormValues>({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  // Checked once a field was left (or after a submit), then on every change: "on touched".
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  async function check(field: Field, next: LoginFormValues) {
    const { errors: found } = await validate(next);
    setErrors((current) => ({ ...current, [field]: found[field] }));
  }

  const onChange = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.currentTarget.value };
    setValues(next);
    if (touched[field]) void check(field, next);
  };
  const onBlur = (field: Field) => () => {
    setTouched((current) => ({ ...current, [field]: true }));
    void check(field, values);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched({ username: true, password: true });
    const { data, errors: found } = await validate(values);
    setErrors(found);
    if (!data) {
      const first = FIELDS.find((field) => found[field]);
      if (first) inputs.current[first]?.focus();
      return;
    }
    // Usually solved while the customer typed; otherwise the submit waits for it.
    const altcha = await solveBotCheck((await runtimeConfig()).botCheck);
    if (altcha === null) {
      trackEvent('botCheckFailed', { step: 'password' });
      return;
    }
    login.mutate(
      { ...data, altcha },
      {
        // A solution works once: the next attempt needs a new one.
        onSettled: () => botCheck.current?.reset(),
        onSuccess: onResult,
        onError: (error) => {
          // The server's field errors land on the fields (STYLE.md "Forms and screens").
          if (isApiError(error) && error.validationErrors) {
            const server: FieldErrors = {};
            for (const field of FIELDS) {
              const message = error.validationErrors[field];
              if (message) server[field] = message;
            }
            setErrors((current) => ({ ...current, ...server }));
          }
        },
      },
    );
  }

  // Signed in: the form stays locked while the start page is chosen (the /start route loads).
  const isBusy =
    botCheckState === 'solving' ||
    login.isPending ||
    (login.isSuccess && login.data.kind === 'signedIn') ||
    navigation.state !== 'idle';

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      onFocus={() => {
        preloadSignInCode(i18n);
        setEngaged(true);
      }}
      noValidate
      aria-busy={isBusy}
    >
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
            name="username"
            ref={(node) => {
              inputs.current.username = node;
            }}
            value={values.username}
            onChange={onChange('username')}
            onBlur={onBlur('username')}
            error={fieldMessage(t, errors.username)}
          />
          <PasswordInput
            label={t('signIn.password')}
            autoComplete="current-password"
            required
            withAsterisk={false}
            size="md"
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': t('signIn.showPassword') }}
            name="password"
            ref={(node) => {
              inputs.current.password = node;
            }}
            value={values.password}
            onChange={onChange('password')}
            onBlur={onBlur('password')}
            error={fieldMessage(t, errors.password)}
          />
          {mayNeedBotCheck && <BotCheck ref={botCheck} client={client} start={engaged} />}
          <Button type="submit" size="md" fullWidth loading={isBusy} mt="xs">
            {t('signIn.submit')}
          </Button>
        </Stack>
      </fieldset>
    </form>
  );
}
