import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  secondFactorCodeFormSchema,
  type SecondFactorCodeForm,
} from '@ledgerline/domain/validation';
import { useBrand } from '@/brands';
import { useLanguage } from '@/i18n';
import { AlertIcon } from '@/ui/icons';
import { OneTimeCodeField } from '@/ui/one-time-code-field';
import { useTokenExchange } from '../api/token';
import { authErrorReason, authErrorText, endsTheSignIn } from '../auth-errors';
import classes from './login-page.module.css';

export interface CodeEntryStepProps {
  flow: 'otp' | 'sms';
  /** The authorization code from /login, exchanged with the typed code. */
  code: string;
  /** sms: where the message went, masked by the server. */
  phoneNumber: string | undefined;
  /** sms: the two digits the message starts with, to match it to this sign-in. */
  smsIdentifier: string | undefined;
  onSignedIn: () => void;
  onRestart: () => void;
}

/** otp and sms (spec 1 §4): the code from the authenticator app or the text message. */
export function CodeEntryStep({
  flow,
  code,
  phoneNumber,
  smsIdentifier,
  onSignedIn,
  onRestart,
}: CodeEntryStepProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const brand = useBrand();
  const exchange = useTokenExchange('code');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SecondFactorCodeForm>({
    resolver: schemaResolver(secondFactorCodeFormSchema),
    defaultValues: { otp: '' },
  });

  const reason = exchange.isError ? authErrorReason(exchange.error) : undefined;
  const isOver = exchange.isError && endsTheSignIn(reason);
  const isBusy = exchange.isPending || exchange.isSuccess;

  const onSubmit = handleSubmit(({ otp }) => {
    exchange.mutate(
      // The schema has already taken spaces and dashes out.
      { code, otp: otp.replace(/[\s-]/g, '') },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          if (authErrorReason(error) === 'wrongCode') {
            setError('otp', { type: 'server', message: t('signInFlow.errors.wrongCode') });
          }
        },
      },
    );
  });

  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Title order={1} id="sign-in-title" className={classes.title}>
          {t(`signInFlow.code.${flow}.title`)}
        </Title>
        <Text c="dimmed">
          {flow === 'sms'
            ? t('signInFlow.code.sms.body', {
                phone: phoneNumber ?? t('signInFlow.code.sms.yourPhone'),
              })
            : t('signInFlow.code.otp.body', { brand: brand.projectName })}
        </Text>
        {flow === 'sms' && smsIdentifier && (
          <Group gap="xs">
            <Text size="sm">{t('signInFlow.code.sms.identifier')}</Text>
            <Badge size="lg" variant="light" radius="sm" className={classes.identifier}>
              {smsIdentifier}
            </Badge>
          </Group>
        )}
      </Stack>

      {exchange.isError && reason !== 'wrongCode' && (
        <Alert color="red" variant="light" icon={<AlertIcon />} title={t('signIn.failedTitle')}>
          {authErrorText(t, exchange.error, language)}
        </Alert>
      )}

      {isOver ? (
        <Button size="md" onClick={onRestart}>
          {t('signInFlow.startAgain')}
        </Button>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-busy={isBusy}>
          <fieldset disabled={isBusy} className={classes.fieldset}>
            <Stack gap="md">
              <OneTimeCodeField
                label={t('signInFlow.code.label')}
                description={t('signInFlow.code.hint')}
                size="md"
                required
                withAsterisk={false}
                data-autofocus
                error={errors.otp?.message}
                {...register('otp')}
              />
              <Button type="submit" size="md" fullWidth loading={isBusy}>
                {t('signInFlow.code.submit')}
              </Button>
            </Stack>
          </fieldset>
        </form>
      )}
      <Button variant="subtle" onClick={onRestart} disabled={isBusy}>
        {t('signInFlow.backToSignIn')}
      </Button>
    </Stack>
  );
}
