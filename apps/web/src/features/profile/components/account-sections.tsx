import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  taxIdSchema,
  type ProfileCustomer,
  type UsernameChangeRequest,
} from '@ledgerline/contract';
import { emailAddressSchema } from '@ledgerline/domain/registration';
import { useLanguage } from '@/i18n';
import { isApiError } from '@/lib/api-error';
import { describeApiError, fieldMessage } from '@/ui/field-message';
import { AlertIcon, CheckCircleIcon } from '@/ui/icons';
import {
  useCreatePersonalAccount,
  useRequestUsernameChange,
  useUpdateTaxNumber,
} from '../api/account-changes';
import { useCountries } from '../api/dictionaries';
import { ConfirmDialog } from './confirm-dialog';
import { SuccessNotice } from './notice';
import { formatCalendarDate, formatMomentDate } from './format';
import { SectionCard } from './section-card';
import { StatusBadge, type BadgeTone } from '@/ui/status-badge';
import classes from './profile.module.css';

/** The customer's details as the bank holds them (spec 2 §3 "Customer"); changed only through the bank. */
export function DetailsSection({ customer }: { customer: ProfileCustomer }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const countries = useCountries();
  const isBusiness = customer.customerType !== 0;
  const name = [customer.firstName, customer.lastName].filter(Boolean).join(' ');
  const country = customer.residenceCountryCode
    ? (countries.data?.find((item) => item.code === customer.residenceCountryCode)?.name ??
      customer.residenceCountryCode)
    : undefined;
  const rows: [string, string][] = [
    ...(isBusiness && customer.businessName
      ? [[t('profile.details.businessName'), customer.businessName] as [string, string]]
      : []),
    ...(name
      ? [
          [isBusiness ? t('profile.details.contactName') : t('profile.details.name'), name] as [
            string,
            string,
          ],
        ]
      : []),
    [
      t('profile.details.customerType'),
      t(isBusiness ? 'profile.details.business' : 'profile.details.personal'),
    ],
    [t('profile.details.customerNumber'), String(customer.customerId)],
    ...(customer.birthDay
      ? [
          [t('profile.details.birthDay'), formatCalendarDate(customer.birthDay, language)] as [
            string,
            string,
          ],
        ]
      : []),
    ...(country ? [[t('profile.details.residence'), country] as [string, string]] : []),
    // The sign-in e-mail has its own section below (with the way to change it): not repeated here.
  ];
  return (
    <SectionCard
      id="details"
      title={t(isBusiness ? 'profile.details.businessTitle' : 'profile.details.title')}
      description={t('profile.details.description')}
    >
      <dl className={classes.details}>
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </SectionCard>
  );
}

const taxFormSchema = z.object({ taxId: taxIdSchema });

/** The tax identification number (spec 2 §7 "tax number update"). */
export function TaxNumberSection({ taxId }: { taxId: string | null }) {
  const { t } = useTranslation();
  const update = useUpdateTaxNumber();
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof taxFormSchema>, unknown, z.output<typeof taxFormSchema>>({
    resolver: schemaResolver(taxFormSchema),
    defaultValues: { taxId: taxId ?? '' },
  });

  const submit = handleSubmit((values) =>
    update.mutate(values.taxId, {
      onSuccess: () => {
        setEditing(false);
        setNotice(t('profile.tax.saved'));
      },
      onError: (error) => {
        const message = isApiError(error) ? error.validationErrors?.taxId : undefined;
        if (message) setError('taxId', { type: 'server', message }, { shouldFocus: true });
      },
    }),
  );
  const failure = update.error;
  const failureOnField = isApiError(failure) && !!failure.validationErrors?.taxId;

  return (
    <SectionCard id="tax" title={t('profile.tax.title')}>
      <SuccessNotice text={notice} onClose={() => setNotice(undefined)} />
      {!editing ? (
        <Group justify="space-between" align="center" gap="sm">
          <Stack gap={2}>
            <Text size="xs" c="gray.7">
              {t('profile.tax.current')}
            </Text>
            <Text fw={500} data-testid="tax-number">
              {taxId ?? t('profile.tax.none')}
            </Text>
          </Stack>
          <Button
            size="xs"
            variant="default"
            onClick={() => {
              reset({ taxId: taxId ?? '' });
              update.reset();
              setNotice(undefined);
              setEditing(true);
            }}
          >
            {taxId ? t('profile.tax.change') : t('profile.tax.add')}
          </Button>
        </Group>
      ) : (
        <form onSubmit={submit} noValidate>
          <fieldset disabled={update.isPending} className={classes.fieldset}>
            <Stack gap="sm">
              <TextInput
                label={t('profile.tax.label')}
                description={t('profile.tax.hint')}
                autoComplete="off"
                error={fieldMessage(t, errors.taxId?.message)}
                data-autofocus
                {...register('taxId')}
              />
              {failure && !failureOnField && (
                <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
                  {describeApiError(t, failure)}
                </Alert>
              )}
              <Group gap="sm">
                <Button type="submit" loading={update.isPending}>
                  {t('profile.tax.save')}
                </Button>
                <Button variant="default" onClick={() => setEditing(false)}>
                  {t('profile.cancel')}
                </Button>
              </Group>
            </Stack>
          </fieldset>
        </form>
      )}
    </SectionCard>
  );
}

const USERNAME_TONES: Record<UsernameChangeRequest['status'], BadgeTone> = {
  pending: 'blue',
  approved: 'teal',
  rejected: 'red',
};

const usernameFormSchema = z.object({ newUsername: emailAddressSchema });

/** Requests to change the sign-in e-mail; the bank reviews each one (spec 2 §7 "Username-change requests"). */
export function UsernameSection({
  login,
  requests,
}: {
  login: string;
  requests: UsernameChangeRequest[];
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const request = useRequestUsernameChange();
  const [notice, setNotice] = useState<string | undefined>();
  const hasPending = requests.some((item) => item.status === 'pending');
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof usernameFormSchema>, unknown, z.output<typeof usernameFormSchema>>({
    resolver: schemaResolver(usernameFormSchema),
    defaultValues: { newUsername: '' },
  });
  const submit = handleSubmit((values) =>
    request.mutate(values.newUsername, {
      onSuccess: (sent) => {
        reset({ newUsername: '' });
        setNotice(t('profile.username.sent', { email: sent.newUsername }));
      },
      onError: (error) => {
        const message = isApiError(error) ? error.validationErrors?.newUsername : undefined;
        if (message) setError('newUsername', { type: 'server', message }, { shouldFocus: true });
      },
    }),
  );
  const failure = request.error;
  const failureOnField = isApiError(failure) && !!failure.validationErrors?.newUsername;

  return (
    <SectionCard
      id="username"
      title={t('profile.username.title')}
      description={t('profile.username.description', { login })}
    >
      <SuccessNotice text={notice} onClose={() => setNotice(undefined)} />
      {hasPending ? (
        <Text size="sm">{t('profile.username.pendingNote')}</Text>
      ) : (
        <form onSubmit={submit} noValidate>
          <fieldset disabled={request.isPending} className={classes.fieldset}>
            <Stack gap="sm">
              <TextInput
                label={t('profile.username.newUsername')}
                type="email"
                autoComplete="email"
                error={fieldMessage(t, errors.newUsername?.message)}
                {...register('newUsername')}
              />
              {failure && !failureOnField && (
                <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
                  {describeApiError(t, failure)}
                </Alert>
              )}
              <Group>
                <Button type="submit" variant="light" loading={request.isPending}>
                  {t('profile.username.request')}
                </Button>
              </Group>
            </Stack>
          </fieldset>
        </form>
      )}
      <Stack gap={4}>
        <Text fw={600} size="sm" id="username-requests-title">
          {t('profile.username.requestsTitle')}
        </Text>
        {requests.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('profile.username.noRequests')}
          </Text>
        ) : (
          <ul className={classes.list} aria-labelledby="username-requests-title">
            {requests.map((item) => (
              <li key={item.id} className={classes.row}>
                <div className={classes.rowMain}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {item.newUsername}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {t('profile.username.requestedOn', {
                      date: formatMomentDate(item.createdAt, language),
                    })}
                  </Text>
                </div>
                <StatusBadge tone={USERNAME_TONES[item.status]}>
                  {t(`profile.username.status.${item.status}`)}
                </StatusBadge>
              </li>
            ))}
          </ul>
        )}
      </Stack>
    </SectionCard>
  );
}

/** A business user may open a personal account of their own (spec 2 §7 "create personal account"). */
export function PersonalAccountSection() {
  const { t } = useTranslation();
  const create = useCreatePersonalAccount();
  const [asking, setAsking] = useState(false);
  return (
    <SectionCard
      id="personal-account"
      title={t('profile.personalAccount.title')}
      description={t('profile.personalAccount.description')}
    >
      <div role="status" aria-live="polite" className={classes.live}>
        {create.isSuccess && (
          <Alert color="teal" variant="light" icon={<CheckCircleIcon />}>
            <Stack gap={4} align="flex-start">
              <Text size="sm">{t('profile.personalAccount.created')}</Text>
              <Anchor component={Link} to="/company-access" size="sm" fw={600}>
                {t('profile.personalAccount.switch')}
              </Anchor>
            </Stack>
          </Alert>
        )}
      </div>
      {!create.isSuccess && (
        <Group>
          <Button variant="light" onClick={() => setAsking(true)}>
            {t('profile.personalAccount.create')}
          </Button>
        </Group>
      )}
      <ConfirmDialog
        opened={asking}
        title={t('profile.personalAccount.confirmTitle')}
        text={t('profile.personalAccount.confirmText')}
        confirmLabel={t('profile.personalAccount.create')}
        pending={create.isPending}
        error={create.error}
        onConfirm={() => create.mutate(undefined, { onSuccess: () => setAsking(false) })}
        onClose={() => setAsking(false)}
        onErrorClose={() => create.reset()}
      />
    </SectionCard>
  );
}
