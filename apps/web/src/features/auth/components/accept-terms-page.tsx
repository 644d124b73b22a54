import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Container,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Skeleton.css';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PendingTerm } from '@ledgerline/contract';
import { termsAcceptanceFormSchema, type TermsAcceptanceForm } from '@ledgerline/domain/validation';
import { useBrand } from '@/brands';
import { intlLocale, translateErrorMessage, useLanguage } from '@/i18n';
import { AlertIcon } from '@/ui/icons';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useAcceptTerms, usePendingTerms } from '../api/terms';
import classes from './login-page.module.css';

const KNOWN_TERMS = new Set(['privacyPolicy', 'termsAndConditions']);

function termTitle(t: (key: string) => string, term: PendingTerm): string {
  return KNOWN_TERMS.has(term.key) ? t(`legal.${term.key}.title`) : term.label;
}

function TermsForm({ terms }: { terms: PendingTerm[] }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const accept = useAcceptTerms();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TermsAcceptanceForm>({
    resolver: schemaResolver(termsAcceptanceFormSchema),
    defaultValues: { accepted: terms.map(() => false) },
  });
  const isBusy = accept.isPending || accept.isSuccess;
  const onSubmit = handleSubmit(() => {
    accept.mutate(
      terms.map((term) => term.value),
      // Accepting continues the sign-in: the start page decides again.
      { onSuccess: () => void navigate('/start', { replace: true }) },
    );
  });
  const formError = errors.accepted?.root?.message ?? errors.accepted?.message;

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={isBusy}>
      <fieldset disabled={isBusy} className={classes.fieldset}>
        <Stack gap="md">
          {accept.isError && (
            <Alert color="red" variant="light" icon={<AlertIcon />} title={t('terms.failedTitle')}>
              {translateErrorMessage(t, accept.error)}
            </Alert>
          )}
          {terms.map((term, index) => {
            const title = termTitle(t, term);
            return (
              <Paper key={term.value} withBorder radius="md" p="md">
                <Stack gap="xs">
                  <Text fw={600}>{title}</Text>
                  {term.versionDate && (
                    <Badge variant="light" color="gray" radius="sm" w="fit-content">
                      {t('legal.version', {
                        date: new Intl.DateTimeFormat(intlLocale(language), {
                          dateStyle: 'long',
                          timeZone: 'UTC',
                        }).format(new Date(`${term.versionDate}T12:00:00Z`)),
                      })}
                    </Badge>
                  )}
                  <Anchor href={term.url} target="_blank" rel="noopener noreferrer" size="sm">
                    {t('terms.read', { title })}
                  </Anchor>
                  <Checkbox
                    label={t('terms.accept', { title })}
                    {...register(`accepted.${index}`)}
                  />
                </Stack>
              </Paper>
            );
          })}
          {formError && (
            <Text c="red.8" size="sm" role="alert">
              {formError.startsWith('validation.') ? t(formError) : formError}
            </Text>
          )}
          <Button type="submit" size="md" loading={isBusy}>
            {t('terms.submit')}
          </Button>
        </Stack>
      </fieldset>
    </form>
  );
}

/** The terms screen (spec 1 §4): updated terms must be accepted before online banking opens. */
export function AcceptTermsPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const state = usePendingTerms();
  useDocumentTitle(t('terms.pageTitle'));
  if (state.status === 'none') return <Navigate to="/start" replace />;
  return (
    <Container size="sm" py="xl" w="100%">
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>{t('terms.title')}</Title>
          <Text c="dimmed">{t('terms.intro', { brand: brand.projectName })}</Text>
        </Stack>
        {state.status === 'loading' && (
          <Stack gap="sm" aria-busy="true">
            <Text role="status" size="sm" c="dimmed">
              {t('app.loading')}
            </Text>
            <Skeleton height={120} radius="md" />
          </Stack>
        )}
        {state.status === 'error' && (
          <Alert
            color="red"
            variant="light"
            icon={<AlertIcon />}
            title={t('terms.loadFailedTitle')}
          >
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{translateErrorMessage(t, state.error)}</Text>
              <Button size="xs" variant="default" onClick={state.retry} loading={state.retrying}>
                {t('home.retry')}
              </Button>
            </Stack>
          </Alert>
        )}
        {state.status === 'pending' && <TermsForm terms={state.terms} />}
      </Stack>
    </Container>
  );
}
