import { Alert, Button, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { newPasswordSchema } from '@ledgerline/domain/registration';
import { useSessionManager } from '@/app/session';
import { isApiError } from '@/lib/api-error';
import { Dialog } from '@/ui/dialog';
import { describeApiError, fieldMessage } from '@/ui/field-message';
import { AlertIcon, CheckCircleIcon } from '@/ui/icons';
import { OneTimeCodeField } from '@/ui/one-time-code-field';
import { QrCode } from '@/ui/qr-code';
import { useActivateEmployee, useStartEmployeeActivation } from '../api/employee-activation';
import classes from './registration.module.css';

/** The secret in groups of four, as authenticator apps show it. */
function groupSecret(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

interface Problems {
  password?: string | undefined;
  confirmPassword?: string | undefined;
  totpCode?: string | undefined;
}

/**
 * /activate?action=activationEmployee (spec 2 §4 "Employee activation opens a popup", issue 15A):
 * any session ends first; the link is checked; the popup asks for a password and sets up an
 * authenticator app (its QR code or key, then a code from it). Then the invitee signs in.
 */
export function EmployeeActivation({ email, code }: { email: string; code: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sessionManager = useSessionManager();
  const start = useStartEmployeeActivation();
  const activate = useActivateEmployee();
  const { mutate: startActivation } = start;
  const started = useRef(false);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [totpCode, setTotpCode] = useState('');
  const [problems, setProblems] = useState<Problems>({});

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void sessionManager
      .logout('logout')
      .then(() => startActivation({ email, activationCode: code }));
  }, [sessionManager, startActivation, email, code]);

  const serverErrors = isApiError(activate.error) ? (activate.error.validationErrors ?? {}) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = newPasswordSchema.safeParse(password);
    const next: Problems = {
      password: parsed.success ? undefined : parsed.error.issues[0]?.message,
      confirmPassword: confirmPassword === password ? undefined : 'validation.passwordsDiffer',
      totpCode: /^\d{6}$/.test(totpCode.replace(/[\s-]/g, ''))
        ? undefined
        : 'validation.sixDigitCode',
    };
    setProblems(next);
    if (next.password || next.confirmPassword || next.totpCode) return;
    activate.mutate({ email, activationCode: code, password, totpCode });
  };
  const toSignIn = () => void navigate('/login', { replace: true });

  if (start.isError)
    return (
      <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
        <Stack gap={4}>
          <Text size="sm">{describeApiError(t, start.error)}</Text>
          <Text size="sm">{t('employeeActivation.askResend')}</Text>
        </Stack>
      </Alert>
    );
  if (!start.data)
    return (
      <Stack gap="sm" align="center" py="lg" role="status">
        <Loader aria-hidden="true" />
        <Text>{t('activation.activating')}</Text>
      </Stack>
    );

  const linkError = serverErrors.activationCode;
  return (
    <Dialog
      opened
      onClose={toSignIn}
      title={t('employeeActivation.title')}
      closeLabel={t('activation.close')}
      size="lg"
    >
      {activate.isSuccess ? (
        <Stack gap="md">
          <Alert color="teal" variant="light" icon={<CheckCircleIcon />} role="status">
            {t('employeeActivation.success', { company: start.data.companyName })}
          </Alert>
          <Button onClick={toSignIn} data-autofocus>
            {t('activation.continueToSignIn')}
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <fieldset disabled={activate.isPending} className={classes.fieldset}>
            <Stack gap="md">
              <Text>
                {t('employeeActivation.intro', {
                  company: start.data.companyName,
                  email: start.data.email,
                })}
              </Text>
              <PasswordInput
                label={t('employeeActivation.password')}
                description={t('registration.form.passwordHint')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                autoComplete="new-password"
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                visibilityToggleButtonProps={{
                  'aria-label': t('registration.form.showPassword'),
                }}
                error={fieldMessage(t, problems.password ?? serverErrors.password)}
                data-autofocus
              />
              <PasswordInput
                label={t('employeeActivation.confirmPassword')}
                autoComplete="new-password"
                value={confirmPassword}
                onChange={(event) => setConfirmPassword(event.currentTarget.value)}
                visibilityToggleButtonProps={{
                  'aria-label': t('registration.form.showRepeatedPassword'),
                }}
                error={fieldMessage(t, problems.confirmPassword)}
              />
              <Text fw={600}>{t('employeeActivation.secondFactor')}</Text>
              <Text size="sm">{t('employeeActivation.scan')}</Text>
              <Stack gap={4} align="center">
                <QrCode value={start.data.totpUri} title={t('employeeActivation.qrTitle')} />
                <Text size="sm" c="dimmed">
                  {t('employeeActivation.key')}
                </Text>
                <Text ff="monospace" data-testid="totp-secret">
                  {groupSecret(start.data.totpSecret)}
                </Text>
              </Stack>
              <OneTimeCodeField
                label={t('employeeActivation.code')}
                value={totpCode}
                onChange={(event) => setTotpCode(event.currentTarget.value)}
                error={problems.totpCode ?? serverErrors.totpCode}
              />
              {activate.isError &&
                (linkError || !isApiError(activate.error) || !activate.error.validationErrors) && (
                  <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
                    {describeApiError(t, activate.error)}
                  </Alert>
                )}
              <Button type="submit" loading={activate.isPending}>
                {t('employeeActivation.submit')}
              </Button>
            </Stack>
          </fieldset>
        </form>
      )}
    </Dialog>
  );
}
