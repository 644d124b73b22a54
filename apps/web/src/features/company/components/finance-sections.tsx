import {
  Alert,
  Button,
  Checkbox,
  CloseButton,
  Group,
  NativeSelect,
  Radio,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  ACCOUNT_PURPOSES,
  ANNUAL_TURNOVER_BANDS,
  BUSINESS_SOURCES_OF_FUNDS,
  EMPLOYEE_BANDS,
  INDUSTRY_GROUPS,
  MONTHLY_VOLUME_BANDS,
  dueDiligenceSchema,
  financialDetailSchema,
  type BusinessInfo,
} from '@ledgerline/contract';
import { ACCESS_LEVELS } from '@ledgerline/domain/constants';
import { useActingRights } from '@/app/session';
import { isApiError } from '@/lib/api-error';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { describeApiError } from '@/ui/field-message';
import { AlertIcon } from '@/ui/icons';
import { useCountries, useUpdateBusinessInfo } from '../api/business-info';
import classes from './company.module.css';
import { putServerErrors, useCountryName } from './details-sections';
import { companyFieldMessage } from './format';
import { Facts, ReadOnlyNote, SavedNote, Section } from './section';

type FinancialForm = z.input<typeof financialDetailSchema>;
const FINANCIAL_FIELDS = [
  'annualTurnover',
  'expectedMonthlyVolume',
  'employees',
  'sourceOfFunds',
] as const;
const FINANCIAL_CHOICES = {
  annualTurnover: ANNUAL_TURNOVER_BANDS,
  expectedMonthlyVolume: MONTHLY_VOLUME_BANDS,
  employees: EMPLOYEE_BANDS,
  sourceOfFunds: BUSINESS_SOURCES_OF_FUNDS,
} as const;

/** A representative (5) is limited to company documents: the finances are not theirs to see. */
function HiddenForRepresentative() {
  const { t } = useTranslation();
  return (
    <Alert color="gray" variant="light" icon={<AlertIcon />}>
      {t('companyInfo.hiddenForRepresentative')}
    </Alert>
  );
}

function FailedSave({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error || (isApiError(error) && error.validationErrors)) return null;
  return (
    <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
      {describeApiError(t, error)}
    </Alert>
  );
}

function FinancialFormView({ info }: { info: BusinessInfo }) {
  const { t } = useTranslation();
  const { financial } = useUpdateBusinessInfo();
  const [saved, setSaved] = useState(false);
  const current = info.financialDetail;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<FinancialForm, unknown, z.output<typeof financialDetailSchema>>({
    resolver: schemaResolver(financialDetailSchema),
    defaultValues: current ?? {},
  });
  const submit = handleSubmit((values) => {
    setSaved(false);
    financial.mutate(
      { financialDetail: values },
      {
        onSuccess: () => {
          setSaved(true);
          reset(values);
        },
        onError: (error) => putServerErrors(error, setError, FINANCIAL_FIELDS, 'financialDetail.'),
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('companyInfo.sections.financial.title')}>
      <fieldset disabled={financial.isPending} className={classes.fieldset}>
        <Stack gap="sm">
          <SavedNote shown={saved && !isDirty} onClose={() => setSaved(false)} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {FINANCIAL_FIELDS.map((field) => (
              <NativeSelect
                key={field}
                label={t(`companyInfo.financial.${field}.label`)}
                error={companyFieldMessage(t, errors[field]?.message)}
                data={[
                  { value: '', label: t('companyInfo.chooseOne') },
                  ...FINANCIAL_CHOICES[field].map((value) => ({
                    value,
                    label: t(`companyInfo.financial.${field}.${value}`),
                  })),
                ]}
                {...register(field)}
              />
            ))}
          </SimpleGrid>
          <FailedSave error={financial.error} />
          <Group>
            <Button type="submit" loading={financial.isPending}>
              {t('companyInfo.save')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}

/** /company/financial: turnover, volume, staff and source of funds; full access changes them. */
export function FinancialSection({ info, editable }: { info: BusinessInfo; editable: boolean }) {
  const { t } = useTranslation();
  const { access } = useActingRights();
  if (access.data?.accessRights === ACCESS_LEVELS.uploading) return <HiddenForRepresentative />;
  const current = info.financialDetail;
  return (
    <Section
      id="company-financial"
      title={t('companyInfo.sections.financial.title')}
      description={t('companyInfo.sections.financial.description')}
    >
      {editable ? (
        <FinancialFormView info={info} />
      ) : (
        <>
          <Facts
            items={FINANCIAL_FIELDS.map((field) => [
              t(`companyInfo.financial.${field}.label`),
              current ? t(`companyInfo.financial.${field}.${current[field]}`) : null,
            ])}
          />
          <ReadOnlyNote />
        </>
      )}
    </Section>
  );
}

type DiligenceForm = z.input<typeof dueDiligenceSchema>;

function CountriesField({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const countries = useCountries();
  const name = useCountryName();
  return (
    <Stack gap={6}>
      <NativeSelect
        label={t('companyInfo.dueDiligence.countries')}
        description={t('companyInfo.dueDiligence.countriesHint')}
        error={error}
        value=""
        onChange={(event) => {
          const code = event.currentTarget.value;
          if (code && !value.includes(code)) onChange([...value, code]);
        }}
        data={[
          { value: '', label: t('companyInfo.dueDiligence.addCountry') },
          ...(countries.data ?? [])
            .filter((country) => !value.includes(country.code))
            .map((country) => ({ value: country.code, label: country.name })),
        ]}
      />
      {value.length > 0 && (
        <ul className={classes.list} aria-label={t('companyInfo.dueDiligence.countries')}>
          {value.map((code) => (
            <li key={code} className={classes.row}>
              <Text size="sm" className={classes.rowMain}>
                {name(code)}
              </Text>
              <CloseButton
                size="sm"
                aria-label={t('companyInfo.dueDiligence.removeCountry', { country: name(code) })}
                onClick={() => onChange(value.filter((item) => item !== code))}
              />
            </li>
          ))}
        </ul>
      )}
    </Stack>
  );
}

function DiligenceFormView({ info }: { info: BusinessInfo }) {
  const { t } = useTranslation();
  const { dueDiligence } = useUpdateBusinessInfo();
  const [saved, setSaved] = useState(false);
  const current = info.dueDiligenceQuestionnaire;
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<DiligenceForm, unknown, z.output<typeof dueDiligenceSchema>>({
    resolver: schemaResolver(dueDiligenceSchema),
    defaultValues: current ?? {
      purposes: [],
      countriesOfBusiness: [],
      handlesCash: false,
      hasPoliticallyExposedPerson: false,
    },
  });
  const submit = handleSubmit((values) => {
    setSaved(false);
    dueDiligence.mutate(
      { dueDiligenceQuestionnaire: values },
      {
        onSuccess: () => {
          setSaved(true);
          reset(values);
        },
        onError: (error) =>
          putServerErrors(
            error,
            setError,
            ['industry', 'purposes', 'countriesOfBusiness', 'handlesCash'],
            'dueDiligenceQuestionnaire.',
          ) ||
          (isApiError(error) &&
            Object.keys(error.validationErrors ?? {}).some((key) =>
              key.includes('countriesOfBusiness'),
            ) &&
            setError('countriesOfBusiness', { type: 'server', message: 'validation.countryCode' })),
      },
    );
  });
  const yesNo = (name: 'handlesCash' | 'hasPoliticallyExposedPerson') => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Radio.Group
          label={t(`companyInfo.dueDiligence.${name}`)}
          value={field.value ? 'yes' : 'no'}
          onChange={(next) => field.onChange(next === 'yes')}
        >
          <Group gap="lg" mt={6}>
            <Radio value="yes" label={t('companyInfo.yes')} />
            <Radio value="no" label={t('companyInfo.no')} />
          </Group>
        </Radio.Group>
      )}
    />
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('companyInfo.sections.due-diligence.title')}>
      <fieldset disabled={dueDiligence.isPending} className={classes.fieldset}>
        <Stack gap="md">
          <SavedNote shown={saved && !isDirty} onClose={() => setSaved(false)} />
          <NativeSelect
            label={t('companyInfo.dueDiligence.industryLabel')}
            error={companyFieldMessage(t, errors.industry?.message)}
            data={[
              { value: '', label: t('companyInfo.chooseOne') },
              ...INDUSTRY_GROUPS.map((value) => ({
                value,
                label: t(`companyInfo.dueDiligence.industry.${value}`),
              })),
            ]}
            {...register('industry')}
          />
          <Controller
            control={control}
            name="purposes"
            render={({ field }) => (
              <Checkbox.Group
                label={t('companyInfo.dueDiligence.purposesLabel')}
                value={field.value}
                onChange={field.onChange}
                error={companyFieldMessage(
                  t,
                  errors.purposes?.message ?? errors.purposes?.root?.message,
                )}
              >
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} mt={6}>
                  {ACCOUNT_PURPOSES.map((value) => (
                    <Checkbox
                      key={value}
                      value={value}
                      label={t(`companyInfo.dueDiligence.purposes.${value}`)}
                    />
                  ))}
                </SimpleGrid>
              </Checkbox.Group>
            )}
          />
          <Controller
            control={control}
            name="countriesOfBusiness"
            render={({ field }) => (
              <CountriesField
                value={field.value}
                onChange={field.onChange}
                error={companyFieldMessage(
                  t,
                  errors.countriesOfBusiness?.message ?? errors.countriesOfBusiness?.root?.message,
                )}
              />
            )}
          />
          {yesNo('handlesCash')}
          {yesNo('hasPoliticallyExposedPerson')}
          <FailedSave error={dueDiligence.error} />
          <Group>
            <Button type="submit" loading={dueDiligence.isPending}>
              {t('companyInfo.save')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}

/** /company/due-diligence: what the company does and where, as the bank must know (spec 2 §6). */
export function DueDiligenceSection({ info, editable }: { info: BusinessInfo; editable: boolean }) {
  const { t } = useTranslation();
  const { access } = useActingRights();
  const name = useCountryName();
  if (access.data?.accessRights === ACCESS_LEVELS.uploading) return <HiddenForRepresentative />;
  const current = info.dueDiligenceQuestionnaire;
  const yesNo = (value: boolean) => (value ? t('companyInfo.yes') : t('companyInfo.no'));
  return (
    <Section
      id="company-due-diligence"
      title={t('companyInfo.sections.due-diligence.title')}
      description={t('companyInfo.sections.due-diligence.description')}
    >
      {editable ? (
        <DiligenceFormView info={info} />
      ) : (
        <>
          <Facts
            items={[
              [
                t('companyInfo.dueDiligence.industryLabel'),
                current && t(`companyInfo.dueDiligence.industry.${current.industry}`),
              ],
              [
                t('companyInfo.dueDiligence.purposesLabel'),
                current?.purposes
                  .map((purpose) => t(`companyInfo.dueDiligence.purposes.${purpose}`))
                  .join(', '),
              ],
              [
                t('companyInfo.dueDiligence.countries'),
                current?.countriesOfBusiness.map(name).join(', '),
              ],
              [t('companyInfo.dueDiligence.handlesCash'), current && yesNo(current.handlesCash)],
              [
                t('companyInfo.dueDiligence.hasPoliticallyExposedPerson'),
                current && yesNo(current.hasPoliticallyExposedPerson),
              ],
            ]}
          />
          <ReadOnlyNote />
        </>
      )}
    </Section>
  );
}
