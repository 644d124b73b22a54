import {
  Alert,
  Button,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { phoneNumberInputSchema, type ProfilePhone } from '@ledgerline/contract';
import { isApiError } from '@/lib/api-error';
import { ErrorPopup } from '@/ui/error-popup';
import { describeApiError, fieldMessage } from '@/ui/field-message';
import { AlertIcon, CheckCircleIcon, ChevronDownIcon } from '@/ui/icons';
import { useCountries, usePhoneCodes } from '../api/dictionaries';
import {
  useAddPhone,
  useConfirmPhone,
  usePhoneCheck,
  useRequestPhoneConfirmation,
  type PhoneCheck,
} from '../api/phones';
import { CodeDialog } from './code-dialog';
import { SectionCard } from './section-card';
import { SuccessNotice } from './notice';
import { StatusBadge } from '@/ui/status-badge';
import classes from './profile.module.css';

const SELECT_LOOK = {
  rightSection: <ChevronDownIcon size={16} />,
  rightSectionPointerEvents: 'none' as const,
};

/** What the check of the typed number says, in words, under the field. */
function CheckLine({ check }: { check: PhoneCheck }) {
  const { t } = useTranslation();
  if (check.state === 'checking') {
    return (
      <span className={classes.inlineStatus}>
        <Loader size={12} aria-hidden="true" />
        <Text span size="sm" c="gray.7">
          {t('profile.phones.checking')}
        </Text>
      </span>
    );
  }
  if (check.state === 'failed')
    return (
      <Text size="sm" c="gray.7">
        {t('profile.phones.checkFailed')}
      </Text>
    );
  if (check.state === 'checked' && check.valid && !check.exists) {
    return (
      <Text size="sm" c="teal.9" className={classes.inlineStatus}>
        <CheckCircleIcon size={16} />
        {t('profile.phones.numberOk')}
      </Text>
    );
  }
  return null;
}

function PhoneForm({
  defaultCountry,
  replacing,
  onCancelReplace,
  onAdded,
}: {
  defaultCountry: string | null;
  replacing: ProfilePhone | undefined;
  onCancelReplace: () => void;
  onAdded: (phone: ProfilePhone) => void;
}) {
  const { t } = useTranslation();
  const phoneCodes = usePhoneCodes();
  const countries = useCountries();
  const add = useAddPhone();
  const [countryCode, setCountryCode] = useState('');
  const [number, setNumber] = useState('');
  const [problem, setProblem] = useState<string | undefined>();

  const options = useMemo(() => {
    const names = new Map((countries.data ?? []).map((country) => [country.code, country.name]));
    return (phoneCodes.data ?? [])
      .map((item) => ({
        value: item.countryCode,
        label: `${names.get(item.countryCode) ?? item.countryCode} (${item.callingCode})`,
      }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }, [phoneCodes.data, countries.data]);
  // The customer's country of residence until they choose another.
  const chosen =
    countryCode ||
    (defaultCountry && options.some((option) => option.value === defaultCountry)
      ? defaultCountry
      : '');

  const check = usePhoneCheck(chosen, number);
  const refused = check.state === 'checked' && (!check.valid || check.exists);
  const checkMessage =
    check.state === 'checked' && !check.valid
      ? t('profile.phones.invalidForCountry')
      : check.state === 'checked' && check.exists
        ? t('profile.phones.exists')
        : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setProblem('validation.required');
      return;
    }
    const parsed = phoneNumberInputSchema.safeParse(number);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    if (refused) return;
    add.mutate(
      {
        phoneCountryCode: chosen,
        phone: parsed.data,
        ...(replacing ? { phoneId: replacing.id } : {}),
      },
      {
        onSuccess: (phone) => {
          setNumber('');
          onAdded(phone);
        },
        onError: (error) => {
          const message = isApiError(error)
            ? (error.validationErrors?.phone ?? error.validationErrors?.phoneCountryCode)
            : undefined;
          if (message) setProblem(message);
        },
      },
    );
  };

  const failure = add.error;
  const failureOnField =
    isApiError(failure) &&
    !!(failure.validationErrors?.phone ?? failure.validationErrors?.phoneCountryCode);
  const title = replacing
    ? t('profile.phones.replaceTitle', { number: replacing.number })
    : t('profile.phones.addTitle');

  return (
    <form onSubmit={submit} noValidate aria-labelledby="phone-form-title">
      <fieldset disabled={add.isPending} className={classes.fieldset}>
        <Stack gap="sm">
          <Text fw={600} size="sm" id="phone-form-title">
            {title}
          </Text>
          <div className={classes.phoneRow}>
            <NativeSelect
              label={t('profile.phones.country')}
              data={[
                {
                  value: '',
                  label: phoneCodes.isPending ? t('profile.loadingList') : t('profile.choose'),
                },
                ...options,
              ]}
              value={chosen}
              onChange={(event) => setCountryCode(event.currentTarget.value)}
              error={!chosen && problem ? fieldMessage(t, problem) : undefined}
              {...SELECT_LOOK}
            />
            <TextInput
              label={t('profile.phones.number')}
              type="tel"
              autoComplete="tel-national"
              value={number}
              onChange={(event) => {
                setNumber(event.currentTarget.value);
                setProblem(undefined);
              }}
              error={checkMessage ?? (chosen ? fieldMessage(t, problem) : undefined)}
            />
          </div>
          <div aria-live="polite" className={classes.live}>
            <CheckLine check={check} />
          </div>
          {(phoneCodes.isError || countries.isError) && (
            <Alert color="red" variant="light" icon={<AlertIcon />}>
              {t('profile.listsFailed')}
            </Alert>
          )}
          {failure && !failureOnField && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
              {describeApiError(t, failure)}
            </Alert>
          )}
          <Group gap="sm">
            <Button type="submit" loading={add.isPending} disabled={refused}>
              {replacing ? t('profile.phones.replaceSubmit') : t('profile.phones.add')}
            </Button>
            {replacing && (
              <Button variant="default" onClick={onCancelReplace}>
                {t('profile.cancel')}
              </Button>
            )}
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}

/**
 * The customer's phones (spec 2 §7 "Phone check; add or replace phone (phoneType 2, phoneId)"):
 * the number is checked as it is typed, and an added or replacing number is confirmed with the
 * SMS code. A replaced phone stays until its replacement is confirmed.
 */
export function PhonesSection({
  phones,
  residenceCountryCode,
}: {
  phones: ProfilePhone[];
  residenceCountryCode: string | null;
}) {
  const { t } = useTranslation();
  const confirm = useConfirmPhone();
  const resend = useRequestPhoneConfirmation();
  const [replacing, setReplacing] = useState<ProfilePhone | undefined>();
  const [confirming, setConfirming] = useState<ProfilePhone | undefined>();
  const [resentTo, setResentTo] = useState<number | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const byId = new Map(phones.map((phone) => [phone.id, phone]));

  const openCode = (phone: ProfilePhone) => {
    confirm.reset();
    resend.reset();
    setResentTo(undefined);
    setConfirming(phone);
  };

  return (
    <SectionCard
      id="phones"
      title={t('profile.phones.title')}
      description={t('profile.phones.description')}
    >
      <SuccessNotice text={notice} onClose={() => setNotice(undefined)} />
      {phones.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('profile.phones.empty')}
        </Text>
      ) : (
        <ul className={classes.list} aria-label={t('profile.phones.listLabel')}>
          {phones.map((phone) => {
            const replaced =
              phone.replacesPhoneId !== null ? byId.get(phone.replacesPhoneId) : undefined;
            const hasPendingReplacement = phones.some(
              (other) => other.replacesPhoneId === phone.id,
            );
            return (
              <li key={phone.id} className={classes.row} data-testid="phone-row">
                <div className={classes.rowMain}>
                  <Text className={classes.rowValue}>{phone.number}</Text>
                  <Group gap={6} mt={4} wrap="wrap">
                    {phone.confirmed ? (
                      <StatusBadge tone="teal">{t('profile.phones.confirmed')}</StatusBadge>
                    ) : (
                      <StatusBadge tone="orange">{t('profile.phones.unconfirmed')}</StatusBadge>
                    )}
                    {replaced && (
                      <Text size="xs" c="gray.7">
                        {t('profile.phones.replaces', { number: replaced.number })}
                      </Text>
                    )}
                  </Group>
                </div>
                <div className={classes.rowActions}>
                  {!phone.confirmed && (
                    <>
                      <Button size="xs" onClick={() => openCode(phone)}>
                        {t('profile.phones.enterCode')}
                        <VisuallyHidden> {phone.number}</VisuallyHidden>
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        loading={resend.isPending && resend.variables === phone.id && !confirming}
                        onClick={() =>
                          resend.mutate(phone.id, {
                            onSuccess: () =>
                              setNotice(t('profile.phones.codeSent', { number: phone.number })),
                          })
                        }
                      >
                        {t('profile.phones.resend')}
                        <VisuallyHidden> {phone.number}</VisuallyHidden>
                      </Button>
                    </>
                  )}
                  {phone.confirmed && !hasPendingReplacement && (
                    <Button size="xs" variant="default" onClick={() => setReplacing(phone)}>
                      {t('profile.phones.replace')}
                      <VisuallyHidden> {phone.number}</VisuallyHidden>
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}

      <PhoneForm
        key={replacing?.id ?? 'new'}
        defaultCountry={residenceCountryCode}
        replacing={replacing}
        onCancelReplace={() => setReplacing(undefined)}
        onAdded={(phone) => {
          setReplacing(undefined);
          setNotice(undefined);
          openCode(phone);
        }}
      />

      <CodeDialog
        opened={confirming !== undefined}
        title={t('profile.phones.confirmTitle')}
        sentTo={t('profile.phones.codeSentTo', { number: confirming?.number ?? '' })}
        codeField="code"
        confirming={confirm.isPending}
        confirmError={confirm.error}
        onConfirm={(code) => {
          if (!confirming) return;
          const phone = confirming;
          confirm.mutate(
            { phoneId: phone.id, code },
            {
              onSuccess: () => {
                setConfirming(undefined);
                setNotice(t('profile.phones.confirmedNotice', { number: phone.number }));
              },
            },
          );
        }}
        resending={resend.isPending}
        resent={confirming !== undefined && resentTo === confirming.id}
        resendError={confirming ? resend.error : null}
        onResend={() => {
          if (confirming) {
            const id = confirming.id;
            resend.mutate(id, { onSuccess: () => setResentTo(id) });
          }
        }}
        onClose={() => setConfirming(undefined)}
      />
      <ErrorPopup error={confirming ? null : resend.error} onClose={() => resend.reset()} />
    </SectionCard>
  );
}
