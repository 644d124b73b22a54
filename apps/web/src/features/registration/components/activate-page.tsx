import { Alert, Button, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  emailAddressSchema,
  isActivationAction,
  type ActivationAction,
} from '@ledgerline/domain/registration';
import { useSessionManager } from '@/app/session';
import { Dialog } from '@/ui/dialog';
import { AlertIcon, CheckCircleIcon } from '@/ui/icons';
import { describeApiError, fieldMessage } from '@/ui/field-message';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useActivateAccount } from '../api/activate-account';
import { useResendActivation } from '../api/resend-activation';
import { EmployeeActivation } from './employee-activation';
import classes from './registration.module.css';

interface LinkParams {
  action: ActivationAction;
  email: string;
  code: string;
}

function readLink(search: URLSearchParams): LinkParams | undefined {
  const action = search.get('action');
  const email = search.get('user')?.trim() ?? '';
  const code = search.get('code')?.trim() ?? '';
  if (!isActivationAction(action) || email === '' || code === '') return undefined;
  return { action, email, code };
}

/** A new link for the address in the old one (or one the customer types). */
function ResendForm({ initialEmail }: { initialEmail: string }) {
  const { t } = useTranslation();
  const resend = useResendActivation();
  const [email, setEmail] = useState(initialEmail);
  const [problem, setProblem] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailAddressSchema.safeParse(email);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    resend.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="resend-title">
      <fieldset disabled={resend.isPending} className={classes.fieldset}>
        <Stack gap="sm">
          <Title order={2} fz="lg" id="resend-title">
            {t('activation.resendTitle')}
          </Title>
          <TextInput
            label={t('activation.email')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={fieldMessage(t, problem)}
          />
          <div role="status" aria-live="polite">
            {resend.isSuccess && (
              <Alert color="teal" variant="light" icon={<CheckCircleIcon />}>
                {t('activation.resent')}
              </Alert>
            )}
          </div>
          {resend.isError && (
            <Alert color="red" variant="light" icon={<AlertIcon />}>
              {describeApiError(t, resend.error)}
            </Alert>
          )}
          <Button type="submit" variant="light" loading={resend.isPending}>
            {t('activation.resend')}
          </Button>
        </Stack>
      </fieldset>
    </form>
  );
}

/**
 * /activate?action=activation|activationBusiness|activationEmployee&user=…&code=… (spec 1 §2,
 * spec 2 §4 "Account activation"): any session ends first, then the account is activated. The
 * spec's texts on success; on failure the validation errors or the description under the header
 * 'Account Activation', with a resend.
 */
export function ActivatePage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const sessionManager = useSessionManager();
  const activation = useActivateAccount();
  const { mutate: activate } = activation;
  const started = useRef(false);
  const [link] = useState(() => readLink(search));
  const [dialogOpen, setDialogOpen] = useState(true);
  useDocumentTitle(t('activation.pageTitle'));

  useEffect(() => {
    // Once per visit, also under React's development double effects: a code works only once.
    // An employee link is activated in its popup, with a password and a second factor (issue 15A).
    if (!link || link.action === 'activationEmployee' || started.current) return;
    started.current = true;
    // The session manager's sign-out: the server, every tab and the cached data (spec 2 §4).
    void sessionManager.logout('logout').then(() => activate(link));
  }, [link, sessionManager, activate]);

  const isBusiness = link?.action === 'activationBusiness';
  const isEmployee = link?.action === 'activationEmployee';
  const successText = t(isBusiness ? 'activation.businessSuccess' : 'activation.personalSuccess');
  // Personal: home is the sign-in page until a session exists; business: the root (spec 2 §2).
  const leave = () => void navigate(isBusiness ? '/' : '/login', { replace: true });

  let body;
  if (link && isEmployee) {
    body = <EmployeeActivation email={link.email} code={link.code} />;
  } else if (!link) {
    body = (
      <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
        {t('activation.invalidLink')}
      </Alert>
    );
  } else if (activation.isError) {
    body = (
      <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
        {describeApiError(t, activation.error)}
      </Alert>
    );
  } else if (activation.isSuccess) {
    body = isEmployee ? (
      <Dialog
        opened={dialogOpen}
        onClose={() => setDialogOpen(false)}
        title={t('activation.title')}
        closeLabel={t('activation.close')}
      >
        <Stack gap="md">
          <Text>{successText}</Text>
          <Button onClick={leave} data-autofocus>
            {t('activation.continueToSignIn')}
          </Button>
        </Stack>
      </Dialog>
    ) : (
      <Stack gap="md">
        <Alert color="teal" variant="light" icon={<CheckCircleIcon />} role="status">
          {successText}
        </Alert>
        <Button size="md" onClick={leave}>
          {t(isBusiness ? 'activation.continue' : 'activation.continueToSignIn')}
        </Button>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="sm" align="center" py="lg" role="status">
        <Loader aria-hidden="true" />
        <Text>{t('activation.activating')}</Text>
      </Stack>
    );
  }

  const showResend = !link || activation.isError;
  return (
    <div className={classes.stage}>
      <Paper className={`${classes.card} ${classes.narrow}`} shadow="sm" radius="lg" withBorder>
        <Stack gap="lg">
          <Title order={1} className={classes.title}>
            {t('activation.title')}
          </Title>
          {body}
          {isEmployee && activation.isSuccess && !dialogOpen && (
            <Button size="md" onClick={leave}>
              {t('activation.continueToSignIn')}
            </Button>
          )}
          {showResend && <ResendForm initialEmail={link?.email ?? search.get('user') ?? ''} />}
        </Stack>
      </Paper>
    </div>
  );
}
