import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Loader,
  NativeSelect,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/SimpleGrid.css';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { useMemo } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BrandConfig } from '@ledgerline/domain/brands';
import {
  EMAIL_CHECK_STATUS,
  canRegisterWithEmail,
  createBusinessRegistrationFormSchema,
  createPersonalRegistrationFormSchema,
  isIndustryGroupOffered,
  type BusinessRegistrationForm,
  type EmailCheckStatus,
  type RegistrationKind,
} from '@ledgerline/domain/registration';
import { runtimeConfig, useApiClient, useRuntimeConfig } from '@/app/session';
import { useBrand } from '@/brands';
import { BotCheck, useBotCheckSubmit } from '@/ui/bot-check';
import { intlLocale, useLanguage } from '@/i18n';
import { isApiError } from '@/lib/api-error';
import { AlertIcon, ChevronDownIcon } from '@/ui/icons';
import { describeApiError, fieldMessage } from '@/ui/field-message';
import { useEmailCheck } from '../api/check-email-exists';
import { useCountries, useIndustryGroups } from '../api/get-dictionaries';
import {
  useRegisterBusiness,
  useRegisterPersonal,
  type RegistrationAnswer,
} from '../api/register-account';
import classes from './registration.module.css';

/** Native selects (accessible, right on phones) with the app's chevron. */
const SELECT_LOOK = {
  rightSection: <ChevronDownIcon size={16} />,
  rightSectionPointerEvents: 'none' as const,
};

/** Both forms in one shape: the personal form leaves the business fields empty and unused. */
type RegistrationValues = BusinessRegistrationForm;

/** The personal form's rules on the one shape: the business fields pass through, unchecked. */
function personalFormSchema(brand: BrandConfig) {
  return createPersonalRegistrationFormSchema(brand).and(
    z.object({ businessName: z.string(), industryId: z.string() }),
  );
}

const SERVER_FIELDS: readonly FieldPath<RegistrationValues>[] = [
  'registrationType',
  'businessName',
  'countryCode',
  'industryId',
  'firstName',
  'lastName',
  'email',
  'password',
];

function defaultValues(brand: BrandConfig): RegistrationValues {
  return {
    registrationType: '',
    businessName: '',
    countryCode: '',
    industryId: '',
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    confirmPassword: '',
    terms: Object.fromEntries(
      brand.terms.map((term) => [term.key, false]),
    ) as RegistrationValues['terms'],
  };
}

function formatVersionDate(isoDate: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T12:00:00Z`),
  );
}

function EmailStatus({ status }: { status: EmailCheckStatus | undefined }) {
  const { t } = useTranslation();
  if (status === EMAIL_CHECK_STATUS.checking) {
    return (
      <Group gap={6} className={classes.emailStatus} c="dimmed">
        <Loader size={12} aria-hidden="true" />
        <span>{t('registration.emailCheck.checking')}</span>
      </Group>
    );
  }
  if (status === EMAIL_CHECK_STATUS.failed) {
    return (
      <Text className={classes.emailStatus} c="dimmed">
        {t('registration.emailCheck.failed')}
      </Text>
    );
  }
  if (status === EMAIL_CHECK_STATUS.free) {
    return (
      <Text className={classes.emailStatus} c="teal.9">
        {t('registration.emailCheck.free')}
      </Text>
    );
  }
  return null;
}

function TakenMessage({ status }: { status: EmailCheckStatus }) {
  const { t } = useTranslation();
  return (
    <>
      {t(
        status === EMAIL_CHECK_STATUS.employee
          ? 'registration.emailCheck.employee'
          : 'registration.emailCheck.exists',
      )}{' '}
      <Anchor component={Link} to="/login" fz="inherit" c="inherit" td="underline">
        {t('registration.emailCheck.signIn')}
      </Anchor>
      {' · '}
      <Anchor component={Link} to="/account-recovery/email" fz="inherit" c="inherit" td="underline">
        {t('registration.emailCheck.recover')}
      </Anchor>
    </>
  );
}

/**
 * The registration form of spec 1 §2 for a personal or a business account: the brand's types,
 * terms and industries; the e-mail existence check as the address is typed (spec 2 §5).
 */
export function RegistrationForm({
  kind,
  onRegistered,
}: {
  kind: RegistrationKind;
  onRegistered: (answer: RegistrationAnswer) => void;
}) {
  const { t } = useTranslation();
  const brand = useBrand();
  const { language } = useLanguage();
  const isBusiness = kind === 'business';
  const personal = useRegisterPersonal();
  const business = useRegisterBusiness();
  const mutation = isBusiness ? business : personal;
  const countries = useCountries();
  const industryGroups = useIndustryGroups({ enabled: isBusiness });

  const resolver = useMemo(
    () =>
      isBusiness
        ? schemaResolver(createBusinessRegistrationFormSchema(brand))
        : schemaResolver(personalFormSchema(brand)),
    [brand, isBusiness],
  );
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    watch,
    formState: { errors },
  } = useForm<RegistrationValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: defaultValues(brand),
  });

  const client = useApiClient();
  // Until /config.json answers the widget stays ready; the submit asks the answer itself.
  const mayNeedBotCheck = useRuntimeConfig()?.botCheck ?? true;
  const { ref: botCheck, state: botCheckState, solve: solveBotCheck } = useBotCheckSubmit();

  const emailStatus = useEmailCheck(watch('email'));
  const emailTaken = emailStatus !== undefined && !canRegisterWithEmail(emailStatus);

  const onSubmit = handleSubmit(async (values) => {
    if (emailTaken) {
      setFocus('email');
      return;
    }
    const altcha = await solveBotCheck((await runtimeConfig()).botCheck);
    if (altcha === null) return;
    const common = {
      brandId: brand.id,
      registrationType: values.registrationType,
      firstName: values.firstName,
      lastName: values.lastName,
      countryCode: values.countryCode,
      email: values.email,
      password: values.password,
      acceptedTerms: brand.terms.filter((term) => values.terms[term.key]).map((term) => term.value),
      ...(altcha ? { altcha } : {}),
    };
    const handlers = {
      // A solution works once: another attempt needs a new one.
      onSettled: () => botCheck.current?.reset(),
      onSuccess: onRegistered,
      onError: (error: Error) => {
        // The server's field errors land on the fields (STYLE.md "Forms and screens").
        if (!isApiError(error) || !error.validationErrors) return;
        for (const field of SERVER_FIELDS) {
          const message = error.validationErrors[field];
          if (message) setError(field, { type: 'server', message });
        }
        const firstTerm = brand.terms[0];
        const termsMessage = error.validationErrors.acceptedTerms;
        if (termsMessage && firstTerm)
          setError(`terms.${firstTerm.key}`, { type: 'server', message: termsMessage });
      },
    };
    if (isBusiness) {
      business.mutate(
        { ...common, businessName: values.businessName, industryId: Number(values.industryId) },
        handlers,
      );
    } else {
      personal.mutate(common, handlers);
    }
  });

  const isBusy = mutation.isPending || botCheckState === 'solving';
  const err = (path: FieldPath<RegistrationValues>) => {
    const parts = path.split('.');
    let node: unknown = errors;
    for (const part of parts) node = (node as Record<string, unknown> | undefined)?.[part];
    return fieldMessage(t, (node as { message?: string } | undefined)?.message);
  };
  // Field errors are shown on the fields; the alert is for what no field can show.
  const failure = mutation.error;
  const failureHasFields =
    isApiError(failure) &&
    failure.validationErrors &&
    Object.keys(failure.validationErrors).some((key) =>
      [...SERVER_FIELDS, 'acceptedTerms'].includes(key),
    );

  const countryOptions = [
    {
      value: '',
      label: countries.isPending
        ? t('registration.form.loadingList')
        : t('registration.form.choose'),
    },
    ...(countries.data ?? []).map((country) => ({ value: country.code, label: country.name })),
  ];
  const types = isBusiness ? brand.registrationBusinessTypes : brand.registrationPersonalTypes;
  const typeOptions = [
    { value: '', label: t('registration.form.choose') },
    ...types.map((type) => ({ value: type, label: t(`registration.types.${kind}.${type}`) })),
  ];
  const industryOptions = [
    {
      value: '',
      label: industryGroups.isPending
        ? t('registration.form.loadingList')
        : t('registration.form.choose'),
    },
    ...(industryGroups.data ?? [])
      .filter((group) => isIndustryGroupOffered(brand, group.label))
      .map((group) => ({
        group: group.name,
        items: group.industries.map((industry) => ({
          value: String(industry.id),
          label: industry.name,
        })),
      })),
  ];
  const listsFailed = countries.isError || industryGroups.isError;
  const locale = intlLocale(language);

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={isBusy}>
      <fieldset disabled={isBusy} className={classes.fieldset}>
        <Stack gap="xl">
          {failure && !failureHasFields && (
            <Alert
              color="red"
              variant="light"
              title={t('registration.form.failedTitle')}
              icon={<AlertIcon />}
            >
              {describeApiError(t, failure)}
            </Alert>
          )}
          {listsFailed && (
            <Alert
              color="red"
              variant="light"
              icon={<AlertIcon />}
              title={t('registration.form.listsFailed')}
            >
              <Button
                variant="white"
                color="red"
                size="xs"
                mt="xs"
                onClick={() => {
                  void countries.refetch();
                  if (isBusiness) void industryGroups.refetch();
                }}
              >
                {t('registration.form.retry')}
              </Button>
            </Alert>
          )}

          {isBusiness && (
            <fieldset className={classes.section}>
              <legend className={classes.legend}>{t('registration.form.aboutBusiness')}</legend>
              <Stack gap="md">
                <NativeSelect
                  {...SELECT_LOOK}
                  label={t('registration.form.businessType')}
                  data={typeOptions}
                  error={err('registrationType')}
                  size="md"
                  {...register('registrationType')}
                />
                <TextInput
                  label={t('registration.form.businessName')}
                  autoComplete="organization"
                  error={err('businessName')}
                  size="md"
                  {...register('businessName')}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <NativeSelect
                    {...SELECT_LOOK}
                    label={t('registration.form.businessCountry')}
                    data={countryOptions}
                    error={err('countryCode')}
                    size="md"
                    {...register('countryCode')}
                  />
                  <NativeSelect
                    {...SELECT_LOOK}
                    label={t('registration.form.industry')}
                    data={industryOptions}
                    error={err('industryId')}
                    size="md"
                    {...register('industryId')}
                  />
                </SimpleGrid>
              </Stack>
            </fieldset>
          )}

          <fieldset className={classes.section}>
            <legend className={classes.legend}>
              {t(isBusiness ? 'registration.form.contactPerson' : 'registration.form.aboutYou')}
            </legend>
            <Stack gap="md">
              {!isBusiness && (
                <NativeSelect
                  {...SELECT_LOOK}
                  label={t('registration.form.personalType')}
                  data={typeOptions}
                  error={err('registrationType')}
                  size="md"
                  {...register('registrationType')}
                />
              )}
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput
                  label={t('registration.form.firstName')}
                  autoComplete="given-name"
                  error={err('firstName')}
                  size="md"
                  {...register('firstName')}
                />
                <TextInput
                  label={t('registration.form.lastName')}
                  autoComplete="family-name"
                  error={err('lastName')}
                  size="md"
                  {...register('lastName')}
                />
              </SimpleGrid>
              {!isBusiness && (
                <NativeSelect
                  {...SELECT_LOOK}
                  label={t('registration.form.country')}
                  data={countryOptions}
                  error={err('countryCode')}
                  size="md"
                  {...register('countryCode')}
                />
              )}
            </Stack>
          </fieldset>

          <fieldset className={classes.section}>
            <legend className={classes.legend}>{t('registration.form.signInDetails')}</legend>
            <Stack gap="md">
              <div>
                <TextInput
                  label={t('registration.form.email')}
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  autoCapitalize="none"
                  spellCheck={false}
                  size="md"
                  error={
                    emailTaken && emailStatus !== undefined ? (
                      <TakenMessage status={emailStatus} />
                    ) : (
                      err('email')
                    )
                  }
                  {...register('email')}
                />
                <div role="status" aria-live="polite">
                  {!emailTaken && !errors.email && <EmailStatus status={emailStatus} />}
                </div>
              </div>
              <PasswordInput
                label={t('registration.form.password')}
                description={errors.password ? undefined : t('registration.form.passwordHint')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                autoComplete="new-password"
                size="md"
                visibilityToggleButtonProps={{ 'aria-label': t('registration.form.showPassword') }}
                error={err('password')}
                {...register('password')}
              />
              <PasswordInput
                label={t('registration.form.confirmPassword')}
                autoComplete="new-password"
                size="md"
                visibilityToggleButtonProps={{
                  'aria-label': t('registration.form.showRepeatedPassword'),
                }}
                error={err('confirmPassword')}
                {...register('confirmPassword')}
              />
            </Stack>
          </fieldset>

          <fieldset className={classes.section}>
            <legend className={classes.legend}>{t('registration.form.termsLegend')}</legend>
            <Stack gap="md">
              {brand.terms.map((term) => {
                const title = t(`legal.${term.key}.title`);
                return (
                  <Checkbox
                    key={term.key}
                    label={
                      term.versionDate
                        ? t('registration.form.acceptDatedTerm', {
                            term: title,
                            date: formatVersionDate(term.versionDate, locale),
                          })
                        : t('registration.form.acceptTerm', { term: title })
                    }
                    description={
                      <Anchor component={Link} to="/terms" target="_blank" fz="sm">
                        {t('registration.form.readTerm', { term: title })}
                      </Anchor>
                    }
                    error={err(`terms.${term.key}`)}
                    {...register(`terms.${term.key}`)}
                  />
                );
              })}
            </Stack>
          </fieldset>

          {botCheckState === 'failed' && (
            <Alert color="red" variant="light" icon={<AlertIcon />}>
              {t('botCheck.failed')}
            </Alert>
          )}
          {mayNeedBotCheck && <BotCheck ref={botCheck} client={client} start />}
          <Button type="submit" size="md" fullWidth loading={isBusy}>
            {t('registration.form.submit')}
          </Button>
        </Stack>
      </fieldset>
    </form>
  );
}
