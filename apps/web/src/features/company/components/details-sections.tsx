import {
  Alert,
  Button,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import { useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { websiteSchema, type BusinessInfo, type CompanyAddress } from '@ledgerline/contract';
import { emailAddressSchema } from '@ledgerline/domain/registration';
import { useLanguage } from '@/i18n';
import { isApiError } from '@/lib/api-error';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { describeApiError } from '@/ui/field-message';
import { AlertIcon } from '@/ui/icons';
import { useCountries, useUpdateBusinessInfo } from '../api/business-info';
import classes from './company.module.css';
import { addressLines, companyFieldMessage, formatDay } from './format';
import { Facts, ReadOnlyNote, SavedNote, Section } from './section';

/** The server's field errors land on the fields the form has; anything else is shown under the form. */
export function putServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  prefix = '',
): boolean {
  if (!isApiError(error) || !error.validationErrors) return false;
  let placed = false;
  for (const [key, message] of Object.entries(error.validationErrors)) {
    const field = prefix && key.startsWith(prefix) ? key.slice(prefix.length) : key;
    if (fields.includes(field)) {
      setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  return placed;
}

export function useCountryName() {
  const countries = useCountries();
  return (code: string) => countries.data?.find((country) => country.code === code)?.name ?? code;
}

function CountrySelect({
  label,
  error,
  ...field
}: { label: string; error?: string | undefined } & React.ComponentProps<typeof NativeSelect>) {
  const { t } = useTranslation();
  const countries = useCountries();
  return (
    <NativeSelect
      label={label}
      error={error}
      data={[
        { value: '', label: t('companyInfo.chooseCountry') },
        ...(countries.data ?? []).map((country) => ({ value: country.code, label: country.name })),
      ]}
      {...field}
    />
  );
}

const contactSchema = z.object({
  email: emailAddressSchema,
  website: z.union([z.literal(''), websiteSchema]),
  description: z.string().trim().max(1000, 'validation.tooLong'),
  phoneCountryCode: z.string(),
  phone: z.string().trim().max(32, 'validation.tooLong'),
});
type ContactForm = z.input<typeof contactSchema>;
const CONTACT_FIELDS = ['email', 'website', 'description', 'phoneCountryCode', 'phone'] as const;

function ContactForm({ info }: { info: BusinessInfo }) {
  const { t } = useTranslation();
  const { contact } = useUpdateBusinessInfo();
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
    reset,
  } = useForm<ContactForm, unknown, z.output<typeof contactSchema>>({
    resolver: schemaResolver(contactSchema),
    defaultValues: {
      email: info.email ?? '',
      website: info.website ?? '',
      description: info.description ?? '',
      phoneCountryCode: info.phone?.countryCode ?? '',
      phone: info.phone?.number ?? '',
    },
  });
  const submit = handleSubmit((values) => {
    setSaved(false);
    const phone = values.phone !== '' && values.phoneCountryCode !== '';
    contact.mutate(
      {
        email: values.email,
        ...(values.website ? { website: values.website } : {}),
        ...(values.description ? { description: values.description } : {}),
        ...(phone ? { phone: values.phone, phoneCountryCode: values.phoneCountryCode } : {}),
      },
      {
        onSuccess: (next) => {
          setSaved(true);
          reset({
            email: next.email ?? '',
            website: next.website ?? '',
            description: next.description ?? '',
            phoneCountryCode: next.phone?.countryCode ?? '',
            phone: next.phone?.number ?? '',
          });
        },
        onError: (error) => putServerErrors(error, setError, CONTACT_FIELDS),
      },
    );
  });
  const message = (key: keyof ContactForm) => companyFieldMessage(t, errors[key]?.message);
  return (
    <form onSubmit={submit} noValidate aria-label={t('companyInfo.sections.details.contactForm')}>
      <fieldset disabled={contact.isPending} className={classes.fieldset}>
        <Stack gap="sm">
          <SavedNote shown={saved && !isDirty} onClose={() => setSaved(false)} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('companyInfo.fields.email')}
              type="email"
              autoComplete="email"
              error={message('email')}
              {...register('email')}
            />
            <TextInput
              label={t('companyInfo.fields.website')}
              type="url"
              autoComplete="url"
              placeholder="https://"
              error={message('website')}
              {...register('website')}
            />
            <CountrySelect
              label={t('companyInfo.fields.phoneCountry')}
              error={message('phoneCountryCode')}
              {...register('phoneCountryCode')}
            />
            <TextInput
              label={t('companyInfo.fields.phone')}
              type="tel"
              autoComplete="tel"
              error={message('phone')}
              {...register('phone')}
            />
          </SimpleGrid>
          <Textarea
            label={t('companyInfo.fields.description')}
            rows={3}
            error={message('description')}
            {...register('description')}
          />
          {contact.error && !(isApiError(contact.error) && contact.error.validationErrors) && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
              {describeApiError(t, contact.error)}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={contact.isPending}>
              {t('companyInfo.save')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}

/** /company/details: the legal facts (the bank's record) and the contact details the company keeps. */
export function DetailsSection({ info, editable }: { info: BusinessInfo; editable: boolean }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const countryName = useCountryName();
  return (
    <Stack gap="lg">
      <Section
        id="company-legal"
        title={t('companyInfo.sections.details.legalTitle')}
        description={t('companyInfo.sections.details.legalNote')}
      >
        <Facts
          items={[
            [t('companyInfo.fields.name'), info.name],
            [t('companyInfo.fields.tradingName'), info.tradingName],
            [t('companyInfo.fields.registrationNumber'), info.registrationNumber],
            [
              t('companyInfo.fields.registrationCountry'),
              info.registrationCountryCode && countryName(info.registrationCountryCode),
            ],
            [t('companyInfo.fields.registrationDate'), formatDay(info.registrationDate, language)],
            [t('companyInfo.fields.businessTaxId'), info.businessTaxId],
          ]}
        />
      </Section>
      <Section id="company-contact" title={t('companyInfo.sections.details.contactTitle')}>
        {editable ? (
          <ContactForm info={info} />
        ) : (
          <>
            <Facts
              items={[
                [t('companyInfo.fields.email'), info.email],
                [t('companyInfo.fields.website'), info.website],
                [t('companyInfo.fields.phone'), info.phone?.number],
                [t('companyInfo.fields.description'), info.description],
              ]}
            />
            <ReadOnlyNote />
          </>
        )}
      </Section>
    </Stack>
  );
}

const addressSchema = z.object({
  address1: z.string().trim().min(1, 'validation.required').max(256, 'validation.tooLong'),
  address2: z.string().trim().max(256, 'validation.tooLong'),
  city: z.string().trim().min(1, 'validation.required').max(128, 'validation.tooLong'),
  postalCode: z.string().trim().min(1, 'validation.required').max(32, 'validation.tooLong'),
  countryCode: z.string().regex(/^[A-Z]{2}$/, 'validation.countryCode'),
});
type AddressForm = z.input<typeof addressSchema>;
const ADDRESS_FIELDS = ['address1', 'address2', 'city', 'postalCode', 'countryCode'] as const;

function TradingAddressForm({ current }: { current: CompanyAddress | undefined }) {
  const { t } = useTranslation();
  const { contact } = useUpdateBusinessInfo();
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<AddressForm, unknown, z.output<typeof addressSchema>>({
    resolver: schemaResolver(addressSchema),
    defaultValues: {
      address1: current?.address1 ?? '',
      address2: current?.address2 ?? '',
      city: current?.city ?? '',
      postalCode: current?.postalCode ?? '',
      countryCode: current?.countryCode ?? '',
    },
  });
  const submit = handleSubmit((values) => {
    setSaved(false);
    const { address2, ...rest } = values;
    contact.mutate(
      { tradingAddress: { ...rest, ...(address2 ? { address2 } : {}) } },
      {
        onSuccess: () => {
          setSaved(true);
          reset(values);
        },
        onError: (error) => putServerErrors(error, setError, ADDRESS_FIELDS, 'tradingAddress.'),
      },
    );
  });
  const message = (key: keyof AddressForm) => companyFieldMessage(t, errors[key]?.message);
  return (
    <form onSubmit={submit} noValidate aria-label={t('companyInfo.sections.addresses.tradingForm')}>
      <fieldset disabled={contact.isPending} className={classes.fieldset}>
        <Stack gap="sm">
          <SavedNote shown={saved && !isDirty} onClose={() => setSaved(false)} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('companyInfo.fields.address1')}
              autoComplete="address-line1"
              error={message('address1')}
              {...register('address1')}
            />
            <TextInput
              label={t('companyInfo.fields.address2')}
              autoComplete="address-line2"
              error={message('address2')}
              {...register('address2')}
            />
            <TextInput
              label={t('companyInfo.fields.city')}
              autoComplete="address-level2"
              error={message('city')}
              {...register('city')}
            />
            <TextInput
              label={t('companyInfo.fields.postalCode')}
              autoComplete="postal-code"
              error={message('postalCode')}
              {...register('postalCode')}
            />
            <CountrySelect
              label={t('companyInfo.fields.country')}
              error={message('countryCode')}
              {...register('countryCode')}
            />
          </SimpleGrid>
          {contact.error && !(isApiError(contact.error) && contact.error.validationErrors) && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
              {describeApiError(t, contact.error)}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={contact.isPending}>
              {t('companyInfo.save')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}

/** /company/addresses: the registered address (legal fact) and the trading address the company keeps. */
export function AddressesSection({ info, editable }: { info: BusinessInfo; editable: boolean }) {
  const { t } = useTranslation();
  const countryName = useCountryName();
  const registered = info.addresses.find((address) => address.type === 'registered');
  const trading = info.addresses.find((address) => address.type === 'trading');
  const lines = (address: CompanyAddress | undefined) =>
    address ? (
      <Text component="address" fs="normal">
        {addressLines(address, countryName).map((line) => (
          <span key={line} style={{ display: 'block' }}>
            {line}
          </span>
        ))}
      </Text>
    ) : (
      <Text size="sm" c="dimmed">
        {t('companyInfo.notGiven')}
      </Text>
    );
  return (
    <Stack gap="lg">
      <Section
        id="company-registered"
        title={t('companyInfo.sections.addresses.registered')}
        description={t('companyInfo.sections.details.legalNote')}
      >
        {lines(registered)}
      </Section>
      <Section
        id="company-trading"
        title={t('companyInfo.sections.addresses.trading')}
        description={t('companyInfo.sections.addresses.tradingNote')}
      >
        {editable ? (
          <TradingAddressForm current={trading} />
        ) : (
          <>
            {lines(trading)}
            <ReadOnlyNote />
          </>
        )}
      </Section>
    </Stack>
  );
}
